/** When a file goes stale, under a year ahead and not yet passed. */
import { z } from 'zod';
import { rule } from '../schema/text-rules';
import { defineKind } from './kind';

/** The milliseconds in a day, to count the days until an expiry. */
const MS_PER_DAY = 86_400_000;

export const expiryKind = defineKind({
  name: 'expiry',
  value: z.string(),
  rule(value, check) {
    // RFC 9116: security.txt is stale once Expires has passed, so it must be renewed in time;
    // and it recommends less than a year ahead, so that what it says is not left to age.
    const { today } = check;
    const yearAhead = new Date(today);
    yearAhead.setUTCFullYear(today.getUTCFullYear() + 1);
    const expires = Date.parse(value);
    const daysLeft = (expires - today.getTime()) / MS_PER_DAY;
    const renew = 'write a date under a year ahead';
    if (daysLeft <= 0) check.refuse(`${value} has passed, so security.txt is stale: ${renew}`);
    else if (expires >= yearAhead.getTime())
      check.refuse(`${value} is a year or more away: ${renew}`);
    else if (daysLeft < 30)
      check.remind(`${value} is under 30 days away: ${renew} before it passes`);
  },
  input: { input: 'line', spellcheck: false },
  onPage: { tagged: false, variant: null },
});

/** A date and time in UTC, as RFC 3339 writes it, whole seconds: 2027-11-23T00:00:00Z. */
const UTC = z.regexes.datetime({ precision: 0 });
/** When something goes stale, in UTC: '2027-11-23T00:00:00Z'. */
export const expiry = () =>
  expiryKind.mark(rule(UTC, 'a date and time in UTC', '2027-11-23T00:00:00Z'));
