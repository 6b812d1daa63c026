import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { contentSchema, fieldKinds } from '../../../content/schema';
import {
  description,
  emailAddress,
  expiry,
  linkAddress,
  missingPageAddress,
  multilineText,
  phoneNumber,
  publicImage,
  registrationNumber,
  securityContact,
  siteAddress,
  statutory,
  time,
  timeZone,
  year,
} from '../../../content/kinds';
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
    lunchStarts: time().optional(),
    branchTimeZone: timeZone().optional(),
    letterBody: multilineText().optional(),
    depositNotice: statutory('{name}', ['Deposit Guarantee Scheme']).optional(),
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
        says: 'home.faxNumber: "0808 157 019" is no phone number (read as GB): write it like 0808 157 0192; if it is a number in South Africa, write +27 80 815 7019',
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
  {
    name: 'a time',
    edit: newField("lunchStarts: '1pm'"),
    errors: [
      {
        at: 'lunchStarts:',
        says: 'home.lunchStarts: "1pm" is not a 24-hour time: write it like 09:00',
      },
    ],
  },
  {
    name: 'a time zone',
    edit: newField("branchTimeZone: 'Johannesburg'"),
    errors: [
      {
        at: 'branchTimeZone:',
        says: 'home.branchTimeZone: "Johannesburg" is not a time zone: write it like Africa/Johannesburg',
      },
    ],
  },
  {
    name: 'a multi-line text, which keeps its line breaks but not markup',
    edit: newField("letterBody: 'Dear client,\\n\\n<b>Thank you</b>'"),
    errors: [
      {
        at: 'letterBody:',
        says: 'home.letterBody: has the HTML tag <b>: texts are plain, so write the words alone',
      },
    ],
  },
  {
    name: 'a statutory text',
    edit: newField("depositNotice: '{name} is covered by the FSCA scheme.'"),
    errors: [
      {
        at: 'depositNotice:',
        says: 'home.depositNotice: must say "Deposit Guarantee Scheme", as the regulations word it',
      },
      {
        at: 'depositNotice:',
        says: "home.depositNotice: abbreviates a regulator's name (FSCA): write the name in full",
      },
    ],
  },
].map((kindCase) => ({ ...kindCase, schema: schemaWithNewFields }));

test.describe("a field of each checked kind, under a name no content file uses, follows its kind's rule", () => {
  for (const contentCase of kindCases) test(contentCase.name, () => expectCheck(contentCase));
});

/**
 * The schema a path of keys and indexes leads to inside another: a program that offers a field an
 * input fit for its kind (the editing view) walks the schema so.
 */
function fieldSchema(schema: z.ZodType, fieldPath: PropertyKey[]): z.ZodType {
  const [key, ...rest] = fieldPath;
  if (key === undefined) return schema;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodReadonly)
    return fieldSchema(schema.def.innerType as z.ZodType, fieldPath);
  if (schema instanceof z.ZodObject)
    return fieldSchema((schema.shape as Record<string, z.ZodType>)[String(key)]!, rest);
  if (schema instanceof z.ZodTuple)
    return fieldSchema(schema.def.items[Number(key)] as z.ZodType, rest);
  if (schema instanceof z.ZodArray) return fieldSchema(schema.element as z.ZodType, rest);
  throw new Error(`no field ${String(key)} in a ${schema.def.type}`);
}

test('a program reads the kind of each field from the schema, beyond one line of text', () => {
  const kindAt = (...fieldPath: PropertyKey[]) =>
    fieldKinds.get(fieldSchema(contentSchema, fieldPath))?.kind;
  // The kinds the editing view offers inputs for, at fields the brief and the issue name.
  expect(kindAt('contact', 'hours', 'opens')).toBe('time');
  expect(kindAt('contact', 'hours', 'timeZone')).toBe('timeZone');
  expect(kindAt('southAfrica', 'office', 'timeZone')).toBe('timeZone');
  expect(kindAt('contact', 'onlineBankingLines', 0, 'phone')).toBe('phoneNumber');
  expect(kindAt('contact', 'generalEmail')).toBe('emailAddress');
  expect(kindAt('southAfrica', 'contact', 'prospects', 'callBack', 'body')).toBe('multilineText');
  expect(kindAt('legal', 'ukStatus')).toBe('statutoryText');
  expect(kindAt('home', 'copyrightYear')).toBe('year');
  expect(kindAt('southAfrica', 'hero', 'src')).toBe('image');
  expect(kindAt('navigation', 'main', 0, 'href')).toBe('link');
  // Ids and codes, which the site compares and people do not read.
  expect(kindAt('southAfrica', 'navigationId')).toBe('code');
  expect(kindAt('site', 'language')).toBe('code');
  // A heading is one line of text, which has no kind of its own.
  expect(kindAt('southAfrica', 'contact', 'heading')).toBeUndefined();
});
