/**
 * The Worker in front of the site's static assets on Cloudflare. It sees only the addresses that
 * wrangler.jsonc's `run_worker_first` lists, and answers the missing ones among them with the
 * not-found page and status 404, where the assets alone would answer otherwise:
 * - /404 and /404.html, which the assets would serve with status 200, as a page;
 * - percent escapes that are malformed (/%E0%A4%A) or decode to anything but visible ASCII
 *   (/a%0d/), which the assets would first redirect;
 * - any redirect of the assets whose Location a browser would resolve to another site: the assets
 *   redirect /south-africa/ and /south-africa.html to /south-africa by copying the path, and a
 *   path that begins with two slashes, or a slash and a backslash (which browsers read as a slash),
 *   would otherwise name another host;
 * - a missing address in the photographs' folder, which the assets would answer with the headers
 *   of the folder's pattern in `_headers`, a year's cache among them.
 * It never builds a response of its own, because Cloudflare adds the `_headers` file's headers only
 * to what the assets answer; it asks the assets for a file that does not exist instead.
 */
import { notFoundFileWithoutHtml, notFoundPage } from '../../lib/routes';

/** What Cloudflare hands the Worker: the static assets, under the binding wrangler.jsonc names. */
type Env = { ASSETS: { fetch(input: URL | Request, init?: RequestInit): Promise<Response> } };

/** Whether an address must get the not-found page, which the assets alone would not give it. */
function isMissing(pathname: string): boolean {
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(pathname);
  } catch {
    // A malformed escape such as /%E0%A4%A names no file.
    return true;
  }
  const namesNotFoundFile = [notFoundPage.file, notFoundFileWithoutHtml].includes(
    decodedPath.replace(/^\/+|\/+$/g, ''),
  );
  // No file of the export has a space, a control character or a non-ASCII letter in its name.
  return /[^\x21-\x7e]/.test(decodedPath) || namesNotFoundFile;
}

/** Whether a redirect's Location, resolved as a browser resolves it, stays on the site. */
function staysOnSite(location: string, url: URL): boolean {
  try {
    return new URL(location, url).origin === url.origin;
  } catch {
    return false;
  }
}

/**
 * The not-found page and 404, headers included: what the assets answer a name no file has. The
 * visitor's address stays as typed, since the Worker fetches rather than redirects.
 */
function notFound(request: Request, url: URL, env: Env): Promise<Response> {
  const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
  return env.ASSETS.fetch(new URL('/__no-such-file__', url), { method, redirect: 'manual' });
}

const worker = {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (isMissing(url.pathname)) return notFound(request, url, env);
    const answer = await env.ASSETS.fetch(request);
    if (answer.status === 404) return notFound(request, url, env);
    const location = answer.headers.get('Location');
    if (location !== null && !staysOnSite(location, url)) return notFound(request, url, env);
    return answer;
  },
};

export default worker;
