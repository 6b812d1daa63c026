import { expect, test } from '@playwright/test';
import {
  findInvisible,
  fixWords,
  INVISIBLE_CHARACTERS,
  invisibleMessage,
  shownVisibly,
  withInvisibleFixed,
  type TextUse,
} from '../../content/schema/invisible-characters';

/**
 * The table of characters nobody sees, tried on every character it names: each is found in a text
 * between words, fixed by its fix, and shown by its marker; the plain space where nobody sees it
 * (at the start, the end, two in a row), and the characters a text means (a no-break space that
 * keeps a number with its unit, the joiners of an emoji) are said apart.
 */

/**
 * Every character of each row of the table, by the row's id, generated from the rows' own classes
 * over every code point: a character is the first row's whose class it is in.
 */
const charactersByRow = (() => {
  const rows = INVISIBLE_CHARACTERS.filter((row) => !row.where);
  // Most code points are in no row: one class of them all passes over those at once.
  const anyRow = new RegExp(rows.map((row) => row.characters.source).join('|'), 'u');
  const byRow = new Map<string, string[]>(rows.map((row) => [row.id, []]));
  for (let code = 0; code <= 0x10ffff; code += 1) {
    // Surrogates are halves of characters, not characters.
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCodePoint(code);
    if (!anyRow.test(character)) continue;
    const first = rows.find((row) => row.characters.test(character));
    if (first) byRow.get(first.id)!.push(character);
  }
  return byRow;
})();

const uses: TextUse[] = ['line', 'lines', 'code'];

for (const row of INVISIBLE_CHARACTERS.filter((each) => !each.where))
  test(`every ${row.name} between two words is found, fixed and shown as ${row.marker}`, () => {
    const characters = charactersByRow.get(row.id)!;
    expect(characters.length, `the characters of ${row.id}`).toBeGreaterThan(0);
    for (const character of characters)
      for (const use of uses) {
        // Between letters, where no text means it (a no-break space means something by a digit).
        const text = `Contact${character}us`;
        const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
        const found = findInvisible(text, use);
        if (use === 'lines' && row.id === 'lineBreak') {
          expect(found, 'a line break in a text of several lines').toEqual([]);
          continue;
        }
        expect(
          found.map((each) => each.row.id),
          `${code} in a ${use}`,
        ).toEqual([row.id]);
        const [finding] = found;
        expect(finding!.verdict).toBe(use === 'code' ? 'refused' : row.inWords);
        expect(invisibleMessage(text, finding!)).toContain(`(${code}) after "Contact"`);
        const fixed = withInvisibleFixed(text, finding!);
        expect(fixed).toBe(use === 'code' || row.fix === '' ? 'Contactus' : 'Contact us');
        expect(findInvisible(fixed, use)).toEqual([]);
        expect(fixWords(finding!)).toMatch(/^(Delete|Make) the /);
        expect(shownVisibly(text)).toBe(`Contact${row.marker}us`);
      }
  });

test('a plain space is spoken of where nobody sees it: at the start, at the end, and in a run', () => {
  const cases: [string, string, string, string][] = [
    [
      ' Contact us',
      'has a space at the start, which nobody sees: delete it',
      'Contact us',
      '⟨space⟩Contact us',
    ],
    [
      'Contact us  ',
      'has 2 spaces at the end, which nobody sees: delete them',
      'Contact us',
      'Contact us⟨2 spaces⟩',
    ],
    [
      'Contact  us',
      'has 2 spaces in a row after "Contact", which the page shows as one space: write one',
      'Contact us',
      'Contact⟨2 spaces⟩us',
    ],
    [
      'Call  us   now',
      'has spaces in a row in 2 places, the first after "Call", which the page shows as one space each: write one in each',
      'Call us now',
      'Call⟨2 spaces⟩us⟨3 spaces⟩now',
    ],
  ];
  for (const [text, message, fixed, shown] of cases)
    for (const use of uses) {
      const [finding, ...more] = findInvisible(text, use);
      expect(more).toEqual([]);
      expect(finding!.verdict).toBe('warned');
      expect(invisibleMessage(text, finding!)).toBe(message);
      expect(withInvisibleFixed(text, finding!)).toBe(fixed);
      expect(shownVisibly(text)).toBe(shown);
    }
  expect(findInvisible('Contact us', 'line')).toEqual([]);
  expect(shownVisibly('Contact us')).toBe('Contact us');
});

test('a no-break space beside a digit, and the joiners of an emoji, are meant: said of nothing', () => {
  for (const text of ['£5\u00a0million', 'FSP No.\u00a012345', '1\u202f000 clients', '5\u2007000'])
    expect(findInvisible(text, 'line'), text).toEqual([]);
  // Shown all the same, so that a change from a plain space to a no-break one is seen.
  expect(shownVisibly('£5\u00a0million')).toBe('£5⟨no-break space⟩million');
  for (const emoji of [
    '👩\u200d💻',
    '👨\u200d👩\u200d👧',
    '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}',
  ]) {
    expect(findInvisible(`Our team ${emoji}`, 'line'), emoji).toEqual([]);
    expect(shownVisibly(`Our team ${emoji}`)).toBe(`Our team ${emoji}`);
  }
  // A code holds no emoji, and no no-break space: every character of the table is refused there.
  expect(findInvisible('£5\u00a0million', 'code').map((found) => found.verdict)).toEqual([
    'refused',
  ]);
});
