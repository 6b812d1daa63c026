/** A 24-hour time, 'HH:MM'. */
import { z } from 'zod';
import { rule } from '../schema/text-rules';
import { defineKind } from './kind';

/** A 24-hour time, 'HH:MM'. */
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const timeKind = defineKind({
  name: 'time',
  value: z.string(),
  rule: null,
  // A time is written as the check asks, 24-hour: the browser's own time input shows 12-hour
  // times in some languages and would keep an editor from typing what the check explains.
  input: { input: 'line', digits: true, spellcheck: false },
  onPage: {
    tagged: false,
    // An hour later, as the site reads a time: '09:00' is drawn as '10:00'.
    variant: (value) =>
      value.replace(/^\d\d/, (hour) => String((Number(hour) + 1) % 24).padStart(2, '0')),
  },
});

/** A time of day, on a 24-hour clock: '09:00', '17:30'. */
export const time = () => timeKind.mark(rule(TIME, 'a 24-hour time', '09:00'));
