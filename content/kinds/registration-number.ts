/** A regulator's number for the bank, not the all-zero placeholder. */
import { z } from 'zod';
import { rule } from '../schema/text-rules';
import { defineKind, longer } from './kind';

export const registrationNumberKind = defineKind({
  name: 'registrationNumber',
  value: z.string(),
  rule(value, check) {
    if (/^0+$/.test(value))
      check.remind(`${value} is a placeholder: write the bank's registered number`);
  },
  input: { input: 'line', digits: true, spellcheck: false },
  onPage: { tagged: false, variant: longer },
});

/** A regulator's number for the bank: digits as `pattern` allows, named `what`. */
export const registrationNumber = (pattern: RegExp, what: string, example: string) =>
  registrationNumberKind.mark(rule(pattern, what, example));
