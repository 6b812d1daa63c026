/**
 * The Worker in front of the site's static assets on Cloudflare. It sees only the addresses that
 * wrangler.jsonc's `run_worker_first` lists, and never builds a response itself (Cloudflare would
 * add none of the _headers to it): it asks the assets for the not-found page, with status 404, for
 * - /404 and /404.html: the not-found page has no address of its own (the assets alone answer 200);
 * - a malformed percent escape such as /%E0%A4%A, or one that decodes to anything but visible
 *   ASCII (/a%0d/, /s%C3%BCd/), which no page's address holds: the assets would first redirect it
 *   to a re-encoded address, whereas the visitor, as with nginx, keeps the address they typed.
 */
import { notFoundName, notFoundPage } from '../../lib/routes';

type Env = { ASSETS: { fetch(input: URL | Request, init?: RequestInit): Promise<Response> } };

/** An address no file has: the assets answer it with the not-found page and status 404. */
const MISSING = '/__no-such-file__';

const notFoundAddresses = new Set([notFoundPage.file, notFoundName]);

/** What no page's address holds: anything but visible ASCII (controls, spaces, line separators…). */
const NOT_VISIBLE_ASCII = /[^\x21-\x7e]/;

/** Whether to answer an address with the not-found page, file or not (see above). */
function isMissing(pathname: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return NOT_VISIBLE_ASCII.test(path) || notFoundAddresses.has(path.replace(/^\/+|\/+$/g, ''));
}

const worker = {
  fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (!isMissing(url.pathname)) return env.ASSETS.fetch(request);
    const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
    return env.ASSETS.fetch(new URL(MISSING, url), { method, redirect: 'manual' });
  },
};

export default worker;
