/** An address on this site that is deliberately no page. */
import { z } from 'zod';
import { noInvisibleCharacters } from '../schema/text-rules';
import { defineKind, longer } from './kind';

export const missingPageKind = defineKind({
  name: 'missingPage',
  value: z.string(),
  rule(value, check) {
    if (!value.startsWith('/') || check.pages.includes(value.split(/[?#]/)[0]!))
      check.refuse(`"${value}" is not a missing page: write it like /gone`);
  },
  input: { input: 'line', spellcheck: false },
  onPage: { tagged: false, variant: longer },
});

/** An address on this site that is no page, like '/this-page-does-not-exist'. */
export const missingPageAddress = () => missingPageKind.mark(noInvisibleCharacters);
