import { securityTxt } from '@/content/security-txt';
import { absoluteUrl } from '@/lib/site-url';

// A static export needs every route written at build time: out/.well-known/security.txt.
export const dynamic = 'force-static';

/** The site's security.txt (RFC 9116), from content/security-txt.ts and the site's address. */
export function GET(): Response {
  const fields = [
    ['Contact', securityTxt.contact],
    ['Expires', securityTxt.expires],
    ['Preferred-Languages', securityTxt.preferredLanguages.join(', ')],
    ['Canonical', absoluteUrl('/.well-known/security.txt')],
  ];
  return new Response(fields.map(([name, value]) => `${name}: ${value}\n`).join(''), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
