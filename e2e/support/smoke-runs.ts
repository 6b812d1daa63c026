/**
 * What the suite's tests of the smoke tests share: a run of the smoke suite itself, as QA start it
 * (`npm run test:smoke`'s Playwright config, with the environment they would set), and a proxy in
 * front of a test server that writes down every request it passes on and may serve one fault of
 * the caller's in place of the server's answer.
 */
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import {
  createServer,
  request as upstreamRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnGroup } from './process-groups';

/** What a smoke run gave: its exit status, what it printed, and its summary in words. */
export type SmokeRun = { status: number | null; output: string; summary: string };

/** The variables of this runner's and worker's own, which a nested run must not inherit. */
const runnersOwn = /^(TEST_|PW_|PLAYWRIGHT_(?!BROWSERS_PATH)|FORCE_COLOR$)/;

/**
 * Runs the smoke suite with these variables on top of a clean environment, and waits for it to end.
 * @param variables SITE_URL and the SMOKE_ settings, as QA would set them.
 * @param args More arguments for `playwright test`, such as a --grep.
 */
export async function runSmoke(
  variables: Record<string, string>,
  args: string[] = [],
): Promise<SmokeRun> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'private-bank-smoke-'));
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (runnersOwn.test(name) || name.startsWith('SMOKE_')) delete env[name];
  const child = spawnGroup(
    'node_modules/.bin/playwright',
    ['test', '--config', 'playwright.smoke.config.ts', ...args],
    {
      env: { ...env, SITE_URL: '', SMOKE_REPORT_DIR: reportDir, NO_COLOR: '1', ...variables },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
    `a smoke run against ${variables.SITE_URL}`,
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [status] = (await once(child, 'exit')) as [number | null];
  const summaryFile = path.join(reportDir, 'summary.md');
  const summary = existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '';
  return { status, output, summary };
}

/** A request the proxy passed on, as it arrived. */
export type Passed = { method: string; target: string; headers: IncomingHttpHeaders };

/** An answer from the server, which a fault may change before the client gets it. */
export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A fault the proxy serves: given the request and the server's answer, the answer to send instead
 * (or the same one).
 */
export type Fault = (request: IncomingMessage, answer: Answer) => Answer;

/**
 * Starts a proxy on a free port of 127.0.0.1 in front of a test server on `upstreamPort`, which
 * writes down each request and passes it on, asking for the answer uncompressed so that a fault can
 * read and change its body.
 * @returns Its address, the requests it passed on, and a function that stops it.
 */
export async function startProxy(upstreamPort: number, fault: Fault = (_, answer) => answer) {
  const passed: Passed[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    passed.push({
      method: request.method ?? '',
      target: request.url ?? '',
      headers: request.headers,
    });
    const headers = { ...request.headers };
    delete headers['accept-encoding'];
    const upstream = upstreamRequest(
      { host: '127.0.0.1', port: upstreamPort, method: request.method, path: request.url, headers },
      async (answer) => {
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        const changed = fault(request, {
          status: answer.statusCode ?? 502,
          headers: answer.headers,
          body: Buffer.concat(chunks),
        });
        const sent = { ...changed.headers, 'content-length': String(changed.body.length) };
        delete sent['transfer-encoding'];
        delete sent.connection;
        response.writeHead(changed.status, sent).end(changed.body);
      },
    );
    upstream.on('error', (error) => response.writeHead(502).end(error.message));
    request.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    passed,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
