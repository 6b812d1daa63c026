/**
 * `PORT=3000 npm run preview` (3000 by default): serves out/ on 127.0.0.1, compressed, as a static
 * host configured for it does: clean URLs (/south-africa serves south-africa.html), the not-found
 * page with status 404 for every unknown, odd or hostile address, and no directory listings.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import serveHandler from 'serve-handler';
import { notFoundName, notFoundPage } from '../../lib/routes';
import { runServer } from './port';

/** Where serve-handler answers with 404.html and status 404: a path no export writes. */
const MISSING = '/.not-found';

type PreviewOptions = {
  root: string;
  port: number;
  /** Serve the not-found page's own files with status 200, for tools that refuse a 404 answer. */
  exposeErrorPages?: boolean;
};

/**
 * Whether an address may be looked up in the export. serve-handler would answer a malformed escape,
 * a control character or a climb out of the folder with its own 400 page; visitors get ours instead.
 */
function isLookup(request: IncomingMessage, exposeErrorPages = false): boolean {
  let path: string;
  try {
    // The raw path, as serve-handler reads it: the URL parser would resolve '..' and hide a climb.
    path = decodeURIComponent((request.url ?? '/').split(/[?#]/, 1)[0] ?? '/');
  } catch {
    return false;
  }
  if (/[\u0000-\u001f\u007f\\]/.test(path) || path.split('/').includes('..')) return false;
  return exposeErrorPages || ![notFoundPage.file, notFoundName].includes(path.slice(1));
}

/** Starts serving an export; resolves to the listening server, which stops when closed. */
export function startPreview({ root, port, exposeErrorPages }: PreviewOptions): Promise<Server> {
  if (!existsSync(`${root}/index.html`)) {
    throw new Error(`${root}/ has no build: run \`npm run build\` first.`);
  }
  const config = { public: root, cleanUrls: true, trailingSlash: false, directoryListing: false };
  const compress = compression();
  const server = createServer((request, response) => {
    if (!isLookup(request, exposeErrorPages)) request.url = MISSING;
    compress(request as never, response as never, () => serveHandler(request, response, config));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 3000);
  await runServer('preview', port, async () => {
    await startPreview({ root: 'out', port });
    console.log(`Serving out/ at http://127.0.0.1:${port} (Ctrl+C to stop)`);
  });
}
