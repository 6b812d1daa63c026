/** An e-mail address, which must not stay an example. */
import { z } from 'zod';
import { EMAIL, rule } from '../schema/text-rules';
import { notExample } from './example-address';
import { defineKind } from './kind';

export const emailAddressKind = defineKind({
  name: 'emailAddress',
  value: z.string(),
  rule: notExample,
  input: { input: 'line', type: 'email', spellcheck: false },
  onPage: { tagged: false, variant: (value) => `x${value}` },
});

/** An e-mail address: 'name@bank.co.za'. */
export const emailAddress = () =>
  emailAddressKind.mark(rule(EMAIL, 'an e-mail address', 'name@bank.co.za'));
