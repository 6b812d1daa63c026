/**
 * The content check's rules that weigh a field against other fields, against the site's pages or
 * against the files in public/: links and the sections they name, navigation ids, phone numbers read
 * with the site's dialling country, descriptions with the bank's name filled in, years, images, and
 * the go-live list. Functions of the content as written (and of the files in public/ it names, and
 * of the day), with no state of their own; they read the content defensively, since it may be
 * wrong, and run beside the schema, so that every problem is listed at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as phones from 'libphonenumber-js/max';
import { EMAIL } from '../../content/schema';
import { MAIN_ID } from '../../components/layout/landmarks';
import { pageRoutes, routes } from '../../lib/routes';
import { shareImageTitle } from '../../lib/share-image';
import { fillKnown } from '../../lib/template';
import { readPngText } from '../shared/png-text';

/** Where a field is: its file's export name, then each key or index. */
type Path = PropertyKey[];
/** What is wrong with a field; `goLive` when it only needs replacing before launch. */
export type Finding = { path: Path; message: string; goLive?: true };
type Said = Omit<Finding, 'path'>;

/** Domains reserved for examples (RFC 2606, RFC 6761). */
const EXAMPLE = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;
/** Ofcom's UK numbers for TV and radio drama (020 7946 0xxx, 0808 157 0xxx, …), national form. */
const DRAMA =
  /^(11[3-8]4960|1[2-6]14960|1914980|2079460|2896496|2920180|1632960|7700900|8081570|9098790|3069990)/;
const LONG = 'is longer than the 160 letters search results show';

const goLive = (message: string): Said => ({ message, goLive: true });
/** A value inside the content, or undefined where the content does not have that shape. */
const get = (value: unknown, ...path: Path): unknown =>
  path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? Reflect.get(node, key) : undefined),
    value,
  );
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const ids = (items: unknown) => list(items).map((item) => get(item, 'id'));

/** What the rules need to know of the whole content. */
function contextOf(content: unknown) {
  const page = get(content, 'southAfrica');
  const contact = get(page, 'contact');
  const anchored = [
    ...list(get(page, 'sections')),
    contact,
    get(contact, 'prospects'),
    get(contact, 'clients'),
    get(page, 'important'),
  ];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const country = text(get(content, 'site', 'phoneCountry'));
  const name = text(get(content, 'site', 'name'));
  const division = text(get(content, 'site', 'division'));
  const title = text(get(page, 'title'));
  return {
    country: phones.isSupportedCountry(country) ? country : ('GB' as const),
    brand: { name, division },
    shareImageTitle: shareImageTitle({ name, division }, { title }),
    anchors: {
      [routes.home]: [MAIN_ID],
      [routes.southAfrica]: [MAIN_ID, ...anchored.map((item) => get(item, 'id'))],
    } as Record<string, unknown[]>,
    group: ids(get(content, 'navigation', 'group')),
    main: ids(get(content, 'navigation', 'main')),
  };
}
type Context = ReturnType<typeof contextOf>;
/** A rule for one field: what is wrong with its value, if anything. */
type Rule = (value: unknown, context: Context, today: Date) => Said[];

const isPage = (v: string) => pageRoutes.includes(v.split(/[?#]/)[0]!);
const isMailto = (v: string) => EMAIL.test(v.slice(7).split('?')[0]!);
const isTel = (v: string) => phones.isValidPhoneNumber(v.slice(4));
/** What each kind of link must be, and what to write instead. */
const links: [string, (href: string) => boolean, string][] = [
  ['/', isPage, `is no page here: write ${pageRoutes.join(' or ')}`],
  ['#', (v) => v === '#', 'names no page: write it like /south-africa#contact'],
  ['https:', URL.canParse, 'is no web address: write it like https://www.bank.co.za'],
  ['mailto:', isMailto, 'is no e-mail link: write it like mailto:name@bank.co.za'],
  ['tel:', isTel, 'is no phone link: write it like tel:+27115550100'],
  ['', () => false, 'is no safe link: write a path on this site or an https:// address'],
];

/** A rule for text values only; other values are the schema's to report. */
const forText =
  (rule: (value: string, context: Context, today: Date) => Said[]): Rule =>
  (value, context, today) =>
    typeof value === 'string' ? rule(value, context, today) : [];

const link = forText((value, context) => {
  const said: Said[] = [];
  const [, test, fix] = links.find(([start]) => value.startsWith(start))!;
  if (!test(value)) said.push({ message: `"${value}" ${fix}` });
  const [page = '', id] = value.split('#');
  const sections = context.anchors[page.split('?')[0]!];
  if (id && sections && !sections.includes(id)) {
    const write = `write one of #${sections.join(' #')}`;
    said.push({ message: `"${value}" names no section of ${page}: ${write}` });
  }
  if (value === '#') said.push(goLive('# is a placeholder link that goes nowhere'));
  return said;
});

const missingPage = forText((value) =>
  value.startsWith('/') && !isPage(value)
    ? []
    : [{ message: `"${value}" is not a missing page: write it like /gone` }],
);

const phone = forText((value, { country }) => {
  const number = phones.parsePhoneNumberFromString(value, country);
  const fix = `is no phone number (read as ${country}): write it like 0808 157 0192`;
  return [
    ...(number?.isValid() ? [] : [{ message: `"${value}" ${fix}` }]),
    ...(DRAMA.test(number?.nationalNumber ?? '')
      ? [goLive(`${value} is from Ofcom's drama range`)]
      : []),
  ];
});

/** An address at a domain reserved for examples, after its last '@' or '/'. */
const example = forText((value) =>
  EXAMPLE.test(value.replace(/^.*[@/]/, '')) ? [goLive(`${value} is an example address`)] : [],
);

/** A meta description, short enough, once filled in, for search results to show it whole. */
const description = forText((value, { brand }) =>
  fillKnown(value, brand).length > 160 ? [{ message: LONG }] : [],
);

const imageFile = forText((value) =>
  value.startsWith('/') && existsSync(`public${value}`)
    ? []
    : [{ message: `"${value}" is not in public/: write it like /images/a.svg` }],
);

/** A share image drawn for other words than the content has now. */
const drawnFromContent = forText((src, context) => {
  if (!src.endsWith('.png') || !existsSync(`public${src}`)) return [];
  const drawn = readPngText(readFileSync(`public${src}`), 'Title') ?? 'other words';
  const words = `"${drawn}", not "${context.shareImageTitle}": run npm run images`;
  return drawn === context.shareImageTitle ? [] : [goLive(`${src} was drawn for ${words}`)];
});

/** A whole number (anything else is the schema's to report) from 1991 to next year. */
const year: Rule = (value, _context, today) => {
  const latest = today.getFullYear() + 1;
  const inRange = !Number.isInteger(value) || (Number(value) >= 1991 && Number(value) <= latest);
  return inRange ? [] : [{ message: `is no year from 1991 to ${latest}` }];
};

/** An id that must be one of the navigation's. */
const idIn = (which: 'group' | 'main', what: string) =>
  forText((value, context) =>
    context[which].includes(value) ? [] : [{ message: `"${value}" is not the id of ${what}` }],
  );

/** A section id that no other section of the page has. */
const once = forText((value, { anchors }) =>
  anchors[routes.southAfrica]?.filter((id) => id === value).length === 1
    ? []
    : [{ message: 'is the id of another section too: give each its own' }],
);

/** Rules for one field, by its path. */
const byPath: Record<string, Rule[]> = {
  'home.brokenLink.href': [missingPage],
  'navigation.groupCurrent': [idIn('group', 'an item of navigation.group')],
  'southAfrica.section': [idIn('main', 'an item of navigation.main')],
  'site.shareImage.src': [imageFile, drawnFromContent],
  'site.url': [example],
};
/** Rules for every field of this name, wherever it is. */
const byName: Record<string, Rule[]> = {
  href: [link],
  logoHref: [link],
  phone: [phone],
  helpPhone: [phone],
  generalEmail: [example],
  onlineBankingEmail: [example],
  description: [description],
  src: [imageFile],
  copyrightYear: [year],
};
function rulesFor(path: Path): Rule[] {
  const [file, ...rest] = path;
  const name = String(path.at(-1));
  if (file === 'southAfrica' && name === 'id' && rest.length > 1) return [once];
  return byPath[path.join('.')] ?? byName[name] ?? [];
}

/**
 * Every finding of these rules in the content.
 * @param content Each content file's export, by its name, as written.
 * @param today The day the check runs: the latest copyright year allowed is the next one.
 */
export function crossFileFindings(content: object, today = new Date()): Finding[] {
  const context = contextOf(content);
  const findings: Finding[] = [];
  const visit = (value: unknown, path: Path) => {
    for (const rule of rulesFor(path)) {
      findings.push(...rule(value, context, today).map((said) => ({ path, ...said })));
    }
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        visit(child, [...path, Array.isArray(value) ? Number(key) : key]);
      }
    }
  };
  for (const [name, value] of Object.entries(content)) visit(value, [name]);
  return findings;
}
