import { expect, test } from '@playwright/test';
import { checkAfter, expectCheck, type ContentCase } from '../../support/content-check';

/**
 * What the content check warns of without refusing it (issue #52, item 1): the characters nobody
 * sees that a text may hold by mistake, each with the fix one click makes; a text longer than its
 * kind of text reads well in; an emoji in a heading. Each row is an edit an editor might make, and
 * the warnings the check must give for it (none where a text means the character: a no-break space
 * by a number, the space beside a paragraph's link, the joiners of an emoji).
 */

/** A heading of 75 letters, longer than the 60 a heading reads well in. */
const LONG_HEADING = 'Personal service from a global team of specialists, wherever your family is';
test('the long heading has 75 letters', () => expect(LONG_HEADING).toHaveLength(75));

/**
 * Each case with the fix its first warning offers, as the editing view's button says it and the
 * value it writes.
 */
const warningCases: (ContentCase & { fix?: { words: string; value: string } })[] = [
  {
    name: 'a space at the end of a title',
    edit: {
      file: 'content/home.ts',
      find: "title: 'Oops! Something went wrong'",
      replace: "title: 'Oops! Something went wrong '",
    },
    errors: [],
    warnings: [
      { at: 'title:', says: 'home.title: has a space at the end, which nobody sees: delete it' },
    ],
    fix: { words: 'Delete the space at the end', value: 'Oops! Something went wrong' },
  },
  {
    name: 'two spaces at the start of a link’s words',
    edit: { file: 'content/navigation.ts', find: "label: 'Log in'", replace: "label: '  Log in'" },
    errors: [],
    warnings: [
      {
        at: "label: '  Log in'",
        says: 'navigation.logIn.label: has 2 spaces at the start, which nobody sees: delete them',
      },
    ],
    fix: { words: 'Delete the spaces at the start', value: 'Log in' },
  },
  {
    name: 'two spaces in a row',
    edit: { file: 'content/home.ts', find: "lead: 'The page you", replace: "lead: 'The page  you" },
    errors: [],
    warnings: [
      {
        at: 'lead:',
        says: 'home.lead: has 2 spaces in a row after "The page", which the page shows as one space: write one',
      },
    ],
    fix: {
      words: 'Write one space for the run of spaces',
      value:
        'The page you asked for isn’t here. Our South Africa office can help you find what you need.',
    },
  },
  {
    name: 'a soft hyphen in a section’s heading',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Personal service",
      replace: "heading: 'Personal ser\u00advice",
    },
    errors: [],
    warnings: [
      {
        at: "heading: 'Personal",
        says: 'southAfrica.sections[0].heading (South Africa page, section 1, heading): has a soft hyphen (U+00AD) after "Personal ser", which nobody sees unless a line breaks there, and browsers break lines themselves: delete it',
      },
    ],
    fix: { words: 'Delete the soft hyphen', value: 'Personal service from a global team' },
  },
  {
    name: 'a no-break space between two words',
    edit: {
      file: 'content/not-found.ts',
      find: "message: 'We can’t",
      replace: "message: 'We\\u00a0can’t",
    },
    errors: [],
    warnings: [
      {
        at: 'message:',
        says: 'notFound.message: has a no-break space (U+00A0) after "We", which looks like a space but keeps two words on one line, as it should only between a number and its unit (£5 million): make it a plain space',
      },
    ],
    fix: {
      words: 'Make the no-break space a plain space',
      value: 'We can’t find the page you’re looking for.',
    },
  },
  {
    name: 'no-break spaces between a number and its unit, and in a number',
    edit: {
      file: 'content/south-africa.ts',
      find: "minimumPortfolio: '£5\\u00a0million'",
      replace: "minimumPortfolio: 'R100\\u00a0000\\u00a0000 or £5\\u00a0million'",
    },
    errors: [],
    warnings: [],
  },
  {
    name: 'a thin space and a zero-width joiner outside an emoji',
    edit: {
      file: 'content/error-page.ts',
      find: "message: 'Sorry, something",
      replace: "message: 'Sorry,\\u2009some\\u200dthing",
    },
    errors: [],
    warnings: [
      {
        at: 'message:',
        says: 'errorPage.message: has a thin space (U+2009) after "Sorry,", which looks like a space but is not one: make it a plain space',
      },
      {
        at: 'message:',
        says: 'errorPage.message: has a zero-width joiner (U+200D) after "Sorry,⟨thin space⟩some", which nobody sees outside an emoji: delete it',
      },
    ],
    fix: {
      words: 'Make the thin space a plain space',
      value: 'Sorry, some\u200dthing went wrong on our side. Please try again from the homepage.',
    },
  },
  {
    name: 'the joiners of an emoji, in a text that is no heading',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead: '👩‍💻 The page" },
    errors: [],
    warnings: [],
  },
  {
    name: 'a line break in a text of one line, and in an e-mail’s text, which keeps it',
    edit: [
      { file: 'content/home.ts', find: "lead: 'The page ", replace: "lead: 'The page\\n" },
      { file: 'content/south-africa.ts', find: '\\nName:', replace: '\\n\\nName:' },
    ],
    errors: [],
    warnings: [
      {
        at: 'lead:',
        says: 'home.lead: has a line break (U+000A) after "The page", which the page shows as a space (only a text of several lines keeps its line breaks): make it a plain space',
      },
    ],
    fix: {
      words: 'Make the line break a plain space',
      value:
        'The page you asked for isn’t here. Our South Africa office can help you find what you need.',
    },
  },
  {
    name: 'two spaces where a paragraph’s text meets its link, whose one space is meant',
    edit: { file: 'content/south-africa.ts', find: "' services.'", replace: "'  services.'" },
    errors: [],
    warnings: [
      {
        at: "'  services.'",
        says: 'southAfrica.sections[1].paragraphs[0][6] (South Africa page, section 2, paragraph 1, text after link 3): has 2 spaces in a row at the start, which the page shows as one space: write one',
      },
    ],
    fix: { words: 'Write one space for the run of spaces', value: ' services.' },
  },
  {
    name: 'a heading longer than a heading reads well in',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Personal service from a global team'",
      replace: `heading: '${LONG_HEADING}'`,
    },
    errors: [],
    warnings: [
      {
        at: `heading: '${LONG_HEADING}'`,
        says: 'southAfrica.sections[0].heading (South Africa page, section 1, heading): has 75 letters, more than the 60 recommended for a heading or a title: a longer one wraps onto three lines or more on a phone, and is cut in search results',
      },
    ],
  },
  {
    name: 'an emoji in a heading',
    edit: {
      file: 'content/home.ts',
      find: "title: 'Oops! Something",
      replace: "title: 'Oops! 🙈 Something",
    },
    errors: [],
    warnings: [
      {
        at: 'title:',
        says: "home.title: has the emoji 🙈: a heading or a title reads better without, and screen readers read out each emoji's name",
      },
    ],
    fix: { words: 'Delete the emoji', value: 'Oops! Something went wrong' },
  },
  {
    name: 'the bank’s name, counted as visitors read it',
    edit: {
      file: 'content/site.ts',
      find: "logoAccessibleName: '{name} {division}, homepage'",
      // 35 letters as written, 43 with the bank's name and division filled in.
      replace: "logoAccessibleName: '{name} {division}, home of the bank'",
    },
    errors: [],
    warnings: [
      {
        at: 'logoAccessibleName:',
        says: 'site.logoAccessibleName: has 43 letters, more than the 40 recommended for the words of a button, link, menu or name: a longer one wraps inside its button or menu on a phone',
      },
    ],
  },
  {
    name: 'a search description with the bank’s name, within its 160 letters',
    edit: {
      file: 'content/home.ts',
      find: "'{name} {division}: find our",
      replace: "'{name} {division}: find our offices and",
    },
    errors: [],
    warnings: [],
  },
];

test.describe('the check warns of what an editor most likely did not mean, with its fix', () => {
  for (const warningCase of warningCases)
    test(warningCase.name, () => {
      expectCheck(warningCase);
      if (!warningCase.fix) return;
      const [first] = checkAfter(warningCase.edit).warned;
      expect(first?.fix).toEqual(warningCase.fix);
    });
});

test('the content as committed has no warning', () => {
  expect(checkAfter([]).warnings).toEqual([]);
});
