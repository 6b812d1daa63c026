import { test } from '@playwright/test';
import { expectCheck, lineIn, type ContentCase } from '../../support/content-check';

/**
 * The content check on slips from other ways of writing: each row is an edit an editor might make in
 * the source of a content file, and the lines the check must print for it, place included.
 */

/** Slips from HTML, Markdown, code or a pasted document, and the shape of a content file itself. */
const writingSlips: ContentCase[] = [
  {
    name: 'an HTML tag in a text',
    edit: {
      file: 'content/home.ts',
      find: "lead: 'The page",
      replace: "lead: 'The <strong>page</strong>",
    },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: has the HTML tag <strong>: texts are plain, so write the words alone',
      },
    ],
  },
  {
    name: "an HTML tag in a picture's description, which may be blank",
    edit: [
      {
        file: 'content/south-africa.ts',
        find: "alt: '',",
        replace: "alt: 'Johannesburg at <b>dusk</b>',",
      },
      // Described, the picture is no longer only decoration.
      { file: 'content/south-africa.ts', find: 'decorative: true', replace: 'decorative: false' },
    ],
    errors: [
      {
        at: 'alt:',
        says: 'southAfrica.hero.alt: has the HTML tag <b>: texts are plain, so write the words alone',
      },
    ],
  },
  {
    name: 'a Markdown link in a paragraph',
    edit: {
      file: 'content/south-africa.ts',
      find: "'We have served Africa",
      replace: "'We have [served](https://example.com/x) Africa",
    },
    errors: [
      {
        at: "'We have [served]",
        says: "southAfrica.intro[0] (South Africa page, opening paragraph 1): has the Markdown link [served](https://example.com/x): in a paragraph, write ['…', { label: 'served', href: 'https://example.com/x' }, '…']; elsewhere, the words alone",
      },
    ],
  },
  {
    name: 'Markdown emphasis with asterisks',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead: '**The** page" },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: has the Markdown emphasis **The**: texts are plain, so write The',
      },
    ],
  },
  {
    name: 'Markdown emphasis with underscores',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead: '_The_ page" },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: has the Markdown emphasis _The_: texts are plain, so write The',
      },
    ],
  },
  {
    name: 'a Markdown heading',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Personal service",
      replace: "heading: '## Personal service",
    },
    errors: [
      {
        at: "heading: '## Personal",
        says: 'southAfrica.sections[0].heading (South Africa page, section 1, heading): starts with a Markdown heading mark (#): write the words alone; headings have fields of their own',
      },
    ],
  },
  {
    name: 'a Markdown list item',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead: '- The page" },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: starts like a Markdown list item: write each point as a text of its own, without the mark',
      },
    ],
  },
  {
    name: 'a slot with spaces',
    edit: {
      file: 'content/south-africa.ts',
      find: '{minimumPortfolio}, or',
      replace: '{ minimumPortfolio }, or',
    },
    errors: [
      {
        at: "'Our Private Bank",
        says: 'southAfrica.intro[1] (South Africa page, opening paragraph 2): writes { minimumPortfolio } with spaces: write {minimumPortfolio}',
      },
    ],
  },
  {
    name: 'a slot without its closing brace',
    edit: {
      file: 'content/south-africa.ts',
      find: '{minimumPortfolio}, or',
      replace: '{minimumPortfolio, or',
    },
    errors: [
      {
        at: "'Our Private Bank",
        says: 'southAfrica.intro[1] (South Africa page, opening paragraph 2): has a brace without its pair: braces only mark the values the site fills in (this text offers {minimumPortfolio} {licence} {complaints})',
      },
    ],
  },
  {
    name: 'a slot with a $',
    edit: {
      file: 'content/south-africa.ts',
      find: '{minimumPortfolio}, or',
      replace: '${minimumPortfolio}, or',
    },
    errors: [
      {
        at: "'Our Private Bank",
        says: 'southAfrica.intro[1] (South Africa page, opening paragraph 2): has ${: a value the site fills in is written {name}, without $ (this text offers {minimumPortfolio} {licence} {complaints})',
      },
    ],
  },
  {
    name: 'a template literal with ${…}',
    edit: {
      file: 'content/south-africa.ts',
      find: "title: 'South Africa',",
      replace: 'title: `South ${name}`,',
    },
    errors: [
      {
        at: '`South',
        says: "southAfrica.title: is in backquotes `…`: write text in single quotes '…'; for a value the site fills in, write {name}, without $",
      },
    ],
  },
  {
    name: 'a template literal without ${…}',
    edit: {
      file: 'content/south-africa.ts',
      find: "title: 'South Africa',",
      replace: 'title: `South Africa`,',
    },
    errors: [
      {
        at: '`South',
        says: "southAfrica.title: is in backquotes `…`: write text in single quotes '…'",
      },
    ],
  },
  {
    name: 'a field written twice',
    edit: {
      file: 'content/south-africa.ts',
      find: "title: 'South Africa',",
      replace: "title: 'South Africa',\n  title: 'Again',",
    },
    errors: [
      {
        at: "title: 'Again'",
        says: `southAfrica.title: is written twice, here and on line ${lineIn('content/south-africa.ts', "title: 'South Africa'")}: keep one`,
      },
    ],
  },
  {
    name: 'a value computed in code',
    edit: {
      file: 'content/home.ts',
      find: 'copyrightYear: 2025,',
      replace: 'copyrightYear: new Date().getFullYear(),',
    },
    errors: [
      {
        at: 'new Date',
        says: 'home.copyrightYear: is new Date().getFullYear(), which is not plain data: write text in quotes, a number, a list [ … ] or a group { … }',
      },
    ],
  },
  {
    name: 'a deleted import type line',
    edit: {
      file: 'content/home.ts',
      find: "import type { Content } from './schema';\n",
      replace: '',
    },
    errors: [
      {
        at: '',
        says: "home: the content needs its types from the schema: add it as the first line: import type { Content } from './schema';",
      },
    ],
  },
  {
    name: 'an import without type',
    edit: { file: 'content/home.ts', find: 'import type {', replace: 'import {' },
    errors: [
      {
        at: 'import',
        says: "home: the content needs its types from the schema: write it exactly: import type { Content } from './schema';",
      },
    ],
  },
  {
    name: 'a missing satisfies',
    edit: { file: 'content/home.ts', find: "} satisfies Content['home'];", replace: '};' },
    errors: [
      {
        at: '};',
        says: "home: after the closing brace write satisfies Content['home'], which checks the content as you type",
      },
    ],
  },
  {
    name: 'a statement a content file does not need',
    edit: {
      file: 'content/home.ts',
      find: 'export const home',
      replace: 'const year = 2025;\nexport const home',
    },
    errors: [
      {
        at: 'const year',
        says: 'home: only the import and the export belong in a content file: remove this',
      },
    ],
  },
  {
    name: 'an export that may change (let)',
    edit: { file: 'content/home.ts', find: 'export const home', replace: 'export let home' },
    errors: [
      {
        at: 'export let',
        says: "home: the file holds one export, written export const home = { … } satisfies Content['home'];",
      },
    ],
  },
  {
    name: 'a second value declared with the export',
    edit: {
      file: 'content/home.ts',
      find: "} satisfies Content['home'];",
      replace: "} satisfies Content['home'],\n  year = 2025;",
    },
    errors: [
      {
        at: 'export const',
        says: "home: the file holds one export, written export const home = { … } satisfies Content['home'];",
      },
    ],
  },
  {
    name: 'an export under another name',
    edit: { file: 'content/home.ts', find: 'export const home', replace: 'export const homePage' },
    errors: [
      {
        at: 'export const',
        says: "home: the file holds one export, written export const home = { … } satisfies Content['home'];",
      },
    ],
  },
  {
    name: 'a zero-width space in a phone number',
    edit: { file: 'content/contact.ts', find: "'0808 157 0192'", replace: "'0808 157\u200b0192'" },
    errors: [
      {
        at: 'phone:',
        says: 'contact.onlineBankingLines[0].phone (Contact, online banking line 1, phone): has a zero-width space (U+200B) after "0808 157": delete it (it may come from copying out of a document)',
      },
    ],
  },
  {
    name: 'a soft hyphen in an e-mail address',
    edit: { file: 'content/contact.ts', find: "'onlinebanking@", replace: "'online\u00adbanking@" },
    errors: [
      {
        at: 'onlineBankingEmail:',
        says: 'contact.onlineBankingEmail: has a soft hyphen (U+00AD) after "online": delete it (it may come from copying out of a document)',
      },
    ],
  },
  {
    name: 'a tab in a link',
    edit: { file: 'content/south-africa.ts', find: "href: '/' }", replace: "href: '/\t' }" },
    errors: [
      {
        at: "href: '/\t'",
        says: 'southAfrica.parent.href: has a tab (U+0009) after "/": delete it (it may come from copying out of a document)',
      },
    ],
  },
  {
    name: 'a zero-width space in a text',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead: 'The\u200b page" },
    errors: [
      {
        at: 'lead:',
        says: 'home.lead: has a zero-width space (U+200B) after "The": delete it (it may come from copying out of a document)',
      },
    ],
  },
];

test.describe('a slip from HTML, Markdown, code or a pasted document gets its place and what to write', () => {
  for (const contentCase of writingSlips) test(contentCase.name, () => expectCheck(contentCase));
});
