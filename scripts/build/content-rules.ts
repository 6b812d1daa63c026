/**
 * The content check's rules beyond the schema's own, in two parts. The rules of each kind of field
 * (a link, a phone number, an image, an expiry…: `FieldKind` in content/schema/field-kinds.ts) apply wherever
 * the schema marks a field with that kind, whatever the field is called; they may weigh a value
 * against the site's pages, its dialling country, its name or the files in public/. The rules that
 * relate particular fields to each other (ids and the fields that name them, the share image and
 * the texts drawn on it) name those fields, and are all in `relations`. Both read content the schema
 * has accepted, so they may trust its types; the files in public/ and the day they run on are their
 * only other input.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { MAIN_ID } from '../../components/layout/landmarks';
import { fieldKinds, textKinds, type Content, type FieldKind } from '../../content/schema';
import {
  findInvisible,
  fixWords,
  invisibleMessage,
  withInvisibleFixed,
  type Joined,
} from '../../content/schema/invisible-characters';
import { emojiIn, TEXT_KINDS, visibleLength, withoutEmoji } from '../../content/schema/text-kinds';
import { EMAIL, type Fix } from '../../content/schema/text-rules';
import { countriesOfNumber, readPhoneNumber } from '../../lib/phone';
import { pageRoutes, routes } from '../../lib/routes';
import { shareImageTitle } from '../shared/share-image';
import { fillTemplate } from '../../lib/template';
import { readPngText } from '../shared/png-text';

/**
 * What the check warns of, without refusing it: a character nobody sees that a text may mean by
 * mistake, a text longer than its kind reads well in, an emoji in a heading.
 */
export type Warning = 'invisible' | 'length' | 'emoji';

/**
 * What is wrong with a field, at its path (its file's export name, then each key or index); `goLive`
 * when it is a placeholder that only needs replacing before launch, `warning` when it is only
 * worth a look; with the fix one click makes, where there is one.
 */
export type Finding = {
  path: PropertyKey[];
  message: string;
  goLive?: true;
  warning?: Warning;
  fix?: Fix;
};

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
    (v) => readPhoneNumber(v.slice(4)) !== undefined,
    'is no phone link: write it like tel:+27115550100',
  ],
  ['', () => false, 'is no safe link: write a path on this site or an https:// address'],
];

/** The type of a kind's value: a year is a number, every other kind a text. */
type ValueOf<K extends FieldKind> = K extends 'year' ? number : string;

/**
 * The id of each section and card of the South Africa page that a link can lead to (#id), with the
 * path of its field.
 */
function sectionIds(page: Content['southAfrica']): [PropertyKey[], string][] {
  const { contact, important } = page;
  return [
    ...page.sections.map((section, i): [PropertyKey[], string] => [
      ['southAfrica', 'sections', i, 'id'],
      section.id,
    ]),
    [['southAfrica', 'contact', 'id'], contact.id],
    [['southAfrica', 'contact', 'prospects', 'id'], contact.prospects.id],
    [['southAfrica', 'contact', 'clients', 'id'], contact.clients.id],
    [['southAfrica', 'important', 'id'], important.id],
  ];
}

/**
 * A field found in content: its schema, its value, its path, the group that holds it, and for a
 * piece of a paragraph made of texts and links, the pieces it is joined to.
 */
type Found = {
  field: z.ZodType;
  value: unknown;
  path: PropertyKey[];
  group?: z.ZodObject;
  joined?: Joined;
};

/** Whether a list's items are the pieces of one text: texts and links, as a paragraph's are. */
const isPieces = (list: z.ZodArray) =>
  list.element instanceof z.ZodUnion &&
  (list.element.options as z.ZodType[]).some((option) => option instanceof z.ZodObject);

/**
 * Every field, group and list of content the schema has accepted, found by walking the schema
 * alongside it: each option of a union is the one the value matches.
 */
function* everyField(
  field: z.ZodType,
  value: unknown,
  path: PropertyKey[],
  around: Pick<Found, 'group' | 'joined'> = {},
): Generator<Found> {
  // An optional field left out has no value to check, nor anything inside it.
  if (value === undefined) return;
  if (field instanceof z.ZodOptional || field instanceof z.ZodReadonly)
    return yield* everyField(field.def.innerType as z.ZodType, value, path, around);
  if (field instanceof z.ZodUnion) {
    const options = field.options as z.ZodType[];
    const meant = options.find((option) => option.safeParse(value).success);
    return meant ? yield* everyField(meant, value, path, around) : undefined;
  }
  yield { field, value, path, ...around };
  if (field instanceof z.ZodObject)
    for (const [key, inner] of Object.entries(field.shape as Record<string, z.ZodType>))
      yield* everyField(inner, (value as Record<string, unknown>)[key], [...path, key], {
        group: field,
      });
  else if (field instanceof z.ZodArray) {
    const items = value as unknown[];
    for (const [i, item] of items.entries()) {
      const joined = { before: i > 0, after: i < items.length - 1 };
      yield* everyField(field.element as z.ZodType, item, [...path, i], {
        ...(isPieces(field) && { joined }),
      });
    }
  } else if (field instanceof z.ZodTuple)
    for (const [i, item] of (field.def.items as z.ZodType[]).entries())
      yield* everyField(item, (value as unknown[])[i], [...path, i]);
}

/** The value at a path inside content, or undefined where the path leads nowhere. */
const valueAt = (content: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (inside, key) =>
      inside && typeof inside === 'object'
        ? (inside as Record<PropertyKey, unknown>)[key]
        : undefined,
    content,
  );

/**
 * The country a phone number is read in: the one its group names in `country` (a phone line for
 * callers elsewhere), else the site's.
 */
export function phoneCountryAt(content: Content, path: readonly PropertyKey[]): CountryCode {
  const country = valueAt(valueAt(content, path.slice(0, -1)), ['country']);
  return typeof country === 'string' ? (country as CountryCode) : content.site.phoneCountry;
}

/**
 * Every finding of these rules in content the schema has accepted, errors and go-live ones alike.
 * The latest copyright year allowed and the days left until an expiry are counted from today.
 * @param schema The schema the content was accepted by, which marks each field's kind.
 */
export function contentFindings(content: Content, schema: z.ZodType): Finding[] {
  const { site, southAfrica: page } = content;
  const today = new Date();
  const findings: Finding[] = [];
  const addFinding = (path: PropertyKey[], message: string, goLive?: true | Fix) =>
    findings.push({
      path,
      message,
      ...(goLive === true && { goLive }),
      ...(typeof goLive === 'object' && { fix: goLive }),
    });
  const ids = [MAIN_ID, ...sectionIds(page).map(([, id]) => id)];
  const anchors: Record<string, string[]> = { [routes.home]: [MAIN_ID], [routes.southAfrica]: ids };
  const latest = today.getFullYear() + 1;
  const yearAhead = new Date(today);
  yearAhead.setUTCFullYear(today.getUTCFullYear() + 1);

  /** An address that must not stay one of the domains reserved for examples. */
  const notExample = (value: string, path: PropertyKey[]) => {
    if (EXAMPLE.test(value.replace(/^.*@|^https:\/\/|[/?#].*$/g, '')))
      addFinding(path, `${value} is an example address`, true);
  };
  /**
   * The rule of each kind of field, given its value: a number for a year, otherwise a text. A kind
   * whose whole rule is the schema's own (a time, a time zone, a multi-line or statutory text) has
   * none here.
   */
  const kindRules: {
    [K in FieldKind]?: (value: ValueOf<K>, path: PropertyKey[], group?: z.ZodObject) => void;
  } = {
    link(value, path) {
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
    },
    missingPage(value, path) {
      if (!value.startsWith('/') || isPage(value))
        addFinding(path, `"${value}" is not a missing page: write it like /gone`);
    },
    phoneNumber(value, path, group) {
      const country = phoneCountryAt(content, path);
      const number = readPhoneNumber(value, country);
      // A phone line (a group with a country of its own) may name the country instead.
      const line = group !== undefined && 'country' in group.shape;
      if (!number) addFinding(path, ...phoneRefusal(content, value, country, line));
      if (number?.countryCallingCode === '44' && DRAMA.test(number.nationalNumber))
        addFinding(path, `${value} is from Ofcom's drama range`, true);
    },
    emailAddress: notExample,
    siteAddress: notExample,
    securityContact: notExample,
    year(value, path) {
      if (value < 1991 || value > latest) addFinding(path, `is no year from 1991 to ${latest}`);
    },
    image(value, path) {
      if (!value.startsWith('/') || !existsSync(`public${value}`))
        addFinding(path, `"${value}" is not in public/: write it like /images/a.svg`);
    },
    description(value, path) {
      if (fillTemplate(value, { name: site.name, division: site.division }).length > 160)
        addFinding(path, 'is longer than the 160 letters search results show');
    },
    registrationNumber(value, path) {
      if (/^0+$/.test(value))
        addFinding(path, `${value} is a placeholder: write the bank's registered number`, true);
    },
    expiry(value, path) {
      // RFC 9116: security.txt is stale once Expires has passed, so it must be renewed in time;
      // and it recommends less than a year ahead, so that what it says is not left to age.
      const expires = Date.parse(value);
      const daysLeft = (expires - today.getTime()) / MS_PER_DAY;
      const renew = 'write a date under a year ahead';
      if (daysLeft <= 0)
        addFinding(path, `${value} has passed, so security.txt is stale: ${renew}`);
      else if (expires >= yearAhead.getTime())
        addFinding(path, `${value} is a year or more away: ${renew}`);
      else if (daysLeft < 30)
        addFinding(path, `${value} is under 30 days away: ${renew} before it passes`, true);
    },
  };
  // The schema accepted the content, so each kind's value has the type its rule takes.
  for (const { field, value, path, group } of everyField(schema, content, [])) {
    const kind = fieldKinds.get(field)?.kind;
    const kindRule = kind && kindRules[kind];
    (kindRule as ((...args: [unknown, PropertyKey[], z.ZodObject?]) => void) | undefined)?.(
      value,
      path,
      group,
    );
  }

  relations(content, addFinding);
  return findings;
}

/**
 * The rules that relate particular fields to each other or to the files drawn from them, each
 * naming the fields it relates: the South Africa page's section ids must differ, the navigation
 * ids the content names must exist, and the share image must show the words it is drawn from.
 */
function relations(
  content: Content,
  addFinding: (path: PropertyKey[], message: string, goLive?: true) => void,
) {
  const { site, navigation, southAfrica: page } = content;
  const sections = sectionIds(page);
  const ids = [MAIN_ID, ...sections.map(([, id]) => id)];
  for (const [path, id] of sections)
    if (ids.filter((other) => other === id).length > 1)
      addFinding(path, 'is the id of another section too: give each its own');

  const named: [PropertyKey[], string, 'main' | 'group'][] = [
    [['navigation', 'groupCurrent'], navigation.groupCurrent, 'group'],
    [['southAfrica', 'navigationId'], page.navigationId, 'main'],
  ];
  for (const [path, id, list] of named)
    if (!navigation[list].some((item) => item.id === id))
      addFinding(path, `"${id}" is not the id of an item of navigation.${list}`);

  const { src } = site.shareImage;
  if (src.endsWith('.png') && existsSync(`public${src}`)) {
    const title = shareImageTitle(site, page);
    const drawn = readPngText(readFileSync(`public${src}`), 'Title') ?? 'other words';
    const words = `"${drawn}", not "${title}": run npm run images`;
    if (drawn !== title)
      addFinding(['site', 'shareImage', 'src'], `${src} was drawn for ${words}`, true);
  }
}

/**
 * The countries the content names (the site's country of phone numbers, the office's, each phone
 * line's), the site's first: where a number refused in one is most likely meant.
 */
function namedCountries(content: Content): CountryCode[] {
  const named: CountryCode[] = [content.site.phoneCountry];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'country' && typeof inner === 'string') named.push(inner as CountryCode);
      walk(inner);
    }
  };
  walk(content);
  return named;
}

/**
 * A country's name in English, as a sentence writes it after "in": 'South Africa' for ZA, 'the
 * United Kingdom' for GB (a name of a union, of islands or in the plural takes "the").
 */
function countryName(country: CountryCode) {
  const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country;
  const the =
    /^(United|Dominican|Central African|Czech)\b|(Islands|Republic|Emirates|Netherlands|Philippines|Bahamas|Gambia|Maldives|Seychelles|Comoros)$/;
  return the.test(name) ? `the ${name}` : name;
}

/**
 * Why a phone number is refused, read in its country, and where it is a number in another country
 * (those the content names first), its international form, which callers anywhere dial, as the fix
 * it offers; a phone line may instead name that country.
 */
function phoneRefusal(
  content: Content,
  value: string,
  country: CountryCode,
  line: boolean,
): [string, Fix?] {
  const example =
    country === 'GB'
      ? 'like 0808 157 0192'
      : `as callers in ${countryName(country)} dial it, or with + and its country code`;
  const refused = `"${value}" is no phone number (read as ${country}): write it ${example}`;
  const [elsewhere] = countriesOfNumber(value, namedCountries(content));
  if (!elsewhere) return [refused];
  const orName = line ? `, or set the line's callers' country to ${elsewhere.country}` : '';
  return [
    `${refused}; if it is a number in ${countryName(elsewhere.country)}, write ${elsewhere.international}${orName}`,
    { words: `Write ${elsewhere.international}`, value: elsewhere.international },
  ];
}

/** The bank's name and division in a text, as visitors read it; any other slot as written. */
const withBrand = (text: string, site: Content['site']) =>
  text.replace(/\{(name|division)\}/g, (_slot, slot: 'name' | 'division') => site[slot]);

/**
 * What the check warns of in content the schema has accepted, field by field, without refusing it:
 * the characters nobody sees that a text may mean by mistake (the table in
 * content/schema/invisible-characters.ts), each with the fix one click makes; a text longer than
 * its kind reads well in (content/schema/text-kinds.ts); an emoji in a heading.
 * @param schema The schema the content was accepted by, which marks each text's kind.
 */
export function contentWarnings(content: Content, schema: z.ZodType): Finding[] {
  const warnings: Finding[] = [];
  for (const { field, value, path, joined } of everyField(schema, content, [])) {
    if (typeof value !== 'string') continue;
    const text = textKinds.get(field)?.text;
    const kind = text && TEXT_KINDS[text];
    const use = !kind ? 'code' : kind.lines ? 'lines' : 'line';
    for (const found of findInvisible(value, use, joined))
      if (found.verdict === 'warned')
        warnings.push({
          path,
          message: invisibleMessage(value, found),
          warning: 'invisible',
          fix: { words: fixWords(found), value: withInvisibleFixed(value, found) },
        });
    if (!kind) continue;
    const length = visibleLength(withBrand(value, content.site));
    // A description longer than search results show is refused already (its kind's rule).
    const refusedLonger = fieldKinds.get(field)?.kind === 'description';
    if (kind.recommended && length > kind.recommended && !refusedLonger)
      warnings.push({
        path,
        message: `has ${length} letters, more than the ${kind.recommended} recommended for ${kind.words}: ${kind.because}`,
        warning: 'length',
      });
    const emoji = kind.noEmoji ? emojiIn(value) : [];
    if (emoji.length > 0)
      warnings.push({
        path,
        message: `has the emoji ${emoji.join(' ')}: ${kind.words} reads better without, and screen readers read out each emoji's name`,
        warning: 'emoji',
        fix: { words: `Delete the emoji`, value: withoutEmoji(value) },
      });
  }
  return warnings;
}
