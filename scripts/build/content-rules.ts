/**
 * The content check's rules beyond the schema's own, in two parts. The rules of each kind of field
 * (a link, a phone number, an image, an expiry…: each a module of content/kinds/) apply wherever
 * the schema marks a field with that kind, whatever the field is called; they may weigh a value
 * against what `KindCheck` gives them here: the site's pages, its dialling country, its name or the
 * files in public/. The rules that
 * relate particular fields to each other (ids and the fields that name them, the share image and
 * the texts drawn on it) name those fields, and are all in `relations`. Both read content the schema
 * has accepted, so they may trust its types; the files in public/ and the day they run on are their
 * only other input.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { MAIN_ID } from '../../components/layout/landmarks';
import { KINDS, type FieldKind, type KindCheck } from '../../content/kinds';
import { contentSchema, fieldKinds, textKinds, type Content } from '../../content/schema';
import {
  findInvisible,
  fixWords,
  invisibleMessage,
  withInvisibleFixed,
  type Joined,
} from '../../content/schema/invisible-characters';
import { emojiIn, TEXT_KINDS, visibleLength, withoutEmoji } from '../../content/schema/text-kinds';
import type { Fix } from '../../content/schema/text-rules';
import { countriesOfNumber, readPhoneNumber } from '../../lib/phone';
import { pageRoutes, routes } from '../../lib/routes';
import { isPhotograph } from '../shared/photograph-files';
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

/**
 * The media type of each file extension, as nginx's configuration lists them (its `types` block,
 * deploy/nginx.conf.template), where any other file is sent as application/octet-stream with
 * nosniff: what the site's servers send a file as. Cloudflare's list is longer, so nginx's decides.
 * The template is the project's code, not its content: it is read beside this file, wherever the
 * check is run from (a folder holding only content/ and public/, as the editor's task runs it).
 */
export function nginxTypes(): Map<string, string> {
  const template = readFileSync(
    new URL('../../deploy/nginx.conf.template', import.meta.url),
    'utf8',
  );
  const block = /^\s*types \{\n([^}]*)\}/m.exec(template)?.[1] ?? '';
  return new Map(
    [...block.matchAll(/^\s*(\S+)\s+([^;]+);/gm)].flatMap(([, type, extensions]) =>
      extensions!.split(/\s+/).map((extension): [string, string] => [extension, type!]),
    ),
  );
}

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

/**
 * The values of every field of one kind in content (every file's value, by its export name), where
 * the schema finds the field: the pictures the content names, for a commit to take them with it.
 */
export const valuesOfKind = (content: unknown, schema: z.ZodType, kind: FieldKind) =>
  [...everyField(schema, content, [])]
    .filter(({ field }) => fieldKinds.get(field)?.kind === kind)
    .map(({ value }) => value);

/**
 * The pictures the site shows as photographs, each at its field: every picture field whose file is a
 * JPEG or PNG, of which the build makes the sizes and formats browsers want. The share picture is
 * not among them: social sites fetch it at its own address, as it is.
 * @param schema The schema the content was accepted by, which marks each field's kind.
 */
export function photographsIn(
  content: Content,
  schema: z.ZodType<Content> = contentSchema,
): { path: PropertyKey[]; src: string }[] {
  return [...everyField(schema, content, [])]
    .filter(({ field, value, path }) => {
      const shareImage = path.join('.') === 'site.shareImage.src';
      return fieldKinds.get(field)?.kind === 'image' && isPhotograph(String(value)) && !shareImage;
    })
    .map(({ path, value }) => ({ path, src: String(value) }));
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
 * @param publicFolder The folder the pictures the content names are in.
 */
export function contentFindings(
  content: Content,
  schema: z.ZodType,
  publicFolder = 'public',
): Finding[] {
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

  const served = nginxTypes();
  /** What each kind's rule may weigh a value against, and how it says what is wrong. */
  const checkAt = (path: PropertyKey[], group?: z.ZodObject): KindCheck => ({
    path,
    refuse: (message, fix) => addFinding(path, message, fix),
    remind: (message) => addFinding(path, message, true),
    today,
    pages: pageRoutes,
    sectionsOf: (address) => anchors[address],
    isPublicFile: (address) => existsSync(`${publicFolder}${address}`),
    servedType: (address) => served.get(address.split('.').at(-1)!.toLowerCase()),
    pictureExtensions: [...served]
      .filter(([, type]) => type.startsWith('image/'))
      .map(([extension]) => extension),
    asRead: (text) => fillTemplate(text, { name: site.name, division: site.division }),
    readPhoneNumber,
    phoneCountry: phoneCountryAt(content, path),
    // A phone line (a group with a country of its own) may name the country instead.
    phoneRefusal: (value) =>
      phoneRefusal(
        content,
        value,
        phoneCountryAt(content, path),
        group !== undefined && 'country' in group.shape,
      ),
  });
  for (const { field, value, path, group } of everyField(schema, content, [])) {
    const kind = fieldKinds.get(field)?.kind;
    // The schema accepted the content, so the value has the type its kind's rule takes.
    const kindRule =
      kind && (KINDS[kind].rule as ((value: unknown, check: KindCheck) => void) | null);
    kindRule?.(value, checkAt(path, group));
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
