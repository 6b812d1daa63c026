/**
 * The site's address, checked once when the build loads this module, so that a wrong address stops
 * the build instead of reaching the canonical links, the sitemap and the share cards.
 */
import { site } from '@/content/site';

// SITE_URL at build time wins over content/site.ts, so a test build can point at this machine.
const [addressSource, address] = process.env.SITE_URL
  ? ['SITE_URL', process.env.SITE_URL]
  : ['content/site.ts url', site.url];
const parsedUrl = URL.canParse(address) ? new URL(address) : undefined;
// Plain http is allowed only on this machine, for the local servers that the tests run.
const isThisMachine = parsedUrl?.hostname === '127.0.0.1' || parsedUrl?.hostname === 'localhost';
if (
  !parsedUrl ||
  !(parsedUrl.protocol === 'https:' || (isThisMachine && parsedUrl.protocol === 'http:'))
)
  throw new Error(`${addressSource} must be an https:// address, got "${address}"`);
// Every link is built from the origin, so a path, query or fragment here would be silently lost.
if (parsedUrl.pathname !== '/' || parsedUrl.search || parsedUrl.hash)
  throw new Error(
    `${addressSource} must be an address with nothing after the host, got "${address}"`,
  );

/** The site's address: an https origin (http on this machine), from SITE_URL or content/site.ts. */
export const siteUrl = parsedUrl;

/**
 * @param path A path on this site, e.g. '/south-africa'.
 * @returns Its absolute address, e.g. 'https://private-bank.example.com/south-africa'.
 */
export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl).href;
}
