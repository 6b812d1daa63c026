/** A text for search results and share cards, no longer than search results show. */
import { z } from 'zod';
import { readableText } from '../schema/text-rules';
import { defineKind, longer } from './kind';

export const descriptionKind = defineKind({
  name: 'description',
  value: z.string(),
  rule(value, check) {
    if (check.asRead(value).length > 160)
      check.refuse('is longer than the 160 letters search results show');
  },
  input: { input: 'lines', spellcheck: true },
  onPage: { tagged: true, variant: longer },
});

/** One or two sentences for search results and share cards, with these slots. */
export const description = (offers = '') =>
  descriptionKind.mark(readableText(offers, { kind: 'searchDescription' }));
