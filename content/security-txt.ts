import type { Content } from './schema';

/**
 * The site's security.txt (RFC 9116): who to tell about a security problem, and until when this
 * holds. The build adds the file's own address (Canonical) from `url` in content/site.ts. The
 * mailbox is a fictional placeholder; renew `expires` before it passes, or the build stops.
 */
export const securityTxt = {
  contact: 'mailto:security@example.com',
  expires: '2027-11-23T00:00:00Z',
  preferredLanguages: ['en'],
} satisfies Content['securityTxt'];
