import { expect, test } from '@playwright/test';
import { southAfrica } from '../../content/south-africa';
import { contentJsonSchema } from '../../scripts/shared/content-json-schema';
import { fieldWords } from '../../scripts/shared/field-words';

/**
 * A field's name in an editor's words, as the content check, the editing view and its list of
 * changes give it: a paragraph's links are counted among links, and its texts named by the links
 * around them, since an editor counts the links of a sentence, not the pieces of a list.
 */

const schema = contentJsonSchema();
/** The words of a field of the South Africa page, with its value as given. */
const onPage = (path: (string | number)[], page: unknown = southAfrica) =>
  fieldWords(['southAfrica', ...path], schema, { southAfrica: page });

test("a paragraph's links count among links, and its texts are named by the links around them", () => {
  // 'Every client’s needs are different… drawing on our ', banking, ', ', investment, ' and ',
  // advisory, ' services.'
  const pieces = ['sections', 1, 'paragraphs', 0];
  expect([0, 1, 2, 3, 4, 5, 6].map((piece) => onPage([...pieces, piece]))).toEqual([
    'South Africa page, section 2, paragraph 1, text before link 1',
    'South Africa page, section 2, paragraph 1, link 1',
    'South Africa page, section 2, paragraph 1, text between link 1 and link 2',
    'South Africa page, section 2, paragraph 1, link 2',
    'South Africa page, section 2, paragraph 1, text between link 2 and link 3',
    'South Africa page, section 2, paragraph 1, link 3',
    'South Africa page, section 2, paragraph 1, text after link 3',
  ]);
  expect(onPage([...pieces, 1, 'href'])).toBe(
    'South Africa page, section 2, paragraph 1, link 1, address',
  );
  expect(onPage([...pieces, 5, 'label'])).toBe(
    'South Africa page, section 2, paragraph 1, link 3, label',
  );
});

test('a paragraph without links is its text, and texts side by side are numbered in their place', () => {
  expect(onPage(['sections', 0, 'paragraphs', 0, 0])).toBe(
    'South Africa page, section 1, paragraph 1, text',
  );
  expect(onPage(['important', 'paragraphs', 0])).toBe(
    'South Africa page, important information, paragraph 1',
  );
  const link = { label: 'contact us', href: '/south-africa#contact' };
  const section = { ...southAfrica.sections[0], paragraphs: [['Please ', 'do ', link, '.']] };
  const page = { ...southAfrica, sections: [section] };
  expect(
    [0, 1, 2, 3].map((piece) => onPage(['sections', 0, 'paragraphs', 0, piece], page)),
  ).toEqual([
    'South Africa page, section 1, paragraph 1, text 1 before link 1',
    'South Africa page, section 1, paragraph 1, text 2 before link 1',
    'South Africa page, section 1, paragraph 1, link 1',
    'South Africa page, section 1, paragraph 1, text after link 1',
  ]);
  const twoTexts = { ...southAfrica, sections: [{ ...section, paragraphs: [['One. ', 'Two.']] }] };
  expect(onPage(['sections', 0, 'paragraphs', 0, 1], twoTexts)).toBe(
    'South Africa page, section 1, paragraph 1, text 2',
  );
});
