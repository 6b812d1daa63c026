/** A site's https:// address with nothing after the host, which must not stay an example. */
import { z } from 'zod';
import { rule } from '../schema/text-rules';
import { notExample } from './example-address';
import { defineKind } from './kind';

export const siteAddressKind = defineKind({
  name: 'siteAddress',
  value: z.string(),
  rule: notExample,
  input: { input: 'line', spellcheck: false },
  onPage: { tagged: false, variant: null },
});

const isOrigin = (v: string) => /^https:/.test(v) && URL.canParse(v) && new URL(v).origin === v;
/** A site's https:// address with nothing after the host: 'https://www.bank.co.za'. */
export const siteAddress = () =>
  siteAddressKind.mark(
    rule(isOrigin, 'an https:// address with nothing after the host', 'https://a.za'),
  );
