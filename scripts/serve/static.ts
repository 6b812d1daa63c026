/**
 * `PORT=3000 npm run serve` serves out/ on 127.0.0.1 as a plain static host would: compressed,
 * with clean URLs (/south-africa for south-africa.html), no folder listings, and the not-found page
 * with status 404 for every unknown, odd or hostile address. `npm start` serves with it, and the
 * benchmark measures the pages through it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import serveHandler from 'serve-handler';
import { notFoundFileWithoutHtml, notFoundPage } from '../../lib/routes';
import { runServer } from './port';

/**
 * Whether serve-handler may look an address up. It answers odd addresses (malformed escapes,
 * control characters, a climb out of the folder) with a 400 page of its own rather than the site's
 * not-found page, so those never reach it.
 */
function isLookup(request: IncomingMessage, exposeErrorPages: boolean): boolean {
  let decodedPath: string;
  try {
    // The raw path, as serve-handler reads it: the URL parser would resolve '..' and hide a climb.
    decodedPath = decodeURIComponent((request.url ?? '/').split(/[?#]/, 1)[0] ?? '/');
  } catch {
    return false;
  }
  const hasControlOrBackslash = /[\u0000-\u001f\u007f\\]/.test(decodedPath);
  if (hasControlOrBackslash || decodedPath.split('/').includes('..')) return false;
  // The not-found page has no address of its own, so asking for its file is a missing address too.
  const namesNotFoundFile = [notFoundPage.file, notFoundFileWithoutHtml].includes(
    decodedPath.slice(1),
  );
  return exposeErrorPages || !namesNotFoundFile;
}

/**
 * Serves out/ (or another export) on a port of 127.0.0.1.
 * @param port The port to listen on, or 0 for any free one.
 * @param exposeErrorPages Serves 404.html at its own address with status 200, for tools such as
 *   Lighthouse that refuse to measure a page answered with 404.
 * @param folder The export to serve: out/, or one a deploy took from the tested build (records/).
 * @returns The server, once it listens.
 */
export function startStaticServer(
  port: number,
  exposeErrorPages = false,
  folder = 'out',
): Promise<Server> {
  const serveConfig = {
    public: folder,
    cleanUrls: true,
    trailingSlash: false,
    directoryListing: false,
  };
  const compress = compression();
  const server = createServer((request, response) => {
    // A path that no export writes, which serve-handler answers with 404.html and status 404.
    if (!isLookup(request, exposeErrorPages)) request.url = '/.not-found';
    compress(request as never, response as never, () =>
      serveHandler(request, response, serveConfig),
    );
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runServer('serve', 3000, async (port) => {
    await startStaticServer(port);
    console.log(`Serving out/ at http://127.0.0.1:${port} (Ctrl+C to stop)`);
  });
}
