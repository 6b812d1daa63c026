import { site } from '@/content/site';

const [source, value] = process.env.SITE_URL
  ? ['SITE_URL', process.env.SITE_URL]
  : ['content/site.ts url', site.url];
const url = URL.canParse(value) ? new URL(value) : undefined;
const local = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost';
if (!url || !(url.protocol === 'https:' || (local && url.protocol === 'http:')))
  throw new Error(`${source} must be an https:// address, got "${value}"`);
if (url.pathname !== '/' || url.search || url.hash)
  throw new Error(`${source} must be an address with nothing after the host, got "${value}"`);

/** The site's address, an https origin (or http on this machine): SITE_URL or content/site.ts. */
export const siteUrl = url;

/** '/south-africa' → 'https://…/south-africa'. */
export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl).href;
}
