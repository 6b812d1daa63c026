import { site } from '@/content/site';

/** Reads the site's address: an https origin, or http on this machine; errors name `source`. */
function parseSiteUrl(value: string, source: string): URL {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const local = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost';
  if (!url || !(url.protocol === 'https:' || (local && url.protocol === 'http:'))) {
    throw new Error(`${source} must be an https:// address, got "${value}"`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`${source} must be an address with nothing after the host, got "${value}"`);
  }
  return url;
}

/** The site's address: SITE_URL when set at build time, otherwise content/site.ts. */
export const siteUrl = process.env.SITE_URL
  ? parseSiteUrl(process.env.SITE_URL, 'SITE_URL')
  : parseSiteUrl(site.url, 'content/site.ts url');

/** '/south-africa' → 'https://…/south-africa'. */
export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl).href;
}
