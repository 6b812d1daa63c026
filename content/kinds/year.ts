/** A copyright year, from 1991 to next year. */
import { z } from 'zod';
import { defineKind } from './kind';

export const yearKind = defineKind({
  name: 'year',
  value: z.int(),
  rule(value, check) {
    const latest = check.today.getFullYear() + 1;
    if (value < 1991 || value > latest) check.refuse(`is no year from 1991 to ${latest}`);
  },
  input: { input: 'number', digits: true, spellcheck: false },
  onPage: { tagged: false, variant: (value) => value + 1 },
});

/** A year, as a number: 2025. */
export const year = () => yearKind.mark(z.int());
