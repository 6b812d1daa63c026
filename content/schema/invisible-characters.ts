/**
 * The characters nobody sees on a page, in one table: a plain space where a reader sees none (at the
 * start or the end of a text, or after another space), and the characters that take no room or look
 * like a plain space (a soft hyphen, the zero-width characters, the marks of text direction, a
 * no-break space away from a number, a tab, a line break in a text of one line). Each row gives the
 * character's name in an editor's words, the marker that shows it where a text is quoted for a
 * reader (the list of changes, a commit, a pull request, the audit log), and its fix.
 *
 * The content check refuses the characters no text needs, and warns at the field of those a text may
 * mean by mistake, each with its fix (./text-rules.ts, scripts/build/content-rules.ts); the change
 * in words shows every one with `shownVisibly`, so that "was X, now X" never hides what changed. It
 * imports nothing, so that the editing view runs it in the browser.
 */

/**
 * What a text is, which decides what it may hold: words people read on one line (`line`), words over
 * several lines whose line breaks show (`lines`), or a code machines read, such as an address, a
 * phone number or an id (`code`), where every character of the table is refused.
 */
export type TextUse = 'line' | 'lines' | 'code';

/** A row of the table, by its id. */
export type InvisibleId =
  | 'spaceAtStart'
  | 'spaceAtEnd'
  | 'spacesInARow'
  | 'lineBreak'
  | 'tab'
  | 'controlCharacter'
  | 'noBreakSpace'
  | 'narrowNoBreakSpace'
  | 'figureSpace'
  | 'thinSpace'
  | 'hairSpace'
  | 'enSpace'
  | 'emSpace'
  | 'ideographicSpace'
  | 'otherSpace'
  | 'softHyphen'
  | 'zeroWidthSpace'
  | 'zeroWidthNonJoiner'
  | 'zeroWidthJoiner'
  | 'wordJoiner'
  | 'byteOrderMark'
  | 'directionMark'
  | 'lineSeparator'
  | 'paragraphSeparator'
  | 'invisibleCharacter';

/** What a fix puts in a character's place: nothing, or a plain space. */
type Replacement = '' | ' ';

export type InvisibleCharacter = {
  id: InvisibleId;
  /** Which characters the row is, one character at a time. */
  characters: RegExp;
  /**
   * For the plain space, where it is nobody sees: at the start or the end of the text, or after
   * another space. Every other row is about its characters wherever they are.
   */
  where?: 'start' | 'end' | 'inARow';
  /** Its name in an editor's words, without "a": 'no-break space'; of several, 'no-break spaces'. */
  name: string;
  plural: string;
  /**
   * How a reader is shown it: a marker in its place, its name in angle brackets (several in a row are
   * one marker that counts them: `⟨2 spaces⟩`).
   */
  marker: string;
  /** Why it matters, as the warning says it after the character's name and place. */
  why: string;
  /** What its fix puts in its place, in words that people read: nothing, or a plain space. */
  fix: Replacement;
  /**
   * What the check does with it in words people read: refuses it (no text needs it) or warns of it
   * (a text may mean it). In a code, every row but the plain space's is refused.
   */
  inWords: 'refused' | 'warned';
  /**
   * Where a text means it, so that nothing is said of it: a no-break space that keeps a number with
   * its unit, a line break in a text of several lines, a joiner inside an emoji.
   */
  meant?: (text: string, index: number, use: TextUse) => boolean;
};

/** Whether a digit stands just before or just after a place: where a no-break space is meant. */
const besideDigit = (text: string, index: number) =>
  /\p{Nd}/u.test(text[index - 1] ?? '') || /\p{Nd}/u.test(text[index + 1] ?? '');

/**
 * Whether the character at a place is part of an emoji (a family, a flag, a skin tone), whose
 * joiners and tags draw one picture: the emoji's grapheme holds a pictograph.
 */
const insideEmoji = (text: string, index: number) => {
  const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text);
  return /\p{Extended_Pictographic}/u.test(graphemes.containing(index)?.segment ?? '');
};

/** What is said of a character that looks like a space and is not one. */
const NOT_A_SPACE = 'which looks like a space but is not one';

/** The rows, the plain space's first: a character is the first row's whose characters it is. */
export const INVISIBLE_CHARACTERS: readonly InvisibleCharacter[] = [
  {
    id: 'spaceAtStart',
    characters: / /,
    where: 'start',
    name: 'space at the start',
    plural: 'spaces at the start',
    marker: '⟨space⟩',
    why: 'which nobody sees',
    fix: '',
    inWords: 'warned',
  },
  {
    id: 'spaceAtEnd',
    characters: / /,
    where: 'end',
    name: 'space at the end',
    plural: 'spaces at the end',
    marker: '⟨space⟩',
    why: 'which nobody sees',
    fix: '',
    inWords: 'warned',
  },
  {
    id: 'spacesInARow',
    characters: / /,
    where: 'inARow',
    name: 'space after a space',
    plural: 'spaces after a space',
    marker: '⟨space⟩',
    why: 'which the page shows as one space',
    fix: '',
    inWords: 'warned',
  },
  {
    id: 'lineBreak',
    characters: /\n/,
    name: 'line break',
    plural: 'line breaks',
    marker: '⟨line break⟩',
    why: 'which the page shows as a space (only a text of several lines keeps its line breaks)',
    fix: ' ',
    inWords: 'warned',
    meant: (_text, _index, use) => use === 'lines',
  },
  {
    id: 'tab',
    characters: /\t/,
    name: 'tab',
    plural: 'tabs',
    marker: '⟨tab⟩',
    why: NOT_A_SPACE,
    fix: ' ',
    inWords: 'refused',
  },
  {
    id: 'controlCharacter',
    characters: /\p{Cc}/u,
    name: 'invisible control character',
    plural: 'invisible control characters',
    marker: '⟨control character⟩',
    why: 'which nobody sees',
    fix: '',
    inWords: 'refused',
  },
  {
    id: 'noBreakSpace',
    characters: /\u00a0/,
    name: 'no-break space',
    plural: 'no-break spaces',
    marker: '⟨no-break space⟩',
    why: 'which looks like a space but keeps two words on one line, as it should only between a number and its unit (£5 million)',
    fix: ' ',
    inWords: 'warned',
    meant: besideDigit,
  },
  {
    id: 'narrowNoBreakSpace',
    characters: /\u202f/,
    name: 'narrow no-break space',
    plural: 'narrow no-break spaces',
    marker: '⟨narrow no-break space⟩',
    why: 'which looks like a space but keeps two words on one line, as it should only between a number and its unit',
    fix: ' ',
    inWords: 'warned',
    meant: besideDigit,
  },
  {
    id: 'figureSpace',
    characters: /\u2007/,
    name: 'figure space',
    plural: 'figure spaces',
    marker: '⟨figure space⟩',
    why: `${NOT_A_SPACE}, and belongs only between digits`,
    fix: ' ',
    inWords: 'warned',
    meant: besideDigit,
  },
  {
    id: 'thinSpace',
    characters: /\u2009/,
    name: 'thin space',
    plural: 'thin spaces',
    marker: '⟨thin space⟩',
    why: NOT_A_SPACE,
    fix: ' ',
    inWords: 'warned',
  },
  {
    id: 'hairSpace',
    characters: /\u200a/,
    name: 'hair space',
    plural: 'hair spaces',
    marker: '⟨hair space⟩',
    why: NOT_A_SPACE,
    fix: ' ',
    inWords: 'warned',
  },
  {
    id: 'enSpace',
    characters: /[\u2000\u2002]/,
    name: 'en space',
    plural: 'en spaces',
    marker: '⟨en space⟩',
    why: NOT_A_SPACE,
    fix: ' ',
    inWords: 'warned',
  },
  {
    id: 'emSpace',
    characters: /[\u2001\u2003]/,
    name: 'em space',
    plural: 'em spaces',
    marker: '⟨em space⟩',
    why: NOT_A_SPACE,
    fix: ' ',
    inWords: 'warned',
  },
  {
    id: 'ideographicSpace',
    characters: /\u3000/,
    name: 'ideographic space',
    plural: 'ideographic spaces',
    marker: '⟨ideographic space⟩',
    why: NOT_A_SPACE,
    fix: ' ',
    inWords: 'warned',
  },
  {
    id: 'otherSpace',
    characters: /(?! )\p{Zs}/u,
    name: 'unusual space',
    plural: 'unusual spaces',
    marker: '⟨unusual space⟩',
    why: NOT_A_SPACE,
    fix: ' ',
    inWords: 'warned',
  },
  {
    id: 'softHyphen',
    characters: /\u00ad/,
    name: 'soft hyphen',
    plural: 'soft hyphens',
    marker: '⟨soft hyphen⟩',
    why: 'which nobody sees unless a line breaks there, and browsers break lines themselves',
    fix: '',
    inWords: 'warned',
  },
  {
    id: 'zeroWidthSpace',
    characters: /\u200b/,
    name: 'zero-width space',
    plural: 'zero-width spaces',
    marker: '⟨zero-width space⟩',
    why: 'which nobody sees',
    fix: '',
    inWords: 'refused',
  },
  {
    id: 'zeroWidthNonJoiner',
    characters: /\u200c/,
    name: 'zero-width non-joiner',
    plural: 'zero-width non-joiners',
    marker: '⟨zero-width non-joiner⟩',
    why: 'which nobody sees',
    fix: '',
    inWords: 'warned',
    meant: insideEmoji,
  },
  {
    id: 'zeroWidthJoiner',
    characters: /\u200d/,
    name: 'zero-width joiner',
    plural: 'zero-width joiners',
    marker: '⟨zero-width joiner⟩',
    why: 'which nobody sees outside an emoji',
    fix: '',
    inWords: 'warned',
    meant: insideEmoji,
  },
  {
    id: 'wordJoiner',
    characters: /\u2060/,
    name: 'word joiner',
    plural: 'word joiners',
    marker: '⟨word joiner⟩',
    why: 'which nobody sees',
    fix: '',
    inWords: 'refused',
  },
  {
    id: 'byteOrderMark',
    characters: /\ufeff/,
    name: 'byte-order mark',
    plural: 'byte-order marks',
    marker: '⟨byte-order mark⟩',
    why: 'which nobody sees',
    fix: '',
    inWords: 'refused',
  },
  {
    id: 'directionMark',
    characters: /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/,
    name: 'text direction mark',
    plural: 'text direction marks',
    marker: '⟨text direction mark⟩',
    why: 'which nobody sees, and which can make a text read in another order than it is written',
    fix: '',
    inWords: 'refused',
  },
  {
    id: 'lineSeparator',
    characters: /\u2028/,
    name: 'line separator',
    plural: 'line separators',
    marker: '⟨line separator⟩',
    why: NOT_A_SPACE,
    fix: ' ',
    inWords: 'refused',
  },
  {
    id: 'paragraphSeparator',
    characters: /\u2029/,
    name: 'paragraph separator',
    plural: 'paragraph separators',
    marker: '⟨paragraph separator⟩',
    why: NOT_A_SPACE,
    fix: ' ',
    inWords: 'refused',
  },
  {
    id: 'invisibleCharacter',
    // The other format characters (invisible maths signs, tags, and the like), the combining
    // grapheme joiner and the Hangul fillers, which draw nothing.
    characters: /[\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/u,
    name: 'invisible character',
    plural: 'invisible characters',
    marker: '⟨invisible character⟩',
    why: 'which nobody sees',
    fix: '',
    inWords: 'warned',
    meant: insideEmoji,
  },
];

/** The row of a character other than the plain space, or undefined for any visible character. */
const rowOf = (character: string) =>
  INVISIBLE_CHARACTERS.find((row) => !row.where && row.characters.test(character));

/**
 * The row of the plain space at each place where it is one nobody sees: at the start, at the end, or
 * in a run of two or more inside the text (each space of the run, the first too).
 */
function spaceRows(text: string): Map<number, InvisibleCharacter> {
  const rows = new Map<number, InvisibleCharacter>();
  const row = (where: InvisibleCharacter['where']) =>
    INVISIBLE_CHARACTERS.find((each) => each.where === where)!;
  const leading = /^ */.exec(text)![0].length;
  const trailing = leading === text.length ? 0 : /( *)$/.exec(text)![1]!.length;
  for (let i = 0; i < leading; i += 1) rows.set(i, row('start'));
  for (let i = text.length - trailing; i < text.length; i += 1) rows.set(i, row('end'));
  for (const run of text.slice(0, text.length - trailing).matchAll(/(?<=[^ ]) {2,}/g))
    for (let i = 0; i < run[0].length; i += 1) rows.set(run.index + i, row('inARow'));
  return rows;
}

/** Each character of a text with its place, counted in UTF-16 code units, as a string counts. */
function* characterPlaces(text: string): Generator<[number, string]> {
  for (let i = 0; i < text.length;) {
    const character = String.fromCodePoint(text.codePointAt(i)!);
    yield [i, character];
    i += character.length;
  }
}

/** Each character of a text nobody sees, by its place, with its row; those a text means too. */
function invisibleAt(text: string): Map<number, InvisibleCharacter> {
  const found = spaceRows(text);
  for (const [i, character] of characterPlaces(text)) {
    const row = character === ' ' ? undefined : rowOf(character);
    if (row) found.set(i, row);
  }
  return new Map([...found].sort(([a], [b]) => a - b));
}

/** Whether the check speaks of the character at a place, of this row, in a text of this use. */
const spoken = (text: string, index: number, row: InvisibleCharacter, use: TextUse) =>
  use === 'code' || !row.meant?.(text, index, use);

/** What the check finds of one row in a text: where the first is, and how many there are. */
export type InvisibleFound = {
  row: InvisibleCharacter;
  /** The place of the first, counted in UTF-16 code units, as a JavaScript string counts. */
  index: number;
  /** How many there are: characters, or for spaces in a row, runs. */
  count: number;
  /** For spaces in a row, how many spaces the first run has. */
  run: number;
  /** Whether the check refuses them or warns of them, in a text of this use. */
  verdict: 'refused' | 'warned';
  use: TextUse;
};

/**
 * The characters nobody sees that a text holds and does not mean, one finding for each row, in the
 * order of their first place. A code refuses every one but the plain space's.
 */
export function findInvisible(text: string, use: TextUse): InvisibleFound[] {
  const found = new Map<InvisibleId, InvisibleFound>();
  for (const [index, row] of invisibleAt(text)) {
    if (!spoken(text, index, row, use)) continue;
    const first = found.get(row.id);
    // Each space of a run but its first goes on the run the first started.
    const runGoesOn = row.where === 'inARow' && text[index - 1] === ' ';
    if (first && runGoesOn && first.count === 1 && index - first.index === first.run)
      first.run += 1;
    else if (first && !runGoesOn) first.count += 1;
    else if (!first) {
      const verdict = use === 'code' && !row.where ? 'refused' : row.inWords;
      found.set(row.id, { row, index, count: 1, run: 1, verdict, use });
    }
  }
  return [...found.values()];
}

/** A character's code, as Unicode writes it: U+00A0. */
const codeOf = (text: string, index: number) =>
  `U+${text.codePointAt(index)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** A name with "a" or "an" before it: a soft hyphen, an en space. */
const withArticle = (name: string) => `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;

/** Up to 24 characters before a place, shown visibly, by which an editor finds it. */
function before(text: string, index: number) {
  // Cut by code point, so that an emoji before the place is not cut in half.
  return [...shownVisibly(text.slice(0, index))].slice(-24).join('');
}

/** What a fix puts in a finding's place, in its text: nothing in a code. */
const replacementOf = (found: InvisibleFound) => (found.use === 'code' ? '' : found.row.fix);

/**
 * What the check says of a finding, after the field's name: which character, where, as an editor
 * cannot find it by looking, and what to do. A refusal reads `has a zero-width space (U+200B) after
 * "The": delete it (…)`; a warning says why the character matters.
 */
export function invisibleMessage(text: string, found: InvisibleFound): string {
  const { row, index, count } = found;
  if (row.where === 'inARow') {
    const where = `after "${before(text, index)}"`;
    if (count === 1) return `has ${found.run} spaces in a row ${where}, ${row.why}: write one`;
    return `has spaces in a row in ${count} places, the first ${where}, ${row.why} each: write one in each`;
  }
  if (row.where) {
    const several = count > 1 ? `${count} ${row.plural}` : withArticle(row.name);
    return `has ${several}, ${row.why}: delete ${count > 1 ? 'them' : 'it'}`;
  }
  const many = count > 1 ? `${count} ${row.plural}, the first` : withArticle(row.name);
  const place = index === 0 ? 'at the start' : `after "${before(text, index)}"`;
  const which = `has ${many} (${codeOf(text, index)}) ${place}`;
  const space = replacementOf(found) === ' ';
  const doIt =
    count > 1
      ? space
        ? 'make them plain spaces'
        : 'delete them'
      : space
        ? 'make it a plain space'
        : 'delete it';
  if (found.verdict === 'refused')
    return `${which}: ${doIt} (it may come from copying out of a document)`;
  return `${which}, ${row.why}: ${doIt}`;
}

/** The words of a finding's fix, as its button says them: "Delete the soft hyphens". */
export function fixWords(found: InvisibleFound): string {
  const { row, count } = found;
  if (row.where === 'inARow')
    return count > 1
      ? 'Write one space for each run of spaces'
      : 'Write one space for the run of spaces';
  const them = count > 1 ? row.plural : row.name;
  if (replacementOf(found) === ' ')
    return `Make the ${them} ${count > 1 ? 'plain spaces' : 'a plain space'}`;
  return `Delete the ${them}`;
}

/**
 * A text with a finding's characters fixed wherever the check speaks of them: deleted, made a plain
 * space, or for spaces in a row, each run made one space.
 */
export function withInvisibleFixed(text: string, found: InvisibleFound): string {
  const { row, use } = found;
  const at = invisibleAt(text);
  let fixed = '';
  for (const [i, character] of characterPlaces(text)) {
    const here = at.get(i);
    if (here?.id !== row.id || !spoken(text, i, here, use)) fixed += character;
    else if (row.where === 'inARow') fixed += text[i - 1] === ' ' ? '' : ' ';
    else fixed += replacementOf(found);
  }
  return fixed;
}

/**
 * A text as a reader is shown it where every character counts (the list of changes, a commit, a pull
 * request, the audit log): each character of the table as its marker, those a text means too (a
 * no-break space in '£5 million' included) but the joiners that draw an emoji; several of one in a
 * row as one marker that counts them, `⟨2 spaces⟩`.
 */
export function shownVisibly(text: string): string {
  const at = invisibleAt(text);
  const marked = (i: number) => {
    const row = at.get(i);
    return row && !(row.meant === insideEmoji && insideEmoji(text, i)) ? row : undefined;
  };
  let shown = '';
  let runOf: { row: InvisibleCharacter; character: string; count: number } | undefined;
  /** Ends a run of one marked character, as its marker, or as one that counts them. */
  const endRun = () => {
    if (!runOf) return;
    const { row, count } = runOf;
    shown += count > 1 ? row.marker.replace(/^⟨(.*)⟩$/, `⟨${count} $1s⟩`) : row.marker;
    runOf = undefined;
  };
  for (const [i, character] of characterPlaces(text)) {
    const row = marked(i);
    if (runOf && row?.marker === runOf.row.marker && character === runOf.character) {
      runOf.count += 1;
      continue;
    }
    endRun();
    if (row) runOf = { row, character, count: 1 };
    else shown += character;
  }
  endRun();
  return shown;
}
