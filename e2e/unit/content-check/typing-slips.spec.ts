import { test } from '@playwright/test';
import { expectCheck, lineIn, type ContentCase } from '../../support/content-check';

/**
 * The content check on typing slips: each row is a slip an editor might make in the source of a
 * content file, and the lines the check must print for it, place included.
 */

/**
 * Typing slips the TypeScript parser finds, each in the check's words, never the parser's: placed
 * where the slip is typed, or at the name of the group left open.
 */
const typingSlips: ContentCase[] = [
  {
    name: 'a missing comma',
    edit: {
      file: 'content/south-africa.ts',
      find: "title: 'South Africa',",
      replace: "title: 'South Africa'",
    },
    errors: [
      {
        at: 'description:',
        says: `southAfrica.title: a comma or a closing quote is probably missing just before line ${lineIn('content/south-africa.ts', 'description:')}`,
      },
    ],
  },
  {
    // The parser finds the missing quote at the end of the line, just before the next field.
    name: 'an unclosed quote',
    edit: { file: 'content/south-africa.ts', find: "'Breadcrumb',", replace: "'Breadcrumb," },
    errors: [
      {
        at: '\n  backTo:',
        says: `southAfrica.breadcrumbAccessibleName: the text on line ${lineIn('content/south-africa.ts', "'Breadcrumb',")} has no closing quote: end it as it starts`,
      },
    ],
  },
  {
    // Enter pressed inside a text: its first line has no closing quote, and the next line ends
    // with it. A closing quote on the first line would not help, so the advice is to join them.
    name: 'a text split over two lines by Enter',
    edit: {
      file: 'content/home.ts',
      find: 'Our South Africa office',
      replace: 'Our South\n    Africa office',
    },
    errors: [
      {
        at: '\n    Africa office',
        says: `home.lead: the text on line ${lineIn('content/home.ts', 'lead:')} goes on at line ${lineIn('content/home.ts', 'lead:') + 1}: a text cannot be split over two lines, so join them into one line (delete the line break), with one quote at each end`,
      },
    ],
  },
  {
    // The same text after the editor gave its first line a closing quote, as an older message
    // advised: the second line's words now stand outside quotes, before a quote that opens
    // nothing. The advice is the same, and speaks of no apostrophe.
    name: 'a text split over two lines, its first line closed by a quote',
    edit: {
      file: 'content/home.ts',
      find: 'Our South Africa office',
      replace: "Our South'\n    Africa office",
    },
    errors: [
      {
        at: 'Africa office can',
        says: `home.lead: the text on line ${lineIn('content/home.ts', 'lead:')} goes on at line ${lineIn('content/home.ts', 'lead:') + 1}: a text cannot be split over two lines, so join them into one line (delete the line break), with one quote at each end`,
      },
    ],
  },
  {
    // The quote after "We" closes the text; the line points where the rest of the word begins.
    name: 'a straight apostrophe inside a quoted text',
    edit: {
      file: 'content/south-africa.ts',
      find: 'client? We’re here',
      replace: "client? We're here",
    },
    errors: [
      {
        at: 're here to help',
        says: `southAfrica.contact.clients.heading: a comma or a closing quote is probably missing just before line ${lineIn('content/south-africa.ts', 're here to help')}; an apostrophe inside 'quotes' ends the text: write ’ instead`,
      },
    ],
  },
  {
    name: 'curly quotes around a text',
    edit: {
      file: 'content/south-africa.ts',
      find: "heading: 'Contact your local team'",
      replace: 'heading: ‘Contact your local team’',
    },
    errors: [
      {
        at: '‘Contact your local team’',
        says: "southAfrica.contact.heading: the text is in curly quotes ‘…’: write straight quotes '…' around it instead",
      },
    ],
  },
  {
    name: 'curly double quotes around a text in a list, with an apostrophe inside',
    edit: {
      file: 'content/south-africa.ts',
      find: /'Our Private Bank supports[^\n]*'/,
      replace: '“Our Private Bank’s clients”',
    },
    errors: [
      {
        at: '“Our Private',
        says: "southAfrica.intro[1] (South Africa page, opening paragraph 2): the text is in curly quotes “…”: write straight quotes '…' around it instead",
      },
    ],
  },
  {
    name: 'a doubled comma',
    edit: {
      file: 'content/home.ts',
      find: "title: 'Oops! Something went wrong',",
      replace: "title: 'Oops! Something went wrong',,",
    },
    errors: [{ at: ',\n  description:', says: 'home.title: has two commas in a row: delete one' }],
  },
  {
    name: 'a doubled comma in a list',
    edit: {
      file: 'content/south-africa.ts',
      find: "or the local equivalent.',",
      replace: "or the local equivalent.',,",
    },
    errors: [
      {
        at: ',\n  ],\n  sections',
        says: 'southAfrica.intro[2] (South Africa page, opening paragraph 3): is empty between two commas: delete one of the commas',
      },
    ],
  },
  {
    name: 'a semicolon for a comma',
    edit: {
      file: 'content/home.ts',
      find: "title: 'Oops! Something went wrong',",
      replace: "title: 'Oops! Something went wrong';",
    },
    errors: [
      {
        at: ';\n  description',
        says: 'home.title: ends with a semicolon ;: write a comma , instead',
      },
    ],
  },
  ...['1,600', '1 600'].map((written) => ({
    name: `a number written with a thousands separator (${written})`,
    edit: { file: 'content/south-africa.ts', find: 'width: 1600,', replace: `width: ${written},` },
    errors: [
      {
        at: written,
        says: `southAfrica.hero.width: ${written} is written with a thousands separator: write 1600`,
      },
    ],
  })),
  {
    name: 'a missing colon',
    edit: { file: 'content/home.ts', find: "lead: 'The page", replace: "lead 'The page" },
    errors: [
      {
        at: 'lead',
        says: "home.lead: has no colon after its name: write it like label: 'Contact us'",
      },
    ],
  },
  {
    name: 'a missing colon before a group',
    edit: { file: 'content/home.ts', find: 'officeLink: {', replace: 'officeLink {' },
    errors: [
      {
        at: 'officeLink',
        says: "home.officeLink: has no colon after its name: write it like label: 'Contact us'",
      },
    ],
  },
  {
    name: 'a missing closing brace',
    edit: {
      file: 'content/south-africa.ts',
      find: "timeZone: 'Africa/Johannesburg',\n  },",
      replace: "timeZone: 'Africa/Johannesburg',",
    },
    errors: [
      {
        at: 'office:',
        says: `southAfrica.office: its group { … } is not closed: write } after its last field, before line ${lineIn('content/south-africa.ts', "navigationId: 'locations'") - 1}`,
      },
    ],
  },
  {
    name: 'a missing closing brace in a group on one line',
    edit: {
      file: 'content/home.ts',
      find: "variant: 'secondary' },",
      replace: "variant: 'secondary',",
    },
    errors: [
      {
        at: 'brokenLink:',
        says: `home.brokenLink: its group { … } is not closed: write } after its last field, before line ${lineIn('content/home.ts', 'copyrightYear:')}`,
      },
    ],
  },
  {
    name: "a missing closing brace before the file's satisfies",
    edit: {
      file: 'content/home.ts',
      find: "} satisfies Content['home'];",
      replace: " satisfies Content['home'];",
    },
    errors: [
      {
        at: "Content['home']",
        says: `home: its group { … } is not closed: write } before satisfies on line ${lineIn('content/home.ts', 'satisfies')}`,
      },
    ],
  },
  {
    name: 'a missing closing bracket',
    edit: {
      file: 'content/south-africa.ts',
      find: "or the local equivalent.',\n  ],",
      replace: "or the local equivalent.',",
    },
    errors: [
      {
        at: 'intro:',
        says: `southAfrica.intro: its list [ … ] is not closed: write ] after its last item, before line ${lineIn('content/south-africa.ts', 'sections:') - 1}`,
      },
    ],
  },
  {
    name: 'a character outside quotes',
    edit: {
      file: 'content/home.ts',
      find: 'copyrightYear: 2025,',
      replace: 'copyrightYear: 2025, #',
    },
    errors: [
      {
        at: '#',
        says: "home.copyrightYear: has # outside quotes: delete it, or put the text in straight quotes '…'",
      },
    ],
  },
  {
    // No message of the parser's own reaches an editor, even for a slip no other message fits.
    name: 'a closing brace too many',
    edit: {
      file: 'content/south-africa.ts',
      find: "timeZone: 'Africa/Johannesburg',\n  },",
      replace: "timeZone: 'Africa/Johannesburg',\n  }},",
    },
    errors: [
      {
        at: '} satisfies',
        says: `southAfrica.office: something is missing or extra just before line ${lineIn('content/south-africa.ts', '} satisfies')}: look there for a comma, a quote, a colon, a brace or a bracket`,
      },
    ],
  },
];

test.describe('a typing slip gets the file, line and column and a plain hint', () => {
  for (const contentCase of typingSlips) test(contentCase.name, () => expectCheck(contentCase));
});
