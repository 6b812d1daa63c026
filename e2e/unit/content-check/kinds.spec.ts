import { test } from '@playwright/test';
import {
  contentSchema,
  description,
  emailAddress,
  expiry,
  linkAddress,
  missingPageAddress,
  phoneNumber,
  publicImage,
  registrationNumber,
  securityContact,
  siteAddress,
  year,
} from '../../../content/schema';
import { expectCheck, type ContentCase, type ContentEdit } from '../../support/content-check';

/**
 * The content check's rules follow a field's kind, not its name: each row adds a field of one kind,
 * under a name no content file uses, and the lines the check must print for its value.
 */

/**
 * The content's schema with a field of each kind the check has a rule for, under names no content
 * file uses, so that the cases below show each rule following its kind rather than a field's name.
 */
const schemaWithNewFields = contentSchema.extend({
  home: contentSchema.shape.home.extend({
    partnerPage: linkAddress().optional(),
    retiredPage: missingPageAddress().optional(),
    faxNumber: phoneNumber().optional(),
    pressEmail: emailAddress().optional(),
    mirrorSite: siteAddress().optional(),
    abuseContact: securityContact().optional(),
    reviewedYear: year().optional(),
    bannerSrc: publicImage().optional(),
    summary: description().optional(),
    vatNumber: registrationNumber(/^\d{6}$/, 'a VAT number', '123456').optional(),
    offerEnds: expiry().optional(),
  }),
});
/** The edit that adds one of those fields to the homepage, with the value the editor wrote. */
const newField = (line: string): ContentEdit => ({
  file: 'content/home.ts',
  find: /copyrightYear: \d+,\n/,
  // $& is the text found: the new field goes on the line after the copyright year.
  replace: `$&  ${line},\n`,
});
const kindCases: ContentCase[] = [
  {
    name: 'a link',
    edit: newField("partnerPage: '/nowhere'"),
    errors: [
      {
        at: 'partnerPage:',
        says: 'home.partnerPage: "/nowhere" is no page here: write / or /south-africa',
      },
    ],
  },
  {
    name: 'an address meant to be no page',
    edit: newField("retiredPage: '/south-africa'"),
    errors: [
      {
        at: 'retiredPage:',
        says: 'home.retiredPage: "/south-africa" is not a missing page: write it like /gone',
      },
    ],
  },
  {
    name: 'a phone number',
    edit: newField("faxNumber: '0808 157 019'"),
    errors: [
      {
        at: 'faxNumber:',
        says: 'home.faxNumber: "0808 157 019" is no phone number (read as GB): write it like 0808 157 0192',
      },
    ],
  },
  {
    name: 'an e-mail address',
    edit: newField("pressEmail: 'press@example.com'"),
    errors: [],
    goLive: [
      { at: 'pressEmail:', says: 'home.pressEmail: press@example.com is an example address' },
    ],
  },
  {
    name: "a site's address",
    edit: newField("mirrorSite: 'https://mirror.example.org'"),
    errors: [],
    goLive: [
      {
        at: 'mirrorSite:',
        says: 'home.mirrorSite: https://mirror.example.org is an example address',
      },
    ],
  },
  {
    name: 'a security contact',
    edit: newField("abuseContact: 'mailto:abuse@example.net'"),
    errors: [],
    goLive: [
      {
        at: 'abuseContact:',
        says: 'home.abuseContact: mailto:abuse@example.net is an example address',
      },
    ],
  },
  {
    name: 'a year',
    edit: newField('reviewedYear: 1990'),
    errors: [
      {
        at: 'reviewedYear:',
        says: `home.reviewedYear: is no year from 1991 to ${new Date().getFullYear() + 1}`,
      },
    ],
  },
  {
    name: 'an image',
    edit: newField("bannerSrc: '/images/banner.png'"),
    errors: [
      {
        at: 'bannerSrc:',
        says: 'home.bannerSrc: "/images/banner.png" is not in public/: write it like /images/a.svg',
      },
    ],
  },
  {
    name: 'a description',
    edit: newField(`summary: '${'Offshore banking. '.repeat(9)}'`),
    errors: [
      { at: 'summary:', says: 'home.summary: is longer than the 160 letters search results show' },
    ],
  },
  {
    name: 'a registration number',
    edit: newField("vatNumber: '000000'"),
    errors: [],
    goLive: [
      {
        at: 'vatNumber:',
        says: "home.vatNumber: 000000 is a placeholder: write the bank's registered number",
      },
    ],
  },
  {
    name: 'an expiry',
    edit: newField("offerEnds: '2020-01-01T00:00:00Z'"),
    errors: [
      {
        at: 'offerEnds:',
        says: 'home.offerEnds: 2020-01-01T00:00:00Z has passed, so security.txt is stale: write a date under a year ahead',
      },
    ],
  },
].map((kindCase) => ({ ...kindCase, schema: schemaWithNewFields }));

test.describe("a field of each checked kind, under a name no content file uses, follows its kind's rule", () => {
  for (const contentCase of kindCases) test(contentCase.name, () => expectCheck(contentCase));
});
