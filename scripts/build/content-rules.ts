/**
 * The content check's rules that weigh a field against other fields, against the site's pages or
 * against the files in public/: links and the sections they name, navigation and section ids, phone
 * numbers read with the site's dialling country, descriptions with the bank's name filled in, years,
 * images, security.txt's expiry, and the go-live list. They read content the schema has accepted, so
 * they may trust its types; the files in public/ and the day they run on are their only other input.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as phones from 'libphonenumber-js/max';
import { MAIN_ID } from '../../components/layout/landmarks';
import { EMAIL, type Content } from '../../content/schema';
import { pageRoutes, routes } from '../../lib/routes';
import { shareImageTitle } from '../../lib/share-image';
import { fillTemplate } from '../../lib/template';
import { readPngText } from '../shared/png-text';

/**
 * What is wrong with a field, at its path (its file's export name, then each key or index); `goLive`
 * when it is a placeholder that only needs replacing before launch.
 */
export type Finding = { path: PropertyKey[]; message: string; goLive?: true };

/** Domains reserved for examples (RFC 2606, RFC 6761). */
const EXAMPLE = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;
/** Ofcom's UK numbers for TV and radio drama (020 7946 0xxx, 0808 157 0xxx, …), national form. */
const DRAMA =
  /^(11[3-8]4960|1[2-6]14960|1914980|2079460|2896496|2920180|1632960|7700900|8081570|9098790|3069990)/;

/** The milliseconds in a day, to count the days until security.txt's Expires. */
const MS_PER_DAY = 86_400_000;

/** Whether a link names one of the site's pages; its query and section id do not matter here. */
const isPage = (v: string) => pageRoutes.includes(v.split(/[?#]/)[0]!);
/**
 * What each kind of link must be, and what to write instead, by how the link starts; the first whose
 * start matches applies, and the last, which matches every link, refuses any other kind.
 */
const links: [string, (href: string) => boolean, string][] = [
  ['/', isPage, `is no page here: write ${pageRoutes.join(' or ')}`],
  ['#', (v) => v === '#', 'names no page: write it like /south-africa#contact'],
  ['https:', URL.canParse, 'is no web address: write it like https://www.bank.co.za'],
  [
    'mailto:',
    (v) => EMAIL.test(v.slice(7).split('?')[0]!),
    'is no e-mail link: write it like mailto:name@bank.co.za',
  ],
  [
    'tel:',
    (v) => phones.isValidPhoneNumber(v.slice(4)),
    'is no phone link: write it like tel:+27115550100',
  ],
  ['', () => false, 'is no safe link: write a path on this site or an https:// address'],
];

/** Every text and number of the content with its path, for rules that go by a field's name. */
function* leaves(value: unknown, path: PropertyKey[]): Generator<[string | number, PropertyKey[]]> {
  if (typeof value === 'string' || typeof value === 'number') yield [value, path];
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      yield* leaves(child, [...path, Array.isArray(value) ? Number(key) : key]);
}

/**
 * Every finding of these rules in content the schema has accepted, errors and go-live ones alike.
 * The latest copyright year allowed and the days left until Expires are counted from today.
 */
export function crossFileFindings(content: Content): Finding[] {
  const { site, navigation, southAfrica: page } = content;
  const today = new Date();
  const findings: Finding[] = [];
  const addFinding = (path: PropertyKey[], message: string, goLive?: true) =>
    findings.push({ path, message, ...(goLive && { goLive }) });
  const anchored = [page.contact, page.contact.prospects, page.contact.clients, page.important];
  const ids = [MAIN_ID, ...[...page.sections, ...anchored].map((section) => section.id)];
  const anchors: Record<string, string[]> = { [routes.home]: [MAIN_ID], [routes.southAfrica]: ids };
  const latest = today.getFullYear() + 1;

  for (const [value, path] of leaves(content, [])) {
    const field = String(path.at(-1));
    /** The path with dots, for the rules that apply to one field only: `home.brokenLink.href`. */
    const dottedPath = path.join('.');
    if (typeof value === 'number') {
      if (field === 'copyrightYear' && (value < 1991 || value > latest))
        addFinding(path, `is no year from 1991 to ${latest}`);
    } else if (dottedPath === 'home.brokenLink.href') {
      if (!value.startsWith('/') || isPage(value))
        addFinding(path, `"${value}" is not a missing page: write it like /gone`);
    } else if (field === 'href' || field === 'logoHref') {
      // The links table always finds a kind, as its last entry matches every link.
      const [, test, fix] = links.find(([start]) => value.startsWith(start))!;
      if (!test(value)) addFinding(path, `"${value}" ${fix}`);
      const [address = '', id] = value.split('#');
      const sections = anchors[address.split('?')[0]!];
      if (id && sections && !sections.includes(id))
        addFinding(
          path,
          `"${value}" names no section of ${address}: write one of #${sections.join(' #')}`,
        );
      if (value === '#') addFinding(path, '# is a placeholder link that goes nowhere', true);
    } else if (field === 'phone' || field === 'helpPhone') {
      const number = phones.parsePhoneNumberFromString(value, site.phoneCountry);
      const fix = `is no phone number (read as ${site.phoneCountry}): write it like 0808 157 0192`;
      if (!number?.isValid()) addFinding(path, `"${value}" ${fix}`);
      if (DRAMA.test(number?.nationalNumber ?? ''))
        addFinding(path, `${value} is from Ofcom's drama range`, true);
    } else if (['url', 'generalEmail', 'onlineBankingEmail', 'contact'].includes(field)) {
      if (EXAMPLE.test(value.replace(/^.*@|^https:\/\/|[/?#].*$/g, '')))
        addFinding(path, `${value} is an example address`, true);
    } else if (field === 'expires') {
      // RFC 9116: security.txt is stale once Expires has passed, so it must be renewed in time.
      const daysLeft = (Date.parse(value) - today.getTime()) / MS_PER_DAY;
      const renew = 'write a date under a year ahead';
      if (daysLeft <= 0)
        addFinding(path, `${value} has passed, so security.txt is stale: ${renew}`);
      else if (daysLeft < 30)
        addFinding(path, `${value} is under 30 days away: ${renew} before it passes`, true);
    } else if (field === 'fspNumber' || field === 'firmReference') {
      if (/^0+$/.test(value))
        addFinding(path, `${value} is a placeholder: write the bank's registered number`, true);
    } else if (field === 'description') {
      if (fillTemplate(value, { name: site.name, division: site.division }).length > 160)
        addFinding(path, 'is longer than the 160 letters search results show');
    } else if (field === 'src') {
      if (!value.startsWith('/') || !existsSync(`public${value}`))
        addFinding(path, `"${value}" is not in public/: write it like /images/a.svg`);
      else if (value.endsWith('.png') && dottedPath === 'site.shareImage.src') {
        const title = shareImageTitle(site, page);
        const drawn = readPngText(readFileSync(`public${value}`), 'Title') ?? 'other words';
        const words = `"${drawn}", not "${title}": run npm run images`;
        if (drawn !== title) addFinding(path, `${value} was drawn for ${words}`, true);
      }
    } else if (field === 'id' && path[0] === 'southAfrica') {
      if (ids.filter((id) => id === value).length > 1)
        addFinding(path, 'is the id of another section too: give each its own');
    } else if (dottedPath === 'navigation.groupCurrent' || dottedPath === 'southAfrica.section') {
      const navigationList = dottedPath === 'southAfrica.section' ? 'main' : 'group';
      if (!navigation[navigationList].some((item) => item.id === value))
        addFinding(path, `"${value}" is not the id of an item of navigation.${navigationList}`);
    }
  }
  return findings;
}
