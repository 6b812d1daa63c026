import { test } from '@playwright/test';
import { expectCheck, type ContentCase, type ContentEdit } from '../../support/content-check';

/**
 * The content check on security.txt's Expires: each row sets it to a date, and says whether the
 * check stops on it, lists it to renew before going live, or lets it pass.
 */

/** The milliseconds in a day. */
const MS_PER_DAY = 86_400_000;
/** security.txt's Expires some days from now, in UTC as RFC 3339 writes it, whole seconds. */
const daysFromNow = (days: number) =>
  new Date(Date.now() + days * MS_PER_DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** The edit that sets security.txt's Expires (RFC 9116: the file is stale once it has passed). */
const expires = (value: string): ContentEdit => ({
  file: 'content/security-txt.ts',
  find: /expires: '[^']*'/,
  replace: `expires: '${value}'`,
});
const soon = daysFromNow(10);
const farAhead = daysFromNow(366);
const expiresCases: ContentCase[] = [
  {
    name: 'an Expires in the past stops the check',
    edit: expires('2020-01-01T00:00:00Z'),
    errors: [
      {
        at: 'expires:',
        says: 'securityTxt.expires: 2020-01-01T00:00:00Z has passed, so security.txt is stale: write a date under a year ahead',
      },
    ],
    goLive: [],
  },
  {
    name: 'an Expires 10 days away passes, and is listed to renew before going live',
    edit: expires(soon),
    errors: [],
    goLive: [
      {
        at: 'expires:',
        says: `securityTxt.expires: ${soon} is under 30 days away: write a date under a year ahead before it passes`,
      },
    ],
  },
  {
    name: 'an Expires a year or more away stops the check',
    edit: expires(farAhead),
    errors: [
      {
        at: 'expires:',
        says: `securityTxt.expires: ${farAhead} is a year or more away: write a date under a year ahead`,
      },
    ],
    goLive: [],
  },
  {
    name: 'an Expires 360 days away passes, and is not listed',
    edit: expires(daysFromNow(360)),
    errors: [],
    goLive: [],
  },
  {
    name: 'an Expires 60 days away passes, and is not listed',
    edit: expires(daysFromNow(60)),
    errors: [],
    goLive: [],
  },
  ...['2027-11-23', '2027-02-30T00:00:00Z', '23/11/2027 00:00'].map((notUtc) => ({
    name: `an Expires that is not a date and time in UTC (${notUtc}) stops the check`,
    edit: expires(notUtc),
    errors: [
      {
        at: 'expires:',
        says: `securityTxt.expires: "${notUtc}" is not a date and time in UTC: write it like 2027-11-23T00:00:00Z`,
      },
    ],
  })),
];

test.describe("security.txt's Expires (RFC 9116: stale once it has passed)", () => {
  for (const contentCase of expiresCases) test(contentCase.name, () => expectCheck(contentCase));
});
