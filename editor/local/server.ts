/**
 * `npm run edit`: the editing view, a form over every field of content/*.ts with the page beside
 * it, served on 127.0.0.1 only, at a port of its own (PORT, or any free one). It prints its address
 * with a secret token, as Jupyter does; request-gate.ts forbids every request that is not the
 * view's own. Run it from the project's root: it reads and writes the content files there. The
 * editing service (service/server.ts) serves the same view to many editors behind a sign-in.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { contentApi } from '../both-servers/content-api';
import { ContentFiles } from '../both-servers/content-files';
import { fieldDocs } from '../both-servers/field-docs';
import { formSchema } from '../both-servers/form-schema';
import type { Failure } from '../shared/protocol';
import { BODY_LIMIT } from '../both-servers/read-body';
import { newToken, whyForbidden } from './request-gate';
import { send, viewFiles } from '../both-servers/view-files';

/**
 * Starts the editing view.
 * @returns The address to open (with its token) and a function that stops the server.
 */
export async function startEditor(port = Number(process.env.PORT ?? 0)) {
  const token = newToken();
  let ownPort = port;
  /** The view's answers, once it has read the content and bundled its scripts. */
  let answer: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    // Before the view is ready its address is not printed: nothing to answer yet.
    if (!answer) return send(response, 503, 'the editing view is starting', 'text/plain');
    answer(request, response);
  });
  // The port first, so that a port in use is said at once, before the work of the start.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  ownPort = (server.address() as AddressInfo).port;
  try {
    const content = new ContentFiles();
    const root = process.cwd();
    const view = await viewFiles(root, 'local');
    // Help texts are the schema's, which does not change while the editor runs.
    const shared = { schema: formSchema(), docs: fieldDocs(content.readAll()), pages: view.pages };
    const api = contentApi(content, root, shared, { commits: true });
    answer = (request, response) => {
      const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
      // The view's page, scripts and styles, the empty page beside the form and the site's pictures
      // hold nothing of the content: the view's script takes the token from the address it was
      // opened at (request-gate.ts), and asks for the content with it.
      const tokenNeeded = !view.holdsNothing(request.method, pathname);
      const forbidden = whyForbidden(request, ownPort, token, tokenNeeded);
      if (forbidden) return send(response, 403, forbidden, 'text/plain');
      if (view.serve(request.method, pathname, response)) return;
      if (pathname.startsWith('/api/'))
        return void api(request, response, pathname).catch((error: unknown) =>
          send(response, 500, { error: `the editor failed: ${String(error)}` } satisfies Failure),
        );
      send(response, 404, 'not found', 'text/plain');
    };
  } catch (error) {
    server.close();
    throw error;
  }
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
