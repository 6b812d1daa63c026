/**
 * `npm run edit`: the editing view, a form over every field of content/*.ts with the page beside
 * it, served on 127.0.0.1 only, at a port of its own (PORT, or any free one). It prints its address
 * with a secret token, as Jupyter does; request-gate.ts forbids every request that is not the
 * view's own. Run it from the project's root: it reads and writes the content files there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import {
  changesSinceCommit,
  commitToBranch,
  committedValue,
  currentBranch,
  isOwnRepository,
} from './changes';
import { ContentFiles, versionOf, type FieldPath, type Refusal } from './content-files';
import { valueAt } from './values';
import { fieldDocs } from './field-docs';
import { fieldWords } from '../scripts/shared/field-words';
import { formChoices, formSchema } from './form-schema';
import { pagesBeside } from './pages-beside';
import { BODY_LIMIT, newToken, readBody, whyForbidden } from './request-gate';
import { TAB_HEADER } from './token-header';

/** The view's own policy: its scripts and styles are files it serves, and no page may frame it. */
const VIEW_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The view's page: its script and stylesheet are files, as its policy allows no inline script. */
const VIEW_HTML = `<!doctype html>
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
<main id="editor" aria-label="Edit the site's words"><h1>Edit the site's words</h1><p>Loading the content files…</p></main>
</body>
</html>
`;

/**
 * The policy of the page beside the form: an empty page with the site's styles, which the view
 * draws the site's pages into (editor/view/page-beside.tsx); it runs no script of its own, and the
 * site's components write some styles inline.
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
    entryPoints: { view: `${here}view/main.tsx`, style: `${here}view/view.css` },
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

/** A field path from a request: the export name then keys and indices, nothing else. */
const isFieldPath = (value: unknown): value is FieldPath =>
  Array.isArray(value) &&
  typeof value[0] === 'string' &&
  value.every((key) => typeof key === 'string' || (Number.isInteger(key) && key >= 0));

/** The status that tells the view why a write was refused. */
const refusalStatus: Record<Refusal['refused'], number> = {
  check: 422,
  'changed in another tab': 409,
  'changed on disk': 409,
  'unknown field': 404,
};

/** A tab's id as the view makes it (token-header.ts): 1 to 64 letters, digits and dashes. */
const TAB_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The tab a request comes from: its id, or undefined where the request names none that fits. */
function tabOf(request: IncomingMessage): string | undefined {
  const given = request.headers[TAB_HEADER];
  return typeof given === 'string' && TAB_ID.test(given) ? given : undefined;
}

/** The routes that write the content files (or commit them), which only a tab's request may call. */
const WRITES = ['/api/save', '/api/discard', '/api/undo', '/api/commit'];

/**
 * Starts the editing view.
 * @returns The address to open (with its token) and a function that stops the server.
 */
export async function startEditor(port = Number(process.env.PORT ?? 0)) {
  const token = newToken();
  const content = new ContentFiles();
  // Help texts are the schema's, which does not change while the editor runs.
  const docs = fieldDocs(content.readAll());
  const schema = formSchema();
  const site = await pagesBeside(process.cwd());
  const assets = await bundleView(site.packages);
  assets.set('/site-pages.js', site.script);
  let ownPort = port;

  const send = (response: ServerResponse, status: number, body: unknown, type = 'json') => {
    const text = type === 'json' ? JSON.stringify(body) : String(body);
    response.writeHead(status, {
      'content-type':
        type === 'json' ? 'application/json; charset=utf-8' : `${type}; charset=utf-8`,
      'content-security-policy': VIEW_POLICY,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    response.end(text);
  };

  /**
   * Everything the form needs: the schema, each file's value and version, help, choices, problems,
   * and whether the tab asking has a save to undo (a request of no tab has none).
   */
  const model = (tab: string | undefined) => {
    const files = content.readAll();
    return {
      schema,
      pages: site.pages,
      files: files.map(({ file, name, source, read }) => ({
        file,
        name,
        version: versionOf(source),
        value: read?.value,
      })),
      docs,
      choices: formChoices(files),
      problems: content.problems(files),
      canUndo: tab !== undefined && content.canUndo(tab),
    };
  };

  const api = async (request: IncomingMessage, response: ServerResponse, route: string) => {
    if (request.method === 'GET' && route === '/api/content')
      return send(response, 200, model(tabOf(request)));
    // Each file's version on disk, for the view to notice a change made outside it, and the files
    // as another tab of this view saved them, for the view to say so.
    if (request.method === 'GET' && route === '/api/versions') {
      const files = content.readAll();
      return send(response, 200, {
        versions: Object.fromEntries(files.map(({ name, source }) => [name, versionOf(source)])),
        byAnotherTab: files
          .filter((file) => content.writtenByAnotherTab(file, tabOf(request)))
          .map(({ name }) => name),
      });
    }
    if (request.method === 'GET' && route === '/api/changes') {
      const files = content.readAll();
      const values = Object.fromEntries(files.map(({ name, read }) => [name, read?.value]));
      const changes = changesSinceCommit(files).map((change) => ({
        ...change,
        words: fieldWords(change.field, schema, values),
      }));
      const repository = isOwnRepository();
      const branch = repository ? (currentBranch() ?? null) : null;
      return send(response, 200, { repository, branch, changes });
    }
    if (request.method !== 'POST') return send(response, 405, { error: 'not allowed' });
    const body = await readBody(request);
    if ('status' in body) {
      response.setHeader('connection', 'close');
      send(response, body.status, { error: body.status === 413 ? 'too large' : 'not JSON' });
      return void response.on('finish', () => request.destroy());
    }
    const tab = tabOf(request);
    if (WRITES.includes(route) && tab === undefined)
      return send(response, 400, { error: `a tab's id in ${TAB_HEADER}` });
    const { field, value, version } = (body.value ?? {}) as Record<string, unknown>;
    if (route === '/api/commit') {
      const { branch, message } = (body.value ?? {}) as Record<string, unknown>;
      if (typeof branch !== 'string' || typeof message !== 'string')
        return send(response, 400, { error: 'a branch and a message' });
      const committed = commitToBranch(content.readAll(), branch, message);
      if (!('problem' in committed)) content.forgetLastSaves();
      return send(response, 'problem' in committed ? 422 : 200, committed);
    }
    if (route === '/api/undo') {
      const undone = await content.undo(tab!);
      if (undone && 'refused' in undone) return send(response, 409, undone);
      const values = Object.fromEntries(
        content.readAll().map(({ name, read }) => [name, read?.value]),
      );
      const words = undone && fieldWords(undone.field, schema, values);
      return send(response, 200, { undone: undone?.file ?? null, field: words ?? null });
    }
    if (!isFieldPath(field)) return send(response, 400, { error: 'no field' });
    if (route === '/api/check') {
      const checked = content.check(field, value);
      return send(response, 'refused' in checked ? refusalStatus[checked.refused] : 200, checked);
    }
    if (route === '/api/discard' && typeof version === 'string') {
      // Outside a repository of its own, the last commit would be the one around the project's.
      if (!isOwnRepository())
        return send(response, 400, { error: 'the project is not a git repository of its own' });
      const file = content.readAll().find((f) => f.name === field[0]);
      const committed = file && valueAt(committedValue(file), field.slice(1));
      const discarded = await content.save(field, committed, version, tab!);
      return send(
        response,
        'refused' in discarded ? refusalStatus[discarded.refused] : 200,
        discarded,
      );
    }
    if (route === '/api/save' && typeof version === 'string') {
      const saved = await content.save(field, value, version, tab!);
      return send(response, 'refused' in saved ? refusalStatus[saved.refused] : 200, saved);
    }
    return send(response, 404, { error: 'no such request' });
  };

  /** The page the frame beside the form loads, under the policy that lets the view draw into it. */
  const sendPageBeside = (response: ServerResponse) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PAGE_BESIDE_POLICY,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    response.end(PAGE_BESIDE_HTML);
  };

  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    // The view's page, scripts and styles, the empty page beside the form and the site's pictures
    // hold nothing of the content: the view's script takes the token from the address it was
    // opened at (request-gate.ts), and asks for the content with it.
    const holdsNothing =
      request.method === 'GET' &&
      (pathname === '/' ||
        pathname === '/page-beside' ||
        pathname === '/page-beside.css' ||
        assets.has(pathname) ||
        publicFile(pathname) !== undefined);
    const forbidden = whyForbidden(request, ownPort, token, !holdsNothing);
    if (forbidden) return send(response, 403, forbidden, 'text/plain');
    if (pathname === '/' && request.method === 'GET')
      return send(response, 200, VIEW_HTML, 'text/html');
    if (pathname === '/page-beside' && request.method === 'GET') return sendPageBeside(response);
    if (pathname === '/page-beside.css')
      return send(response, 200, `${site.css}\n${PAGE_BESIDE_RULES}`, 'text/css');
    const image = publicFile(pathname);
    if (image && request.method === 'GET') {
      response.writeHead(200, { 'content-type': image.type, 'cache-control': 'no-store' });
      return void response.end(image.bytes);
    }
    const asset = assets.get(pathname);
    if (asset !== undefined && request.method === 'GET')
      return send(response, 200, asset, pathname.endsWith('.css') ? 'text/css' : 'text/javascript');
    if (pathname.startsWith('/api/'))
      return void api(request, response, pathname).catch((error: unknown) =>
        send(response, 500, { error: `the editor failed: ${String(error)}` }),
      );
    send(response, 404, 'not found', 'text/plain');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  ownPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${ownPort}/?token=${token}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startEditor().catch((error: NodeJS.ErrnoException) => {
    // A port taken is the one failure an editor can cause and mend; it is said in their words.
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(
      `The editing view cannot start: port ${process.env.PORT} is in use, perhaps by another npm run edit. Close that one, or start this one without PORT to take any free port.`,
    );
    process.exit(1);
  });
  console.log(
    `The editing view is at (this address holds its key; share it with no one):\n  ${url}`,
  );
  console.log(`Bodies over ${BODY_LIMIT / 1024} kB are turned away. Stop it with Ctrl+C.`);
}
