/** Where to report a security problem, which must not stay an example. */
import { z } from 'zod';
import { EMAIL, rule } from '../schema/text-rules';
import { notExample } from './example-address';
import { defineKind, longer } from './kind';

export const securityContactKind = defineKind({
  name: 'securityContact',
  value: z.string(),
  rule: notExample,
  input: { input: 'line', spellcheck: false },
  onPage: { tagged: false, variant: longer },
});

const isContactUri = (v: string) =>
  v.startsWith('mailto:') ? EMAIL.test(v.slice(7)) : /^https:\/\/[^/]/.test(v) && URL.canParse(v);
/** Where to report a security problem: a mailto: link or an https:// page. */
export const securityContact = () =>
  securityContactKind.mark(
    rule(isContactUri, 'a mailto: or https:// address', 'mailto:security@bank.co.za'),
  );
