import { expect, test } from '@playwright/test';
import prettier from 'prettier';
import { piecewiseSource } from '../../editor/both-servers/piecewise-source';

/**
 * How the editing view rewrites a list whose items were added, removed or moved, or a group whose
 * optional field was filled or emptied (issue #32, item 5): each comment a developer wrote stays,
 * beside the item or field it was written beside. The editing spec tries it through the view;
 * these are the corners a view's buttons reach only by chance. Each result is laid out by
 * Prettier, as the view lays out the file it writes.
 */

/** A content file holding one list or group, rewritten from `before` to `after`. */
async function rewritten(written: string, before: unknown, after: unknown) {
  const source = `export const x = {\n  value: ${written},\n};\n`;
  const text = piecewiseSource(source, source.indexOf(written), before, after);
  expect(text, 'a list or group starts at its bracket or brace').toBeDefined();
  const edited = source.replace(written, text!);
  return prettier.format(edited, { parser: 'typescript', singleQuote: true, printWidth: 100 });
}

/** The file as Prettier writes it with this value. */
const file = (...lines: string[]) => `export const x = {\n${lines.join('\n')}\n};\n`;

test('an item with a comment after it, last and without a comma, moves first with its comment', async () => {
  expect(await rewritten("[\n    'a',\n    'b' // about b\n  ]", ['a', 'b'], ['b', 'a'])).toBe(
    file('  value: [', "    'b', // about b", "    'a',", '  ],'),
  );
});

test('an item with a comment after it, moved last, leaves the closing bracket on a line of its own', async () => {
  expect(await rewritten("[\n    'a', // about a\n    'b']", ['a', 'b'], ['b', 'a'])).toBe(
    file('  value: [', "    'b',", "    'a', // about a", '  ],'),
  );
});

test('a comment between an item and its comma stays with the item', async () => {
  expect(await rewritten("['a' /* first */, 'b']", ['a', 'b'], ['b', 'a'])).toBe(
    file("  value: ['b', 'a' /* first */],"),
  );
});

test('an empty list takes its first item, and a one-line list another', async () => {
  expect(await rewritten('[]', [], ['en'])).toBe(file("  value: ['en'],"));
  expect(await rewritten("['en']", ['en'], ['en', 'af'])).toBe(file("  value: ['en', 'af'],"));
});

test('an item written twice keeps each of its comments, in order', async () => {
  const list = "[\n    // one\n    'a',\n    // two\n    'a',\n  ]";
  expect(await rewritten(list, ['a', 'a'], ['b', 'a', 'a'])).toBe(
    file('  value: [', "    'b',", '    // one', "    'a',", '    // two', "    'a',", '  ],'),
  );
});

test('emptied, a list keeps the comment after its last item and loses the one above it', async () => {
  const list = "[\n    // about a\n    'a',\n    // more to come\n  ]";
  expect(await rewritten(list, ['a'], [])).toBe(file('  value: [', '    // more to come', '  ],'));
});

test('an item changed in place is written afresh where it stands', async () => {
  const list = "[\n    { id: 'a', label: 'A' }, // about a\n    { id: 'b', label: 'B' },\n  ]";
  const [a, b] = [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
  ];
  expect(await rewritten(list, [a, b], [a, { ...b, label: 'Bee' }])).toBe(
    file(
      '  value: [',
      "    { id: 'a', label: 'A' }, // about a",
      "    { id: 'b', label: 'Bee' },",
      '  ],',
    ),
  );
});

test("a group's optional field, filled, comes last, and the comments in the group stay", async () => {
  const group = [
    '{',
    '    // What visitors see.',
    "    label: 'Call',",
    "    subject: 'Hi', // The e-mail's subject line.",
    '  }',
  ].join('\n');
  const before = { label: 'Call', subject: 'Hi' };
  expect(await rewritten(group, before, { ...before, href: '/call' })).toBe(
    file(
      '  value: {',
      '    // What visitors see.',
      "    label: 'Call',",
      "    subject: 'Hi', // The e-mail's subject line.",
      "    href: '/call',",
      '  },',
    ),
  );
});

test("a group's optional field, emptied, goes with the comment above it, and the others stay", async () => {
  const group = [
    '{',
    "    label: 'Call', // What visitors see.",
    '    // Until the page exists.',
    "    href: '/call',",
    "    subject: 'Hi',",
    '    // The body comes from the brief.',
    '  }',
  ].join('\n');
  expect(
    await rewritten(
      group,
      { label: 'Call', href: '/call', subject: 'Hi' },
      { label: 'Call', subject: 'Hi' },
    ),
  ).toBe(
    file(
      '  value: {',
      "    label: 'Call', // What visitors see.",
      "    subject: 'Hi',",
      '    // The body comes from the brief.',
      '  },',
    ),
  );
});
