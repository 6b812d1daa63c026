import { expect, test } from '@playwright/test';
import { checkAfter, expectCheck, type ContentCase } from '../../support/content-check';

/**
 * Numbers in their own country (issue #52, item 2): a phone line may name the country its callers
 * dial from, which reads its number in place of the site's; a number refused in its line's country
 * that is one in another names it, and offers its international form as the fix. The numbers are
 * fictional: Ofcom's drama range in the UK, and in South Africa the example the issue gives.
 */

/** The first online banking line, for callers in the UK, as content/contact.ts writes it. */
const UK_LINE = "{ label: 'From the UK', phone: '0808 157 0192' }";

const phoneCases: (ContentCase & { fix?: { words: string; value: string } })[] = [
  {
    name: 'a Johannesburg number on the line for callers in the UK',
    edit: {
      file: 'content/contact.ts',
      find: UK_LINE,
      replace: "{ label: 'From the UK', phone: '011 535 4000' }",
    },
    errors: [
      {
        at: 'phone:',
        says: 'contact.onlineBankingLines[0].phone (Contact, online banking line 1, phone): "011 535 4000" is no phone number (read as GB): write it like 0808 157 0192; if it is a number in South Africa, write +27 11 535 4000, or set the line\'s callers\' country to ZA',
      },
    ],
    fix: { words: 'Write +27 11 535 4000', value: '+27 11 535 4000' },
  },
  {
    name: 'the same number on a line for callers in South Africa',
    edit: {
      file: 'content/contact.ts',
      find: UK_LINE,
      replace: "{ label: 'From South Africa', phone: '011 535 4000', country: 'ZA' }",
    },
    errors: [],
    warnings: [],
  },
  {
    name: 'a UK number on a line for callers in South Africa',
    edit: {
      file: 'content/contact.ts',
      find: UK_LINE,
      replace: "{ label: 'From South Africa', phone: '0808 157 0192', country: 'ZA' }",
    },
    errors: [
      {
        at: 'phone:',
        says: 'contact.onlineBankingLines[0].phone (Contact, online banking line 1, phone): "0808 157 0192" is no phone number (read as ZA): write it as callers in South Africa dial it, or with + and its country code; if it is a number in the United Kingdom, write +44 808 157 0192, or set the line\'s callers\' country to GB',
      },
    ],
    fix: { words: 'Write +44 808 157 0192', value: '+44 808 157 0192' },
  },
  {
    name: 'a Johannesburg number as the help number, which is no line and has no country of its own',
    edit: {
      file: 'content/contact.ts',
      find: "helpPhone: '+44 20 7946 0123'",
      replace: "helpPhone: '011 535 4000'",
    },
    errors: [
      {
        at: 'helpPhone:',
        says: 'contact.helpPhone: "011 535 4000" is no phone number (read as GB): write it like 0808 157 0192; if it is a number in South Africa, write +27 11 535 4000',
      },
    ],
    fix: { words: 'Write +27 11 535 4000', value: '+27 11 535 4000' },
  },
  {
    name: 'a line’s country that the dialling rules do not know',
    edit: {
      file: 'content/contact.ts',
      find: UK_LINE,
      replace: "{ label: 'From the UK', phone: '0808 157 0192', country: 'UK' }",
    },
    errors: [
      {
        at: 'country:',
        says: 'contact.onlineBankingLines[0].country (Contact, online banking line 1, callers\' country): "UK" is not a two-letter country code: write it like ZA',
      },
    ],
  },
];

test.describe('a phone line is read in its own country, and a refusal offers where else it is a number', () => {
  for (const phoneCase of phoneCases)
    test(phoneCase.name, () => {
      expectCheck(phoneCase);
      if (!phoneCase.fix) return;
      const refusal = checkAfter(phoneCase.edit).problems.find((problem) => !problem.goLive);
      expect(refusal?.fix).toEqual(phoneCase.fix);
    });
});
