import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { home } from '../../content/home';
import { localHttps, startNginx } from '../../scripts/serve/nginx';
import { freePort } from '../../scripts/serve/port';
import { LOCAL_SERVER_NAME } from '../../scripts/serve/tls';
import { localTls } from '../support/local-tls';
import type { SlowClientsMessage } from '../support/slow-clients';

/**
 * nginx under the slow-headers attack (slowloris): more connections than nginx's default room (512
 * a worker) are opened from 127.0.0.2 and each sends a header line now and then, never finishing
 * its request. A visitor on 127.0.0.1 must still be answered, and every slow connection must be
 * closed, by a reset, within the 10-second header timeout. Over HTTPS the same, with clients that
 * stall in the TLS handshake instead, which the same timeout ends (nginx closes those without a
 * reset, since no request has begun). The nginx is each test's own, on a port of its own, so that
 * the browser projects' server is not the one being filled; the two tests run one after the other,
 * as two attacks at once would share the machine's two cores.
 */

test.describe.configure({ mode: 'serial' });

const SLOW_CLIENTS = 2_500;
/** How long nginx may wait for a request header (deploy/nginx.conf.template says why). */
const HEADER_TIMEOUT_MS = 10_000;
/** Time for nginx's timer and this process to run on a busy machine, either side of the timeout. */
const LATENESS_MS = 2_000;
/** A visitor whose page takes longer than this has, for a person, not been served. */
const VISITOR_PATIENCE_MS = 1_000;

/** The soft and hard limits on open files of this process, from the kernel. */
function openFileLimits(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Max open files'));
  const [soft = 0, hard = 0] = (line?.match(/\d+/g) ?? []).map(Number);
  return { soft, hard };
}

type Answer = { status: number; body: string } | 'no answer';

/**
 * A visitor's GET of `/` on a connection of its own, closed after the answer: status and body. Over
 * HTTPS it names the server's name, which is all the server answers for, and the certificate is
 * verified, against the throwaway authority the runner trusts.
 */
function visit(port: number, https: boolean): Promise<Answer> {
  return new Promise((resolve) => {
    const get = (https ? httpsRequest : request)({
      host: '127.0.0.1',
      port,
      path: '/',
      agent: false,
      ...(https && { servername: LOCAL_SERVER_NAME }),
      headers: { Connection: 'close', ...(https && { Host: `${LOCAL_SERVER_NAME}:${port}` }) },
      timeout: VISITOR_PATIENCE_MS,
    });
    get.on('timeout', () => {
      get.destroy();
      resolve('no answer');
    });
    get.on('error', () => resolve('no answer'));
    get.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    get.end();
  });
}

for (const slowIn of ['http', 'tls-handshake'] as const) {
  const over = slowIn === 'http' ? 'HTTP' : 'HTTPS, stalled in the handshake';
  test(`nginx answers a visitor while ${SLOW_CLIENTS} slow clients hold connections, and closes each within ${HEADER_TIMEOUT_MS / 1000} s: ${over}`, async () => {
    test.setTimeout(30_000);
    const port = await freePort();
    const https = slowIn === 'tls-handshake';
    const tls = localTls();
    const nginx = startNginx(
      `127.0.0.1:${port}`,
      https
        ? localHttps(port, await freePort(), path.dirname(tls.certificate), tls.acmeChallengeDir)
        : undefined,
    );
    let clients: ReturnType<typeof spawn> | undefined;
    try {
      // nginx is up once it answers; a bounded wait, as every wait here.
      let up = false;
      for (let tries = 0; tries < 50 && !up; tries += 1) {
        up = (await visit(port, https)) !== 'no answer';
        if (!up) await sleep(100);
      }
      expect(up, 'nginx answered before the slow clients came').toBe(true);

      // The slow clients' sockets may exceed this process's soft file limit (1,024 is common): they
      // live in a process of their own, whose limit prlimit raises (the hard one too, where it must
      // be raised and may be: as root, as in CI).
      const needed = SLOW_CLIENTS + 100;
      const { hard } = openFileLimits();
      const limit = `--nofile=${needed}:${Math.max(needed, hard)}`;
      const script = 'e2e/support/slow-clients.ts';
      const wait = String(HEADER_TIMEOUT_MS + LATENESS_MS);
      const args = [limit, process.execPath, '--import', 'tsx', script, String(port)];
      clients = spawn('prlimit', [...args, String(SLOW_CLIENTS), wait, slowIn], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const exited = once(clients, 'exit');
      const messages: SlowClientsMessage[] = [];
      clients.on('message', (message: SlowClientsMessage) => messages.push(message));
      const next = async <Type extends SlowClientsMessage['type']>(type: Type) => {
        for (let waited = 0; waited < 25_000; waited += 50) {
          const message = messages.find(
            (m): m is Extract<SlowClientsMessage, { type: Type }> => m.type === type,
          );
          if (message) return message;
          await sleep(50);
        }
        throw new Error(`the slow clients sent no ${type} message`);
      };

      const held = await next('held');
      // Each visit waits for the one before: three answers in a row, not one lucky one.
      const visits: Answer[] = [];
      for (let visitor = 0; visitor < 3; visitor += 1) visits.push(await visit(port, https));
      expect(
        visits.map((answer) =>
          answer === 'no answer' ? answer : [answer.status, answer.body.includes(home.title)],
        ),
        `a visitor asked for / three times, each waiting ${VISITOR_PATIENCE_MS} ms at most`,
      ).toEqual([
        [200, true],
        [200, true],
        [200, true],
      ]);
      expect(held.connected, 'slow connections held at once').toBeGreaterThanOrEqual(2_000);

      const { connections } = await next('report');
      const late = connections.filter(
        ({ connectedAt, closedAt }) =>
          closedAt === undefined || closedAt - connectedAt > HEADER_TIMEOUT_MS + LATENESS_MS,
      );
      expect(late.length, `slow connections still open ${LATENESS_MS} ms past the timeout`).toBe(0);
      if (!https) {
        const notReset = connections.filter(({ closedWith }) => closedWith !== 'ECONNRESET');
        expect(notReset.slice(0, 3), 'slow connections closed otherwise than by a reset').toEqual(
          [],
        );
      }
      // Closed by the header timeout, not dropped for want of room: nginx's clock, which it reads
      // once per round of events, may run behind on a busy machine, so the timeout may fire early.
      const early = connections.filter(
        ({ connectedAt, closedAt = Infinity }) =>
          closedAt - connectedAt < HEADER_TIMEOUT_MS - LATENESS_MS,
      );
      expect(early.length, 'slow connections closed well before the timeout').toBe(0);
      await exited;
      expect(clients.exitCode, 'the slow clients closed their sockets and ended').toBe(0);
    } finally {
      clients?.kill('SIGKILL');
      nginx.stop();
      await nginx.exited;
    }
  });
}
