// `PORT=3000 npm run preview`: serves out/ on 127.0.0.1 as a static host would: compressed, with
// clean URLs, the not-found page (404) for every unknown, odd or hostile address, no listings.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import serveHandler from 'serve-handler';
import { notFoundFileWithoutHtml, notFoundPage } from '../../lib/routes';
import { runServer } from './port';

/** Whether serve-handler may look an address up: it answers odd ones with its own 400 page. */
function isLookup(request: IncomingMessage, exposeErrorPages: boolean): boolean {
  let path: string;
  try {
    // The raw path, as serve-handler reads it: the URL parser would resolve '..' and hide a climb.
    path = decodeURIComponent((request.url ?? '/').split(/[?#]/, 1)[0] ?? '/');
  } catch {
    return false;
  }
  if (/[\u0000-\u001f\u007f\\]/.test(path) || path.split('/').includes('..')) return false;
  return exposeErrorPages || ![notFoundPage.file, notFoundFileWithoutHtml].includes(path.slice(1));
}

/** Serves out/; `exposeErrorPages` serves 404.html with 200, for tools that refuse a 404 answer. */
export function startPreview(port: number, exposeErrorPages = false): Promise<Server> {
  const config = { public: 'out', cleanUrls: true, trailingSlash: false, directoryListing: false };
  const compress = compression();
  const server = createServer((request, response) => {
    // A path no export writes, which serve-handler answers with 404.html and status 404.
    if (!isLookup(request, exposeErrorPages)) request.url = '/.not-found';
    compress(request as never, response as never, () => serveHandler(request, response, config));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runServer('preview', 3000, async (port) => {
    await startPreview(port);
    console.log(`Serving out/ at http://127.0.0.1:${port} (Ctrl+C to stop)`);
  });
}
