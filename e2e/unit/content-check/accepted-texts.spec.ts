import { expect, test } from '@playwright/test';
import { expectCheck, type ContentCase } from '../../support/content-check';

/**
 * The content check on texts it must accept however they are written: each row is an edit that
 * must pass, though no page shows the text as it is written.
 */

/** A 60-letter word, longer than any English one, which every kind of text must still accept. */
const LONG_WORD = 'Kestrelbankprivatebankingforfamilyofficesacrosssouthernafric';
test('the long word the texts must accept has 60 letters', () =>
  expect(LONG_WORD).toHaveLength(60));

/** Texts the check must accept however they are written, though no page shows them as they are. */
const acceptedTexts: ContentCase[] = [
  {
    name: 'plain paragraphs where a section had a list of texts and links',
    edit: {
      file: 'content/south-africa.ts',
      find: /paragraphs: \[\s*\[\s*'Every client’s[^\]]*\],\s*\],/,
      replace: "paragraphs: ['A plain paragraph.', 'Another one.'],",
    },
    errors: [],
  },
  {
    name: 'a 60-letter word in every kind of text',
    edit: [
      {
        file: 'content/south-africa.ts',
        find: "title: 'South Africa'",
        replace: `title: '${LONG_WORD}'`,
      },
      {
        file: 'content/south-africa.ts',
        find: "heading: 'Personal service from a global team'",
        replace: `heading: '${LONG_WORD}'`,
      },
      {
        file: 'content/south-africa.ts',
        find: /'We have served Africa[^']*'/,
        replace: `'Our ${LONG_WORD} team.'`,
      },
      { file: 'content/home.ts', find: /lead: '[^']*'/, replace: `lead: '${LONG_WORD}'` },
      {
        file: 'content/not-found.ts',
        find: /message: '[^']*'/,
        replace: `message: '${LONG_WORD}'`,
      },
      {
        file: 'content/navigation.ts',
        find: "label: 'What we offer'",
        replace: `label: '${LONG_WORD}'`,
      },
      {
        file: 'content/contact.ts',
        find: "label: 'From the UK'",
        replace: `label: '${LONG_WORD}'`,
      },
    ],
    errors: [],
  },
];

test.describe('texts the check accepts', () => {
  for (const contentCase of acceptedTexts) test(contentCase.name, () => expectCheck(contentCase));
});
