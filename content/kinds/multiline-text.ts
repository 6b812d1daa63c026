/** A text whose line breaks show, such as an e-mail's body: write '\n' where a new line starts. */
import { z } from 'zod';
import { readableText } from '../schema/text-rules';
import { defineKind, longer } from './kind';

export const multilineTextKind = defineKind({
  name: 'multilineText',
  value: z.string(),
  rule: null,
  input: { input: 'lines', spellcheck: true },
  onPage: { tagged: true, variant: longer },
});

/** A text whose line breaks show: write '\n' where a new line starts. */
export const multilineText = () => multilineTextKind.mark(readableText('', { kind: 'letter' }));
