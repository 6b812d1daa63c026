import type { Paragraph } from '../../content/schema';

/**
 * A content text as a visitor reads it, with each {slot} filled in. Written here rather than
 * imported from lib/, so that the tests do not check the site's code against itself. `values` may
 * be a whole content object, such as `site` for {name} and {division}.
 */
export function filled(text: string, values: object): string {
  return Object.entries(values).reduce(
    (result, [name, value]) => result.replaceAll(`{${name}}`, String(value)),
    text,
  );
}

/** A content paragraph as a visitor reads it: its texts and its links' labels, in order. */
export function paragraphText(
  paragraph: Paragraph,
  values: Readonly<Record<string, string>> = {},
): string {
  const parts = typeof paragraph === 'string' ? [paragraph] : paragraph;
  return filled(
    parts.map((part) => (typeof part === 'string' ? part : part.label)).join(''),
    values,
  );
}
