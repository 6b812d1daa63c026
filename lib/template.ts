/**
 * A {slot} in a content text, a value the site fills in, with its name captured. Plain-text fillings
 * use it here, and TemplateText uses it to put links where a sentence names them, so both find the
 * same slots.
 */
export const SLOT = /\{(\w+)\}/g;

/** The value for each slot that a content text may use. */
type TemplateValues = Readonly<Record<string, string | number>>;

/**
 * Fills the `{name}` slots of a content text.
 * @param text Content text, e.g. 'At least {minimumPortfolio}.'
 * @param values The value for each slot the text may use.
 * @returns The text with every slot filled in.
 * @throws Error naming the slot when the text uses one that `values` does not offer, so that a
 *   misspelt slot stops the build instead of reaching a visitor as '{nmae}'.
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  const slotNames = Array.from(text.matchAll(SLOT), (match) => match[1]!);
  const unknownName = slotNames.find((name) => !(name in values));
  if (unknownName !== undefined) throw new Error(`Unknown slot {${unknownName}} in "${text}"`);
  return text.replace(SLOT, (_slot, name: string) => String(values[name]));
}
