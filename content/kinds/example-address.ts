/**
 * The rule of the kinds of address that must not stay examples (an e-mail address, a site's
 * address, a security contact): a domain reserved for examples is a placeholder to replace before
 * going live.
 */
import type { KindCheck } from './kind';

/** Domains reserved for examples (RFC 2606, RFC 6761). */
const EXAMPLE = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/** Notes an address at a domain reserved for examples, to replace before going live. */
export function notExample(value: string, check: KindCheck) {
  if (EXAMPLE.test(value.replace(/^.*@|^https:\/\/|[/?#].*$/g, '')))
    check.remind(`${value} is an example address`);
}
