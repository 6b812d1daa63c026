/**
 * The Worker in front of the site's static assets on Cloudflare. It sees only the addresses that
 * wrangler.jsonc's `run_worker_first` lists; the assets answer every other one directly. It never
 * builds a response itself (Cloudflare would add none of the _headers to it): it asks the assets.
 * - /404, /404.html: the not-found page has no address of its own, so they are missing addresses
 *   like any other, answered with the not-found page and status 404 (the assets alone would
 *   answer 200).
 * - A malformed percent escape such as /%E0%A4%A, or one that decodes to anything but visible ASCII
 *   (/a%0d/, /s%C3%BCd/), which no page's address holds: the assets would redirect it to a
 *   re-encoded address first; the visitor gets the not-found page at the address they typed, as
 *   nginx answers.
 */
import { notFoundName, notFoundPage } from '../../lib/routes';

type Env = { ASSETS: { fetch(input: URL | Request, init?: RequestInit): Promise<Response> } };

/** An address no file has: the assets answer it with the not-found page and status 404. */
const MISSING = '/__no-such-file__';

const notFoundAddresses = new Set([notFoundPage.file, notFoundName]);

/** What no page's address holds: anything but visible ASCII (controls, spaces, line separators…). */
const NOT_VISIBLE_ASCII = /[^\x21-\x7e]/;

const worker = {
  fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    let path: string | undefined;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      path = undefined;
    }
    const missing =
      path === undefined ||
      NOT_VISIBLE_ASCII.test(path) ||
      notFoundAddresses.has(path.replace(/^\/+|\/+$/g, ''));
    if (missing) {
      const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
      return env.ASSETS.fetch(new URL(MISSING, url), { method, redirect: 'manual' });
    }
    return env.ASSETS.fetch(request);
  },
};

export default worker;
