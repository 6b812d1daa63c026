/** A {placeholder} in a content text, its name captured (the schema checks them as editors write). */
export const PLACEHOLDER = /\{(\w+)\}/g;

type TemplateValues = Readonly<Record<string, string | number>>;

/** Fills a content text's `{name}` placeholders; throws on one that `values` does not offer. */
export function fillTemplate(text: string, values: TemplateValues): string {
  const unknown = Array.from(text.matchAll(PLACEHOLDER), (m) => m[1]!).find((n) => !(n in values));
  if (unknown !== undefined) throw new Error(`Unknown placeholder {${unknown}} in "${text}"`);
  return text.replace(PLACEHOLDER, (_, name: string) => String(values[name]));
}
