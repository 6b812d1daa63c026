/**
 * The rules a text follows on its own, whatever field holds it: none of the invisible characters it
 * cannot need (./invisible-characters.ts), no HTML or Markdown in texts people read, only the {slots}
 * a text offers, and the statutory words a regulator prescribes. The shapes in ./index.ts give each
 * field one of these rules. Every message is read by an editor, so it says what is wrong and what to
 * write instead.
 */
import { z } from 'zod';
import {
  findInvisible,
  fixWords,
  invisibleMessage,
  withInvisibleFixed,
  type TextUse,
} from './invisible-characters';
import { TEXT_KINDS, textKinds, type TextKind } from './text-kinds';

/**
 * The HTML standard's valid e-mail address (https://html.spec.whatwg.org/#valid-e-mail-address).
 */
export const EMAIL = z.regexes.html5Email;

/**
 * The fix of a refusal or a warning that one click can make, as its button says it and the value it
 * writes: a content check's issue carries it in its params, and the editing view offers it.
 */
export type Fix = { words: string; value: string };

/**
 * The first character of the table (./invisible-characters.ts) that a text of this use may not
 * hold: its message, which says which it is and after which words, since an editor cannot find it
 * by looking, and the fix that deletes every one of its row.
 */
function refusedCharacter(value: string, use: TextUse): { message: string; fix: Fix } | undefined {
  const found = findInvisible(value, use).find((each) => each.verdict === 'refused');
  if (!found) return undefined;
  const fix = { words: fixWords(found), value: withInvisibleFixed(value, found) };
  return { message: invisibleMessage(value, found), fix };
}
/**
 * An address, number, name or code that machines read (a link, a phone number, an id): no invisible
 * characters at all. One stops the rules that follow, whose own message would only confuse.
 */
export const noInvisibleCharacters = z.string().superRefine((value, ctx) => {
  const found = refusedCharacter(value, 'code');
  if (found)
    ctx.addIssue({
      code: 'custom',
      message: found.message,
      params: { fix: found.fix },
      continue: false,
    });
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
 * A text people read on the page, of a kind (./text-kinds.ts: a line, unless said): no HTML, no
 * Markdown, none of the invisible characters no text needs (those a text may mean by mistake, a
 * soft hyphen or a no-break space away from a number, the check warns of), and only the slots it
 * offers, written as the editor writes them: '{a} {b}'.
 */
export const readableText = (
  offers = '',
  { blank = false, kind = 'line' }: { blank?: boolean; kind?: TextKind } = {},
) => {
  const schema = z.string().superRefine((value, ctx) => {
    const addIssue = (message: string, fix?: Fix) =>
      ctx.addIssue({ code: 'custom', message, ...(fix && { params: { fix } }) });
    const offer = offers || 'none';
    if (!blank && !value.trim()) addIssue('is empty: write the text');
    const found = refusedCharacter(value, TEXT_KINDS[kind].lines ? 'lines' : 'line');
    if (found) addIssue(found.message, found.fix);
    for (const [pattern, hint] of markupSlips) {
      const m = pattern.exec(value);
      if (m) return addIssue(hint(m, offer));
    }
    for (const [used] of value.matchAll(/\{\w+\}/g))
      if (!offers.includes(used)) addIssue(`uses ${used}; this text offers ${offer}`);
  });
  textKinds.add(schema, { text: kind });
  return schema;
};

/** The abbreviations of the regulators' names, which statutory texts write in full. */
export const REGULATORS = /\b(PRA|FCA|FSCA|JFSC|GFSC|IOMFSA|FSA)\b/;
/** A statutory text: it must say each of these words in full, and none of the abbreviations. */
export const statutoryText = (offers: string, must: string[], never = REGULATORS) =>
  readableText(offers, { kind: 'statutory' }).superRefine((value, ctx) => {
    const missing = must.filter((words) => !value.includes(words)).map((words) => `"${words}"`);
    const message = `must say ${missing.join(' and ')}, as the regulations word it`;
    if (missing.length > 0) ctx.addIssue({ code: 'custom', message });
    const short = never.exec(value)?.[0];
    const inFull = `abbreviates a regulator's name (${short}): write the name in full`;
    if (short) ctx.addIssue({ code: 'custom', message: inFull });
  });
