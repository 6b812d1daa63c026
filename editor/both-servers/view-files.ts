/**
 * What the editing view serves besides its API, in npm run edit (local/server.ts) and in the
 * editing service (service/server.ts) alike: the view's page, its script and style (bundled as the
 * server starts), the empty page beside the form with the site's styles, and the site's pictures.
 * None of it holds anything of the content.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { pagesBeside } from './site-bundle';

/** The view's own policy: its scripts and styles are files it serves, and no page may frame it. */
export const VIEW_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The view's page: its script and stylesheet are files, as its policy allows no inline script. The
 * editing service's page says so on its main element (data-mode), for the view to ask who is signed
 * in and which change is open, where npm run edit's asks for its token.
 */
const viewHtml = (mode: 'local' | 'service') => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Edit the site's words</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/style.css">
<script src="/site-pages.js" defer></script>
<script src="/view.js" defer></script>
</head>
<body>
<main id="editor" data-mode="${mode}" aria-label="Edit the site's words"><h1>Edit the site's words</h1><p>Loading the content files…</p></main>
</body>
</html>
`;

/**
 * The policy of the page beside the form: an empty page with the site's styles, which the view
 * draws the site's pages into (editor/browser/page-beside.tsx); it runs no script of its own, and
 * the site's components write some styles inline.
 */
const PAGE_BESIDE_POLICY =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * The page the frame beside the form loads, once: the site's styles, the editor's outline of the
 * field being edited, and an empty icon, as the view has, since a page opened on its own (by a
 * test, say) would otherwise ask the editor for /favicon.ico, which it does not serve.
 */
const PAGE_BESIDE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The page beside the form</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/page-beside.css"></head><body></body></html>';

/**
 * How the page beside the form outlines the texts of the field being edited, and a text that shows
 * the last accepted value in place of one the check refused: the editor's only rules there.
 */
const PAGE_BESIDE_RULES =
  '[data-editor-selected] { outline: 2px dashed var(--color-brand); outline-offset: 2px; }';

/**
 * The browser's part of the view, bundled once as the server starts, with the packages the site's
 * pages import (editor-site-packages), which the pages drawn beside the form take from it.
 * @param sitePackages The packages the pages import, by the name they import them with.
 */
async function bundleView(sitePackages: string[]) {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const packagesPlugin: Plugin = {
    name: 'editor-site-packages',
    setup(bundle) {
      bundle.onResolve({ filter: /^editor-site-packages$/ }, () => ({
        path: 'editor-site-packages',
        namespace: 'editor-site-packages',
      }));
      bundle.onLoad({ filter: /.*/, namespace: 'editor-site-packages' }, () => ({
        contents: [
          ...sitePackages.map((name, i) => `import * as package${i} from ${JSON.stringify(name)};`),
          `export const sitePackages = { ${sitePackages.map((name, i) => `${JSON.stringify(name)}: package${i}`).join(', ')} };`,
        ].join('\n'),
        resolveDir: process.cwd(),
        loader: 'js',
      }));
    },
  };
  const result = await build({
    entryPoints: {
      view: path.join(here, '../browser/main.tsx'),
      style: path.join(here, '../browser/view.css'),
    },
    bundle: true,
    write: false,
    outdir: '/',
    format: 'iife',
    target: 'es2022',
    // Some 2.5 MB as written (React's two renderers, the dialling rules): minified, a browser
    // reads it in a fraction of the time.
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [packagesPlugin],
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((file) => [file.path, file.text]));
}

/** The images the page beside the form may show, by extension, with the type each is sent as. */
const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

/** An image of public/ that the page beside the form shows; nothing outside public/, no other file. */
function publicFile(pathname: string) {
  const folder = path.resolve('public');
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const file = path.resolve(folder, `.${decoded}`);
  const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
  if (!type || !file.startsWith(`${folder}${path.sep}`) || !existsSync(file)) return undefined;
  return { type, bytes: readFileSync(file) };
}

/**
 * Sends an answer under the view's policy, never cached: JSON, or a text of the given type.
 */
export function send(response: ServerResponse, status: number, body: unknown, type = 'json') {
  const text = type === 'json' ? JSON.stringify(body) : String(body);
  response.writeHead(status, {
    'content-type': type === 'json' ? 'application/json; charset=utf-8' : `${type}; charset=utf-8`,
    'content-security-policy': VIEW_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  response.end(text);
}

/** The page the frame beside the form loads, under the policy that lets the view draw into it. */
function sendPageBeside(response: ServerResponse) {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': PAGE_BESIDE_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  response.end(PAGE_BESIDE_HTML);
}

/**
 * Bundles the view and the site's pages for the browser, once, as a server starts.
 * @param root The project's root, whose app/ the pages beside the form are drawn with.
 * @param mode Which server the page is for: npm run edit's, or the editing service's.
 * @returns The pages and their content files, and `serve`, which answers a request for one of the
 *   files above (true) or leaves it (false); `holdsNothing` tells such a request apart, for a gate
 *   that lets it through without the token.
 */
export async function viewFiles(root: string, mode: 'local' | 'service') {
  const site = await pagesBeside(root);
  const assets = await bundleView(site.packages);
  assets.set('/site-pages.js', site.script);
  const holdsNothing = (method: string | undefined, pathname: string) =>
    method === 'GET' &&
    (pathname === '/' ||
      pathname === '/page-beside' ||
      pathname === '/page-beside.css' ||
      assets.has(pathname) ||
      publicFile(pathname) !== undefined);
  const serve = (method: string | undefined, pathname: string, response: ServerResponse) => {
    if (method !== 'GET') return false;
    if (pathname === '/') send(response, 200, viewHtml(mode), 'text/html');
    else if (pathname === '/page-beside') sendPageBeside(response);
    else if (pathname === '/page-beside.css')
      send(response, 200, `${site.css}\n${PAGE_BESIDE_RULES}`, 'text/css');
    else if (assets.has(pathname))
      send(
        response,
        200,
        assets.get(pathname),
        pathname.endsWith('.css') ? 'text/css' : 'text/javascript',
      );
    else {
      const image = publicFile(pathname);
      if (!image) return false;
      response.writeHead(200, { 'content-type': image.type, 'cache-control': 'no-store' });
      response.end(image.bytes);
    }
    return true;
  };
  return { pages: site.pages, holdsNothing, serve };
}
