/**
 * `npm run edit`: the editing view, a form over every field of content/*.ts with the page beside
 * it, served on 127.0.0.1 only, at a port of its own (PORT, or any free one). It prints its address
 * with a secret token, as Jupyter does; request-gate.ts refuses every request that is not the
 * view's own. Run it from the project's root: it reads and writes the content files there.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ContentFiles, versionOf, type FieldPath, type Refusal } from './content-files';
import { fieldDocs } from './field-docs';
import { formChoices, formSchema } from './form-schema';
import { BODY_LIMIT, cookieName, newToken, readBody, refusal } from './request-gate';

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
<link rel="stylesheet" href="/style.css">
<script src="/view.js" defer></script>
</head>
<body>
<main id="editor"><h1>Edit the site's words</h1><p>Loading the content files…</p></main>
</body>
</html>
`;

/** The browser's part of the view, bundled once as the server starts. */
async function bundleView() {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const result = await build({
    entryPoints: { view: `${here}view/main.ts`, style: `${here}view/view.css` },
    bundle: true,
    write: false,
    outdir: '/',
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((file) => [file.path, file.text]));
}

/** A field path from a request: the export name then keys and indices, nothing else. */
const isFieldPath = (value: unknown): value is FieldPath =>
  Array.isArray(value) &&
  typeof value[0] === 'string' &&
  value.every((key) => typeof key === 'string' || (Number.isInteger(key) && key >= 0));

/** The status that tells the view why a write was refused. */
const refusalStatus: Record<Refusal['refused'], number> = {
  check: 422,
  'changed on disk': 409,
  'unknown field': 404,
};

/**
 * Starts the editing view.
 * @returns The address to open (with its token) and a function that stops the server.
 */
export async function startEditor(port = Number(process.env.PORT ?? 0)) {
  const token = newToken();
  const assets = await bundleView();
  const content = new ContentFiles();
  // Help texts are the schema's, which does not change while the editor runs.
  const docs = fieldDocs(content.readAll());
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

  /** Everything the form needs: the schema, each file's value and version, help, choices, problems. */
  const model = () => {
    const files = content.readAll();
    return {
      schema: formSchema(),
      files: files.map(({ file, name, source, read }) => ({
        file,
        name,
        version: versionOf(source),
        value: read?.value,
      })),
      docs,
      choices: formChoices(files),
      problems: content.problems(files),
      canUndo: content.canUndo,
    };
  };

  const api = async (request: IncomingMessage, response: ServerResponse, route: string) => {
    if (request.method === 'GET' && route === '/api/content') return send(response, 200, model());
    if (request.method !== 'POST') return send(response, 405, { error: 'not allowed' });
    const body = await readBody(request);
    if ('status' in body) {
      response.setHeader('connection', 'close');
      send(response, body.status, { error: body.status === 413 ? 'too large' : 'not JSON' });
      return void response.on('finish', () => request.destroy());
    }
    const { field, value, version } = (body.value ?? {}) as Record<string, unknown>;
    if (route === '/api/undo') {
      const undone = content.undo();
      if (undone && 'refused' in undone) return send(response, 409, undone);
      return send(response, 200, { undone: undone?.file ?? null });
    }
    if (!isFieldPath(field)) return send(response, 400, { error: 'no field' });
    if (route === '/api/check') {
      const checked = content.check(field, value);
      return send(response, 'refused' in checked ? refusalStatus[checked.refused] : 200, checked);
    }
    if (route === '/api/save' && typeof version === 'string') {
      const saved = await content.save(field, value, version);
      return send(response, 'refused' in saved ? refusalStatus[saved.refused] : 200, saved);
    }
    return send(response, 404, { error: 'no such request' });
  };

  const server = createServer((request, response) => {
    const refused = refusal(request, ownPort, token);
    if (refused) return send(response, 403, refused, 'text/plain');
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (pathname === '/' && request.method === 'GET') {
      // The first load carries the token in its address; the view's own requests, in this cookie.
      if (searchParams.has('token'))
        response.setHeader(
          'set-cookie',
          `${cookieName(ownPort)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        );
      return send(response, 200, VIEW_HTML, 'text/html');
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  ownPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${ownPort}/?token=${token}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startEditor();
  console.log(
    `The editing view is at (this address holds its key; share it with no one):\n  ${url}`,
  );
  console.log(`Bodies over ${BODY_LIMIT / 1024} kB are refused. Stop it with Ctrl+C.`);
}
