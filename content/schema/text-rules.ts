/**
 * The rules a text follows on its own, whatever field holds it: no invisible characters where nobody
 * would see them, no HTML or Markdown in texts people read, only the {slots} a text offers,
 * and the statutory words a regulator prescribes. The shapes in ./index.ts give each field one of
 * these rules. Every message is read by an editor, so it says what is wrong and what to write instead.
 */
import { z } from 'zod';

/**
 * The HTML standard's valid e-mail address (https://html.spec.whatwg.org/#valid-e-mail-address).
 */
export const EMAIL = z.regexes.html5Email;

/** The invisible characters an editor most likely pastes, by the name the message gives them. */
const INVISIBLE_NAMES: Record<string, string> = {
  '\t': 'a tab',
  '\n': 'a line break',
  '\u00a0': 'a no-break space',
  '\u00ad': 'a soft hyphen',
  '\u200b': 'a zero-width space',
  '\u200c': 'a zero-width non-joiner',
  '\u200d': 'a zero-width joiner',
  '\u2060': 'a word joiner',
  '\ufeff': 'a byte-order mark',
};
/**
 * Every character nobody sees on the page: controls, spaces other than the plain one, joiners, marks
 * of text direction, the byte-order mark. Those not in INVISIBLE_NAMES are called control characters.
 */
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u00a0\u00ad\u200b-\u200f\u2028-\u202f\u2060-\u2064\u2066-\u2069\ufeff]/u;
/**
 * The message for the first invisible character in a value, other than those allowed: which one it
 * is, and after which words, since an editor cannot find it by looking.
 */
function invisibleCharacterMessage(value: string, allowed = ''): string | undefined {
  // Spread by code point, so that an emoji before the character is not cut in half in the message.
  const characters = [...value];
  const index = characters.findIndex((c) => INVISIBLE.test(c) && !allowed.includes(c));
  const character = characters[index];
  if (!character) return undefined;
  const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const where =
    index === 0 ? 'at the start' : `after "${characters.slice(0, index).join('').slice(-24)}"`;
  return `has ${INVISIBLE_NAMES[character] ?? 'an invisible control character'} (${code}) ${where}: delete it (it may come from copying out of a document)`;
}
/**
 * An address, number, name or code that machines read (a link, a phone number, an id): no invisible
 * characters at all. One stops the rules that follow, whose own message would only confuse.
 */
export const noInvisibleCharacters = z.string().superRefine((value, ctx) => {
  const found = invisibleCharacterMessage(value);
  if (found) ctx.addIssue({ code: 'custom', message: found, continue: false });
});
/** A text rule; its message reads `"value" is not {what}: write it like {example}`. */
export const rule = (test: RegExp | ((value: string) => boolean), what: string, example: string) =>
  noInvisibleCharacters.refine((v) => (typeof test === 'function' ? test(v) : test.test(v)), {
    error: (issue) => `"${String(issue.input)}" is not ${what}: write it like ${example}`,
  });
/**
 * What an editor used to HTML, Markdown or code might type into a text, and what to write instead.
 * Only the first that matches is reported: one markup slip usually explains the others.
 */
const markupSlips: [RegExp, (m: RegExpExecArray, offer: string) => string][] = [
  [
    /<\/?[a-z][a-z0-9]*\b[^<>]*>/i,
    (m) => `has the HTML tag ${m[0]}: texts are plain, so write the words alone`,
  ],
  [
    /\[([^\]]+)\]\(([^)\s]*)\)/,
    (m) =>
      `has the Markdown link ${m[0]}: in a paragraph, write ['…', { label: '${m[1]}', href: '${m[2]}' }, '…']; elsewhere, the words alone`,
  ],
  [
    /(\*\*|__)(\S(?:.*?\S)?)\1|(?<![\w*])([*_])(\S(?:[^*_]*?\S)?)\3(?![\w*])/,
    (m) => `has the Markdown emphasis ${m[0]}: texts are plain, so write ${m[2] ?? m[4]}`,
  ],
  [
    /^#{1,6}\s/,
    () =>
      'starts with a Markdown heading mark (#): write the words alone; headings have fields of their own',
  ],
  [
    /^\s*(?:[-*+•]|\d+[.)])\s/,
    () =>
      'starts like a Markdown list item: write each point as a text of its own, without the mark',
  ],
  [
    /\$\{/,
    (_m, offer) =>
      `has \${: a value the site fills in is written {name}, without $ (this text offers ${offer})`,
  ],
  [
    /\{\s+\w+\s*\}|\{\w+\s+\}/,
    (m) => `writes ${m[0]} with spaces: write {${m[0].replace(/[{}\s]/g, '')}}`,
  ],
  [
    /\{(?!\w+\})|(?<!\{\w+)\}/,
    (_m, offer) =>
      `has a brace without its pair: braces only mark the values the site fills in (this text offers ${offer})`,
  ],
];
/**
 * A text people read on the page: no HTML, no Markdown, no invisible characters but those a text may
 * need (a line break, a no-break space, a soft hyphen, the joiners of emoji and a narrow no-break
 * space), and only the slots it offers, written as the editor writes them: '{a} {b}'.
 */
export const readableText = (offers = '', { blank = false } = {}) =>
  z.string().superRefine((value, ctx) => {
    const addIssue = (message: string) => ctx.addIssue({ code: 'custom', message });
    const offer = offers || 'none';
    if (!blank && !value.trim()) addIssue('is empty: write the text');
    const found = invisibleCharacterMessage(value, '\n\u00a0\u00ad\u200c\u200d\u202f');
    if (found) addIssue(found);
    for (const [pattern, hint] of markupSlips) {
      const m = pattern.exec(value);
      if (m) return addIssue(hint(m, offer));
    }
    for (const [used] of value.matchAll(/\{\w+\}/g))
      if (!offers.includes(used)) addIssue(`uses ${used}; this text offers ${offer}`);
  });

/** The abbreviations of the regulators' names, which statutory texts write in full. */
export const REGULATORS = /\b(PRA|FCA|FSCA|JFSC|GFSC|IOMFSA|FSA)\b/;
/** A statutory text: it must say each of these words in full, and none of the abbreviations. */
export const statutoryText = (offers: string, must: string[], never = REGULATORS) =>
  readableText(offers).superRefine((value, ctx) => {
    const missing = must.filter((words) => !value.includes(words)).map((words) => `"${words}"`);
    const message = `must say ${missing.join(' and ')}, as the regulations word it`;
    if (missing.length > 0) ctx.addIssue({ code: 'custom', message });
    const short = never.exec(value)?.[0];
    const inFull = `abbreviates a regulator's name (${short}): write the name in full`;
    if (short) ctx.addIssue({ code: 'custom', message: inFull });
  });
