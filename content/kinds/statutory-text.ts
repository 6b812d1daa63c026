/** A text whose words a regulation prescribes; the check holds them. */
import { z } from 'zod';
import { statutoryText } from '../schema/text-rules';
import { defineKind, longer } from './kind';

export const statutoryTextKind = defineKind({
  name: 'statutoryText',
  value: z.string(),
  rule: null,
  input: {
    input: 'lines',
    spellcheck: true,
    badge: 'Statutory wording: the check holds its words',
  },
  onPage: { tagged: true, variant: longer },
});

/** A statutory text, with these slots: it must say each of `must`, and none of `never`. */
export const statutory = (...args: Parameters<typeof statutoryText>) =>
  statutoryTextKind.mark(statutoryText(...args));
