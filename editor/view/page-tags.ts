/**
 * The tags the page beside the form puts around the texts of the fields it shows, so that a click on
 * a text selects its field: each tagged text is wrapped in invisible characters as it goes into the
 * page, and they come out of the drawn HTML as spans naming their field (`data-editor-field`).
 * Inside a tag's attribute, a script, a style or the title, where a span cannot go, they are
 * removed. ("Tag" here is the page's; a field's kind, in content/schema, is something else.)
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

/** The HTML with each tagged text's characters made a span naming its field. */
export function spansForTags(html: string, tagged: FieldPath[]) {
  const parts = html.split(
    /(<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>|<title\b[\s\S]*?<\/title>|<[^>]*>)/,
  );
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return untagged(part);
      return part
        .replace(
          new RegExp(`${START}([\\ue010-\\ue01f]+)${NUMBER_END}`, 'g'),
          (_, digits: string) =>
            `<span data-editor-field="${fieldName(tagged[decode(digits)] ?? []).replace(/"/g, '&quot;')}">`,
        )
        .replaceAll(END, '</span>');
    })
    .join('');
}
