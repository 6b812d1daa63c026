/**
 * A {placeholder} in a content text, with its name captured. Plain-text fillings use it here, and
 * TemplateText uses it to put links where a sentence names them, so both find the same
 * placeholders.
 */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** The value for each placeholder that a content text may use. */
type TemplateValues = Readonly<Record<string, string | number>>;

/**
 * Fills the `{name}` placeholders of a content text.
 * @param text Content text, e.g. 'At least {minimumPortfolio}.'
 * @param values The value for each placeholder the text may use.
 * @returns The text with every placeholder replaced.
 * @throws Error naming the placeholder when the text uses one that `values` does not offer, so that
 *   a misspelt placeholder stops the build instead of reaching a visitor as '{nmae}'.
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  const placeholderNames = Array.from(text.matchAll(PLACEHOLDER), (match) => match[1]!);
  const unknownName = placeholderNames.find((name) => !(name in values));
  if (unknownName !== undefined)
    throw new Error(`Unknown placeholder {${unknownName}} in "${text}"`);
  return text.replace(PLACEHOLDER, (_placeholder, name: string) => String(values[name]));
}
