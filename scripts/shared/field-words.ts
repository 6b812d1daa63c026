/**
 * A field's name in the words an editor uses, beside the path the check prints: the path
 * `southAfrica.sections[1].paragraphs[0][1].href` reads "South Africa page, section 2, paragraph 1,
 * link 1, address", counting from one as people do, and counting a paragraph's links among links
 * only (its texts are named by the links around them). The words come from the schema and the field
 * names themselves (camelCase split into words, a list's name made singular for its items), so a
 * field added to the schema gets its words with nothing written for it here. The content check's
 * lines, the editing view and its server's list of changes all name fields with it, so it imports
 * nothing of Node's (the view runs it in the browser).
 */

import type { FieldKind, TextKind } from '../../content/schema';

/** A JSON Schema node of the content schema, as content-json-schema.ts writes it. */
export type SchemaNode = {
  /** The field's name in an editor's words, where its key would not say it: 'web address'. */
  title?: string;
  /** For a list, one item's name in an editor's words: 'main menu link'. */
  'x-item'?: string;
  type?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode | false;
  prefixItems?: SchemaNode[];
  anyOf?: SchemaNode[];
  enum?: string[];
  /** The kind the schema gives the field (content/schema): its input follows it. */
  'x-kind'?: FieldKind;
  /** For a text people read, its kind of text (content/schema/text-kinds.ts): its length. */
  'x-text'?: TextKind;
};

/** Names programmers shorten, in the words an editor would use. */
const PLAIN_WORDS: Record<string, string> = {
  href: 'address',
  src: 'file',
  alt: 'description',
  id: 'id',
  txt: 'text',
};

/** A field's name in lower-case words: `copyrightYear` reads "copyright year". */
const words = (key: string) =>
  key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map((word) => PLAIN_WORDS[word] ?? word)
    .join(' ');

/** A list's name made singular for one of its items: "sections" → "section". */
const singular = (plural: string) => plural.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/** A file's name in words, each capitalised as a name is: `southAfrica` reads "South Africa". */
const fileWords = (name: string) =>
  words(name)
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * The option of a union a value is written with: a text, a list or a group, as the value is.
 */
export function optionFor(node: SchemaNode, value: unknown): SchemaNode {
  if (!node.anyOf) return node;
  const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  return (
    node.anyOf.find((option) => option.type === type) ??
    node.anyOf.find((option) => type === 'number' && option.type === 'integer') ??
    node.anyOf[0]!
  );
}

/** What one item of a list without a name of its own is: a link, a text, or an item. */
export function itemWords(node: SchemaNode): string {
  const fields = Object.values(node.properties ?? {});
  if (fields.some((field) => field['x-kind'] === 'link')) return 'link';
  if (node.type === 'string') return 'text';
  if (node.type === 'array') return 'text with links';
  return 'item';
}

/** How many of the kinds, up to an index (not included), are links. */
const linksBefore = (kinds: readonly string[], index: number) =>
  kinds.slice(0, index).filter((kind) => kind === 'link').length;

/**
 * A piece of a paragraph written as a list, by where it stands: a link counted among the links
 * alone ("link 2"), a text by the links around it ("text between link 1 and link 2"), since an
 * editor reads a paragraph's links, not its pieces, and would not count the ', ' between two links.
 * Texts side by side, with no link between them, are numbered in their place ("text 2 after link 1").
 * @param kinds What each piece of the list is, as itemWords says it.
 * @returns The words, or undefined for a piece that is neither a link nor a text.
 */
function pieceWords(kinds: readonly string[], index: number): string | undefined {
  const before = linksBefore(kinds, index);
  if (kinds[index] === 'link') return `link ${before + 1}`;
  if (kinds[index] !== 'text') return undefined;
  const links = linksBefore(kinds, kinds.length);
  const neighbours = kinds.flatMap((kind, i) =>
    kind === 'text' && linksBefore(kinds, i) === before ? [i] : [],
  );
  const text = neighbours.length > 1 ? `text ${neighbours.indexOf(index) + 1}` : 'text';
  if (links === 0) return text;
  if (before === 0) return `${text} before link 1`;
  if (before === links) return `${text} after link ${links}`;
  return `${text} between link ${before} and link ${before + 1}`;
}

/** The value at a path's keys inside a value, or undefined where the value has nothing. */
const valueAt = (value: unknown, keys: readonly (string | number)[]) =>
  keys.reduce<unknown>(
    (inside, key) => (inside as Record<string | number, unknown> | undefined)?.[key],
    value,
  );

/** The schema node of a path's field inside a file's schema, each union resolved by the value. */
export function nodeAt(
  root: SchemaNode,
  value: unknown,
  keys: readonly (string | number)[],
): SchemaNode | undefined {
  let node: SchemaNode | undefined = optionFor(root, value);
  let inside = value;
  for (const key of keys) {
    if (!node) return undefined;
    inside = (inside as Record<string | number, unknown> | undefined)?.[key];
    const next: SchemaNode | undefined =
      typeof key === 'number'
        ? (node.prefixItems?.[key] ?? (node.items || undefined))
        : node.properties?.[key];
    node = next && optionFor(next, inside);
  }
  return node;
}

/**
 * A field's name in words.
 * @param path The export name, then each key or index.
 * @param schema The schema of all content, whose properties are the files' schemas.
 * @param content Each file's value by its export name, to tell a union's options apart.
 */
export function fieldWords(
  path: readonly (string | number)[],
  schema: SchemaNode,
  content: Record<string, unknown>,
): string {
  const [name, ...keys] = path as [string, ...(string | number)[]];
  const fileSchema = schema.properties?.[name];
  const isPage = Boolean(fileSchema?.properties?.title);
  const file = fileWords(name).replace(/ Page$/, '');
  const parts = [isPage ? `${file} page` : file];
  keys.forEach((key, i) => {
    const node = fileSchema && nodeAt(fileSchema, content[name], keys.slice(0, i + 1));
    // A field named in the schema is named so; any other, by its key in words.
    if (typeof key === 'string') return parts.push(node?.title ?? words(key));
    const listKey = keys[i - 1];
    const list = fileSchema && nodeAt(fileSchema, content[name], keys.slice(0, i));
    // An item of a named list takes the list's name, and replaces it: "paragraphs, paragraph 1"
    // reads "paragraph 1".
    if (typeof listKey === 'string') {
      parts.pop();
      const item = list?.['x-item'] ?? singular(list?.title ?? words(listKey));
      return parts.push(`${item} ${key + 1}`);
    }
    // An item of an item is what it is; a paragraph's link or text, where it stands among the rest.
    const items = list?.items;
    const pieces = valueAt(content[name], keys.slice(0, i));
    const piece =
      items && Array.isArray(pieces)
        ? pieceWords(
            pieces.map((value) => itemWords(optionFor(items, value))),
            key,
          )
        : undefined;
    parts.push(piece ?? `${node ? itemWords(node) : 'item'} ${key + 1}`);
  });
  return parts.join(', ');
}
