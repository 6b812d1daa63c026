import { expect, test } from '@playwright/test';
import prettier from 'prettier';
import { listSource } from '../../editor/list-source';

/**
 * How the editing view rewrites a list whose items were added, removed or moved (issue #32, item
 * 5): each comment a developer wrote stays, beside the item it was written beside. The editing
 * spec tries it through the view; these are the corners a view's buttons reach only by chance.
 * Each result is laid out by Prettier, as the view lays out the file it writes.
 */

/** A content file holding one list, and the list's items as written in it. */
async function rewritten(list: string, before: unknown[], after: unknown[]) {
  const source = `export const x = {\n  list: ${list},\n};\n`;
  const text = listSource(source, source.indexOf('['), before, after);
  expect(text, 'a list starts at its bracket').toBeDefined();
  const edited = source.replace(list, text!);
  return prettier.format(edited, { parser: 'typescript', singleQuote: true, printWidth: 100 });
}

/** The file as Prettier writes it with this list. */
const file = (...listLines: string[]) => `export const x = {\n${listLines.join('\n')}\n};\n`;

test('an item with a comment after it, last and without a comma, moves first with its comment', async () => {
  expect(await rewritten("[\n    'a',\n    'b' // about b\n  ]", ['a', 'b'], ['b', 'a'])).toBe(
    file('  list: [', "    'b', // about b", "    'a',", '  ],'),
  );
});

test('an item with a comment after it, moved last, leaves the closing bracket on a line of its own', async () => {
  expect(await rewritten("[\n    'a', // about a\n    'b']", ['a', 'b'], ['b', 'a'])).toBe(
    file('  list: [', "    'b',", "    'a', // about a", '  ],'),
  );
});

test('a comment between an item and its comma stays with the item', async () => {
  expect(await rewritten("['a' /* first */, 'b']", ['a', 'b'], ['b', 'a'])).toBe(
    file("  list: ['b', 'a' /* first */],"),
  );
});

test('an empty list takes its first item, and a one-line list another', async () => {
  expect(await rewritten('[]', [], ['en'])).toBe(file("  list: ['en'],"));
  expect(await rewritten("['en']", ['en'], ['en', 'af'])).toBe(file("  list: ['en', 'af'],"));
});

test('an item written twice keeps each of its comments, in order', async () => {
  const list = "[\n    // one\n    'a',\n    // two\n    'a',\n  ]";
  expect(await rewritten(list, ['a', 'a'], ['b', 'a', 'a'])).toBe(
    file('  list: [', "    'b',", '    // one', "    'a',", '    // two', "    'a',", '  ],'),
  );
});

test('emptied, a list keeps the comment after its last item and loses the one above it', async () => {
  const list = "[\n    // about a\n    'a',\n    // more to come\n  ]";
  expect(await rewritten(list, ['a'], [])).toBe(file('  list: [', '    // more to come', '  ],'));
});

test('an item changed in place is written afresh where it stands', async () => {
  const list = "[\n    { id: 'a', label: 'A' }, // about a\n    { id: 'b', label: 'B' },\n  ]";
  const [a, b] = [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
  ];
  expect(await rewritten(list, [a, b], [a, { ...b, label: 'Bee' }])).toBe(
    file(
      '  list: [',
      "    { id: 'a', label: 'A' }, // about a",
      "    { id: 'b', label: 'Bee' },",
      '  ],',
    ),
  );
});
