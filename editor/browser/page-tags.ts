/**
 * The tags the page beside the form puts around the texts of the fields it shows, so that it knows
 * which elements show which field from how the page was drawn: each tagged text is wrapped in
 * invisible characters as it goes into the site's components, which carry it into the page as
 * they carry any text, and the drawn page's text nodes are then walked (the DOM the browser parsed,
 * not its HTML) and each tagged piece of text made a span of its field. Inside an attribute, a
 * script, a style or the title, where a span cannot go, they are removed. ("Tag" here is the
 * page's; a field's kind, in content/schema, is something else.)
 */
import { fieldName } from '../../scripts/build/field-name';
import type { FieldPath } from './api';

/** Around a text: start, the field's number in base 16 in private-use letters, end. */
const START = '\ue000';
const NUMBER_END = '\ue001';
const END = '\ue002';
const DIGITS = 0xe010;
const encode = (n: number) =>
  [...n.toString(16)].map((d) => String.fromCharCode(DIGITS + parseInt(d, 16))).join('');
const decode = (s: string) =>
  parseInt([...s].map((c) => (c.charCodeAt(0) - DIGITS).toString(16)).join(''), 16);
const TAG_CHARACTERS = /[\ue000-\ue002\ue010-\ue01f]/g;
/** The same characters as a link's address writes them, percent-encoded (a mailto: subject, say). */
const ENCODED_TAG_CHARACTERS = /%EE%80%(?:8[0-2]|9[0-9A-F])/gi;

/** A text without the tag characters, for what a page says outside its body (a title). */
export const untagged = (text: string) =>
  text.replace(TAG_CHARACTERS, '').replace(ENCODED_TAG_CHARACTERS, '');

/** Whether a text holds a tag character, as it is or as an address writes it. */
const HOLDS_TAG = /[\ue000-\ue002\ue010-\ue01f]|%EE%80%(?:8[0-2]|9[0-9A-F])/i;

/** A copy of the content with the texts at the given paths wrapped in tag characters. */
export function tagTexts(content: Record<string, unknown>, tagged: FieldPath[]) {
  let copy: unknown = structuredClone(content);
  tagged.forEach((path, index) => {
    const set = (value: unknown, keys: FieldPath): unknown => {
      if (keys.length === 0)
        return typeof value === 'string'
          ? `${START}${encode(index)}${NUMBER_END}${value}${END}`
          : value;
      const [key, ...rest] = keys as [string | number, ...FieldPath];
      const inside = value as Record<string | number, unknown>;
      if (!inside || !(key in inside)) return value;
      inside[key] = set(inside[key], rest);
      return value;
    };
    copy = set(copy, path);
  });
  return copy as Record<string, unknown>;
}

/** Where a drawn page shows its tagged fields: each field's elements, and each element's field. */
export type FieldsShown = {
  /** The elements that show each field's text, the fields in the order the page first shows them. */
  elements: Map<string, Element[]>;
  /** The field each element shows, for a click on it. */
  fieldOf: WeakMap<Element, string>;
};

/** Elements whose text is no text of the page, where a span cannot go. */
const NOT_SHOWN = new Set(['script', 'style', 'title', 'template', 'noscript']);

/**
 * Turns the tag characters of a drawn page into spans, one around each tagged text, and says which
 * span shows which field. A text's span ends where its tag ends, or, where the tag ends in another
 * element (a text the page split over paragraphs), with the element the text starts in. The tag
 * characters in attributes, in what is no text of the page (a script's data, a style, a title)
 * and in a picture's own markup (SVG) are removed.
 * @param tagged The fields tagged, by the number their tag carries (tagTexts).
 */
export function fieldsShownIn(body: HTMLElement, tagged: FieldPath[]): FieldsShown {
  const document = body.ownerDocument;
  const marker = new RegExp(`${START}([\\ue010-\\ue01f]+)${NUMBER_END}|${END}`, 'g');
  /** Each tagged text: its field, and the marks left where its tag starts and ends. */
  const texts: { field: string; start: Comment; end?: Comment }[] = [];
  const open: typeof texts = [];
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const nodes: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  for (const node of nodes) {
    if (node instanceof Element) {
      for (const attribute of node.attributes)
        if (HOLDS_TAG.test(attribute.value)) attribute.value = untagged(attribute.value);
      continue;
    }
    const text = node.textContent ?? '';
    if (!HOLDS_TAG.test(text)) continue;
    const parent = node.parentElement!;
    if (NOT_SHOWN.has(parent.localName) || parent.namespaceURI !== body.namespaceURI) {
      node.textContent = untagged(text);
      continue;
    }
    const pieces: Node[] = [];
    let from = 0;
    for (const found of text.matchAll(marker)) {
      if (found.index > from) pieces.push(document.createTextNode(text.slice(from, found.index)));
      from = found.index + found[0].length;
      const mark = document.createComment('');
      pieces.push(mark);
      const digits = found[1];
      if (digits !== undefined) {
        const opened = { field: fieldName(tagged[decode(digits)] ?? []), start: mark };
        texts.push(opened);
        open.push(opened);
      } else {
        const closed = open.pop();
        if (closed) closed.end = mark;
      }
    }
    if (from < text.length) pieces.push(document.createTextNode(text.slice(from)));
    (node as ChildNode).replaceWith(...pieces);
  }
  // The texts inside others first, so that each span goes inside the span of the text around it.
  const fieldOf = new WeakMap<Element, string>();
  for (const { field, start, end } of [...texts].reverse()) {
    const span = document.createElement('span');
    start.before(span);
    for (let next = span.nextSibling; next && next !== end; next = span.nextSibling)
      span.append(next);
    fieldOf.set(span, field);
  }
  for (const { start, end } of texts) {
    start.remove();
    end?.remove();
  }
  const elements = new Map<string, Element[]>();
  for (const span of body.querySelectorAll('span')) {
    const field = fieldOf.get(span);
    if (field !== undefined) elements.set(field, [...(elements.get(field) ?? []), span]);
  }
  return { elements, fieldOf };
}
