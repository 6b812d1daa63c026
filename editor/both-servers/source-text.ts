/**
 * A value of a content file written as the file's own source: text in single quotes, numbers bare,
 * lists in brackets and groups in braces. Prettier lays the result out afterwards, so this only has
 * to be correct, not pretty. Characters nobody sees are written as escapes (\u00a0), as the content
 * files already write them, so that an editor reading the file can find them.
 */

/** Characters a reader of the source could not see or that end the quoted text: escaped. */
const ESCAPED =
  /[\\'\u0000-\u001f\u007f-\u00a0\u00ad\u2000-\u200f\u2028-\u202f\u205f-\u2064\ufeff]/gu;

/** Names a content file's key as it is written: a plain name bare, anything else quoted. */
export const keyText = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : quoted(key));

/** A text in single quotes, with quotes, backslashes, line breaks and invisible characters escaped. */
function quoted(text: string): string {
  const escaped = text.replace(ESCAPED, (character) => {
    if (character === '\n') return '\\n';
    if (character === "'" || character === '\\') return `\\${character}`;
    return `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`;
  });
  return `'${escaped}'`;
}

/**
 * The source text of a value read from a content file (text, number, true or false, list, group).
 * @throws On anything else, which no form field produces.
 */
export function sourceText(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(sourceText).join(', ')}]`;
  if (value && typeof value === 'object')
    return `{ ${Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .map(([key, field]) => `${keyText(key)}: ${sourceText(field)}`)
      .join(', ')} }`;
  throw new TypeError(`a content file cannot hold ${String(value)}`);
}
