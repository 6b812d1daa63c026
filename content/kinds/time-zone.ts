/** An IANA time zone, such as 'Africa/Johannesburg', or 'UTC'. */
import { z } from 'zod';
import { rule } from '../schema/text-rules';
import { defineKind } from './kind';

export const timeZoneKind = defineKind({
  name: 'timeZone',
  value: z.string(),
  rule: null,
  input: { input: 'choice', spellcheck: false, choices: 'timeZones' },
  onPage: { tagged: false, variant: (value) => (value === 'UTC' ? 'Europe/London' : 'UTC') },
});

const zones = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
/** A time zone by its IANA name: 'UTC', 'Africa/Johannesburg', 'Europe/London'. */
export const timeZone = () =>
  timeZoneKind.mark(rule((v) => zones.includes(v), 'a time zone', 'Africa/Johannesburg'));
