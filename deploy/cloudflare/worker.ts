// For the addresses wrangler.jsonc's `run_worker_first` lists: /404 and /404.html (the assets alone
// answer 200), and escapes that are malformed (/%E0%A4%A) or decode to anything but visible ASCII
// (/a%0d/), which the assets would first redirect. It asks the assets for the not-found page, with
// 404, at the typed address, and never builds a response (Cloudflare would add no _headers to it).
import { notFoundFileWithoutHtml, notFoundPage } from '../../lib/routes';

type Env = { ASSETS: { fetch(input: URL | Request, init?: RequestInit): Promise<Response> } };

function isMissing(pathname: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return (
    /[^\x21-\x7e]/.test(path) ||
    [notFoundPage.file, notFoundFileWithoutHtml].includes(path.replace(/^\/+|\/+$/g, ''))
  );
}

const worker = {
  fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (!isMissing(url.pathname)) return env.ASSETS.fetch(request);
    const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
    return env.ASSETS.fetch(new URL('/__no-such-file__', url), { method, redirect: 'manual' });
  },
};

export default worker;
