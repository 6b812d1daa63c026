/**
 * Serves the built site in out/ on 127.0.0.1, compressed, as a static host configured for it does:
 * clean URLs (/south-africa serves south-africa.html), the not-found page with status 404 for every
 * unknown, odd or hostile address, and no directory listings.
 *
 * Usage: PORT=3000 tsx scripts/preview.ts   (PORT defaults to 3000)
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import compression from 'compression';
import serveHandler from 'serve-handler';

const root = 'out';
const port = Number(process.env.PORT ?? 3000);
const compress = compression();

/** Where serve-handler answers with out/404.html and status 404: a path no export writes. */
const MISSING = '/.not-found';

/**
 * Whether an address may be looked up in out/. serve-handler would answer a malformed escape, a
 * control character or a climb out of the folder with its own 400 page; visitors get ours instead.
 * The not-found page's own files are not addresses either, so they cannot be served with status 200.
 */
function isLookup(request: IncomingMessage): boolean {
  let path: string;
  try {
    // The raw path, as serve-handler reads it: the URL parser would resolve '..' and hide a climb.
    path = decodeURIComponent((request.url ?? '/').split(/[?#]/, 1)[0] ?? '/');
  } catch {
    return false;
  }
  const segments = path.split('/');
  return (
    !/[\u0000-\u001f\u007f\\]/.test(path) &&
    !segments.includes('..') &&
    !/^\/(404|_not-found)(\.html|\.txt|\/|$)/.test(path)
  );
}

if (!existsSync(`${root}/index.html`)) {
  console.error(`${root}/ has no build: run \`npm run build\` first.`);
  process.exit(1);
}

createServer((request, response) => {
  if (!isLookup(request)) request.url = MISSING;
  compress(request as never, response as never, () => {
    void serveHandler(request, response, {
      public: root,
      cleanUrls: true,
      trailingSlash: false,
      directoryListing: false,
    });
  });
}).listen(port, '127.0.0.1', () => {
  console.log(`Serving ${root}/ at http://127.0.0.1:${port} (Ctrl+C to stop)`);
});
