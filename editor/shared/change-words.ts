/**
 * A change to one field in words, the one way every reader meets it: the editing view's list of
 * changes, the commit of a proposal and so its pull request's description, and the editing
 * service's audit log (which keeps the exact values beside it). The value is written once, with
 * the words removed and added marked where they stand (a word diff, by the `diff` package), and
 * each character nobody sees written visibly (`shownVisibly`, over the one table of
 * content/schema/invisible-characters.ts).
 * The view draws it; `asText` writes it for a commit and a log, `asMarkdown` for a pull request,
 * with every character Markdown or HTML would read escaped, so that a value holding `<!--` or `**`
 * shows as typed and hides nothing after it. It imports nothing of Node's: the view runs it.
 */
import { diffWordsWithSpace } from 'diff';
import { shownVisibly } from '../../content/schema/invisible-characters';
import { inWords } from './values';

/** A piece of the value in words: kept, removed or added. */
export type WordPart = { text: string; change?: 'removed' | 'added' };

/** One field changed: its path, its name in words, both exact values, and the value marked. */
export type ChangeInWords = {
  field: (string | number)[];
  words: string;
  before: unknown;
  after: unknown;
  parts: WordPart[];
};

/** A value with each of its texts shown visibly (content/schema/invisible-characters.ts). */
function visibly(value: unknown): unknown {
  if (typeof value === 'string') return shownVisibly(value);
  if (Array.isArray(value)) return value.map(visibly);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inside]) => [key, visibly(inside)]));
  return value;
}

/** A field's change in words, from its two values. */
export function changeInWords(change: {
  field: (string | number)[];
  words: string;
  before: unknown;
  after: unknown;
}): ChangeInWords {
  const diffed = diffWordsWithSpace(
    inWords(visibly(change.before)),
    inWords(visibly(change.after)),
  );
  // Words changed with only spaces kept between them read as one passage removed and one added,
  // not as a word of each in turn.
  const parts: WordPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) parts.push({ text: removed, change: 'removed' });
    if (added) parts.push({ text: added, change: 'added' });
    removed = added = '';
  };
  diffed.forEach((part, i) => {
    const between = (removed || added) && /^\s+$/.test(part.value) && diffed[i + 1] !== undefined;
    if (part.removed || between) removed += part.value;
    if (part.added || between) added += part.value;
    if (part.removed || part.added || between) return;
    flush();
    parts.push({ text: part.value });
  });
  flush();
  return { ...change, parts };
}

/** A change as plain text, marked as `git diff --word-diff` marks it: [-removed-]{+added+}. */
export function asText(change: ChangeInWords): string {
  const value = change.parts
    .map(({ text, change: how }) =>
      how === 'removed' ? `[-${text}-]` : how === 'added' ? `{+${text}+}` : text,
    )
    .join('');
  return `${change.words}: ${value}`;
}

/**
 * Text that Markdown and HTML show as it is, inside a line: each mark that could begin emphasis,
 * code, a link, a table cell or strikethrough escaped with a backslash (CommonMark shows an escaped
 * mark as itself), and `<`, `>` and `&` as entities, which no HTML comment, tag or entity can begin
 * with. A line break never reaches it: the table shows it as ⟨line break⟩ first.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]~|!]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A change as a line of Markdown: the field in bold, the value with <del> and <ins>. */
export function asMarkdown(change: ChangeInWords): string {
  const value = change.parts
    .map(({ text, change: how }) => {
      const escaped = escapeMarkdown(text);
      return how === 'removed'
        ? `<del>${escaped}</del>`
        : how === 'added'
          ? `<ins>${escaped}</ins>`
          : escaped;
    })
    .join('');
  return `- **${escapeMarkdown(change.words)}**: ${value}`;
}
