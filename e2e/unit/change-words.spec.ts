import { expect, test } from '@playwright/test';
import { asMarkdown, asText, changeInWords } from '../../editor/shared/change-words';

/**
 * The one change in words (editor/shared/change-words.ts) that the editing view, a proposal's
 * commit and pull request, and the audit log share (issue #51): the value once, the words removed
 * and added marked where they stand; characters nobody sees written out; in Markdown, nothing a
 * value holds read as Markdown or HTML.
 */

const change = (before: unknown, after: unknown) =>
  changeInWords({
    field: ['notFound', 'heading'],
    words: 'Not Found page, heading',
    before,
    after,
  });

test('a sentence rewritten reads as one passage removed and one added, not word by word', () => {
  expect(asText(change('Oops! Something went wrong', 'Sorry, that page is not here'))).toBe(
    'Not Found page, heading: “[-Oops! Something went wrong-]{+Sorry, that page is not here+}”',
  );
});

test('a sentence with one word changed marks that word alone, once', () => {
  const changed = change('We could not find that page', 'We could not locate that page');
  expect(asText(changed)).toBe(
    'Not Found page, heading: “We could not [-find-]{+locate+} that page”',
  );
  expect(asMarkdown(changed)).toBe(
    '- **Not Found page, heading**: “We could not <del>find</del><ins>locate</ins> that page”',
  );
});

test('a value holding an HTML comment, a tag or Markdown shows as typed in Markdown, hiding nothing', () => {
  const markdown = asMarkdown(change('Lost', 'Lost <!-- and **hidden** <b>bold</b> [a](b)'));
  expect(markdown).not.toMatch(/<!--|<b>|\*\*hidden\*\*|\[a\]\(b\)/);
  expect(markdown).toContain('&lt;\\!-- and \\*\\*hidden\\*\\* &lt;b&gt;bold&lt;/b&gt; \\[a\\](b)');
});

test('a character nobody sees is written out where it changed', () => {
  expect(asText(change('Contact us', 'Contact\u200b us'))).toBe(
    'Not Found page, heading: “Contact[- -]{+⟨zero-width space⟩ +}us”',
  );
});

test('a value that was not there, and a list, are said in words', () => {
  expect(asText(change(undefined, 'New'))).toBe('Not Found page, heading: [-(nothing)-]{+“New”+}');
  expect(asText(change(['a'], ['a', 'b']))).toBe(
    'Not Found page, heading: [-1 item-]{+2 items+}: “a”{+; “b”+}',
  );
});
