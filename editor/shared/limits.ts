/**
 * The editing service's own limits, counted in characters as an editor counts them (each letter,
 * space or emoji one, whatever its size in bytes), and said in words: the view refuses a value or a
 * title over its limit before sending it, and the service refuses it again, so that nothing over a
 * limit reaches git, GitHub or the audit log. A value's limit keeps the largest save well under the
 * 64 kB body the web server and the service take; a title's keeps a pull request's title, which
 * GitHub refuses past 256 characters, on one line.
 */

/** The most characters of one text in a value: a paragraph is a few hundred. */
export const VALUE_LIMIT = 4000;

/** The most characters of a change's title, which is its pull request's title. */
export const TITLE_LIMIT = 120;

/** A text's length in characters (code points), not in UTF-16 units. */
export const charactersIn = (text: string) => [...text].length;

/** A count as an editor reads it: 100,000. */
const counted = (n: number) => n.toLocaleString('en-GB');

/** Why a value is too long to save, in words, or undefined: each text in it is checked. */
export function valueTooLong(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const length = charactersIn(value);
    return length > VALUE_LIMIT
      ? `it is ${counted(length)} characters long, and a field takes at most ${counted(VALUE_LIMIT)}: shorten it, or split it over several fields`
      : undefined;
  }
  if (value && typeof value === 'object')
    for (const inside of Object.values(value)) {
      const why = valueTooLong(inside);
      if (why) return why;
    }
  return undefined;
}

/** Why a change's title cannot be one, in words, or undefined. */
export function titleProblem(title: string): string | undefined {
  if (title.trim() === '') return 'say in a few words what the change is for';
  if (/[\r\n]/.test(title)) return 'write the title on one line';
  const length = charactersIn(title.trim());
  return length > TITLE_LIMIT
    ? `the title is ${counted(length)} characters long, and a change's title may have at most ${counted(TITLE_LIMIT)} (it becomes the title of its pull request): say it in fewer words`
    : undefined;
}
