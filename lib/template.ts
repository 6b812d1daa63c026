/** Values a content text may name in `{braces}`. */
type TemplateValues = Readonly<Record<string, string | number>>;

/**
 * Fills the `{name}` placeholders of a content text.
 * @param text Content text, e.g. 'At least {minimumPortfolio}.'
 * @param values The value for each placeholder the text may use.
 * @returns The text with every placeholder replaced.
 * @throws Error naming the placeholder when the text uses one that `values` does not offer.
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  const unknown = placeholdersOf(text).find((name) => values[name] === undefined);
  if (unknown !== undefined) throw new Error(`Unknown placeholder {${unknown}} in "${text}"`);
  return fillKnown(text, values);
}

/**
 * A content text with the placeholders these values fill, any other left as written; for measuring
 * a text before every value is known.
 */
export function fillKnown(text: string, values: TemplateValues): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    String(values[name] ?? placeholder),
  );
}

/**
 * The placeholders a content text uses.
 * @param text Content text.
 * @returns Their names, without braces, in order of appearance.
 */
function placeholdersOf(text: string): string[] {
  return Array.from(text.matchAll(/\{(\w+)\}/g), (match) => match[1] ?? '');
}
