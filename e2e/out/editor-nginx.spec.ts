import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startEditorNginx, type TestEditor } from '../support/editing-service-nginx';
import { freePort } from '../support/ports';

/**
 * The editing service's shipped nginx server block (deploy/editor/nginx-editor.conf.template), run
 * by e2e/support/editing-service-nginx.ts with its sign-in answered by auth_basic, in front of a
 * stand-in for the service on a Unix socket that writes down every request it gets: the block
 * passes on the signed-in editor, and only them, with the proxy's secret; it refuses a request
 * without credentials, one for another name and a body over the service's 64 kB, before the
 * service sees any of them.
 */

const PROXY_SECRET = 'proxy-secret-of-the-test-0123456789abcdef';

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; bodyBytes: number };

// One nginx, on one port, for the whole file: its tests run one after another, in one worker.
test.describe.configure({ mode: 'default' });

let seen: Seen[] = [];
let folder: string;
let service: ReturnType<typeof createServer>;
let nginx: Awaited<ReturnType<typeof startEditorNginx>>;
/** The HTTPS port of this spec's nginx, a free one the system gives. */
let port: number;
/** The authority of nginx's throwaway certificate, which the requests trust. */
let authority: string;

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'private-bank-editor-socket-'));
  const socket = path.join(folder, 'editor.sock');
  service = createServer((incoming, answer) => {
    let bodyBytes = 0;
    incoming.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    incoming.on('end', () => {
      seen.push({
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        bodyBytes,
      });
      answer.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'max-age=600' });
      answer.end('the service\n');
    });
  });
  await new Promise<void>((resolve) => service.listen(socket, resolve));
  port = await freePort();
  nginx = await startEditorNginx({ socket, port, proxySecret: PROXY_SECRET });
  authority = readFileSync(nginx.authority, 'utf8');
});

test.afterAll(async () => {
  await nginx?.stop();
  await new Promise((resolve) => service?.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

test.beforeEach(() => {
  seen = [];
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * One request to nginx on 127.0.0.1, as a browser sends it for https://localhost:<port>, unless
 * told to name another server in the handshake or in Host.
 */
function send(
  options: {
    method?: string;
    path?: string;
    user?: { user: string; password: string };
    headers?: Record<string, string>;
    body?: Buffer;
    sni?: string;
    host?: string;
  } = {},
): Promise<Answer> {
  const authorization = options.user
    ? { Authorization: `Basic ${btoa(`${options.user.user}:${options.user.password}`)}` }
    : {};
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        servername: options.sni ?? 'localhost',
        ca: authority,
        agent: false,
        timeout: 5_000,
        headers: {
          Host: options.host ?? `localhost:${port}`,
          ...authorization,
          ...options.headers,
          ...(options.body && { 'Content-Length': String(options.body.length) }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer in 5 s')));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** What a request that never got an answer met: its error's code and message. */
const refusal = (options: Parameters<typeof send>[0]) =>
  send(options).then(
    (answer) => `answered ${answer.status}`,
    (error: Error & { code?: string }) => `${error.code ?? ''} ${error.message}`.trim(),
  );

test('a request without credentials gets 401 and never reaches the service', async () => {
  const answer = await send();
  expect(answer.status).toBe(401);
  // The challenge that browsers answer with the test editor's credentials.
  expect(answer.headers['www-authenticate']).toBe(
    'Basic realm="Private Bank editors (test sign-in)"',
  );
  // Wrong credentials, and headers that name a person and the proxy's secret, fare no better.
  const thandi = nginx.editors[0]!;
  expect((await send({ user: { user: thandi.user, password: 'wrong' } })).status).toBe(401);
  const forged = await send({
    method: 'POST',
    headers: {
      'X-Editor-User': 'thandi',
      'X-Editor-Email': 'thandi@example.com',
      'X-Editor-Proxy-Secret': PROXY_SECRET,
      'X-Auth-Request-User': 'thandi',
    },
  });
  expect(forged.status).toBe(401);
  expect(seen).toEqual([]);
});

test('the service sees the signed-in editor, from the sign-in alone, and the proxy secret', async () => {
  const [thandi, pieter] = nginx.editors;
  for (const [editor, expected] of [
    [
      thandi!,
      {
        'x-editor-user': 'thandi',
        'x-editor-email': 'thandi@example.com',
        'x-editor-name': 'Thandi Nkosi',
        'x-editor-groups': 'site-editors',
      },
    ],
    [
      pieter!,
      {
        'x-editor-user': 'pieter',
        'x-editor-email': 'pieter@example.com',
        'x-editor-name': 'Pieter van der Merwe',
        'x-editor-groups': 'site-editors',
      },
    ],
  ] as const) {
    seen = [];
    const answer = await send({ path: '/changes?x=1', user: editor });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('the service\n');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/changes?x=1');
    expect(seen[0]!.headers).toMatchObject({
      ...expected,
      'x-editor-proxy-secret': PROXY_SECRET,
      host: `localhost:${port}`,
    });
    // The credentials stay with nginx.
    expect(seen[0]!.headers.authorization).toBeUndefined();
  }
});

test('a person outside the editors’ group gets 403 from the sign-in and never reaches the service; an editor whose first group is another passes', async () => {
  const naledi = nginx.editors.find((editor) => editor.user === 'naledi')!;
  expect(naledi.groups).not.toContain('site-editors');
  expect((await send({ user: naledi })).status).toBe(403);
  expect(seen).toEqual([]);
  const thandi = nginx.editors.find((editor) => editor.user === 'thandi')!;
  // The sign-in lists her groups one a header line, the editors' second: nginx 1.22 would pass on
  // the first alone.
  expect(thandi.groups).toEqual(['staff', 'site-editors']);
  expect((await send({ user: thandi })).status).toBe(200);
  expect(seen.map(({ headers }) => headers['x-editor-groups'])).toEqual(['site-editors']);
});

test('the log asks the sign-in for the compliance group, editors or not; the pictures for compliance, then the reviewers; each passes the one group confirmed', async () => {
  const person = (user: string) => nginx.editors.find((editor) => editor.user === user)!;
  const [thandi, naledi, jabu] = [person('thandi'), person('naledi'), person('jabu')];
  expect(naledi.groups).toEqual(['compliance']);
  expect(jabu.groups).toEqual(['staff', 'site-reviewers']);
  const pictures = '/records/pull-requests/7/0123456789ab/';
  /** What the service saw of each request that reached it: its address and X-Editor-Groups. */
  const reached = async (user: TestEditor | undefined, address: string) => {
    seen = [];
    const answer = await send({ path: address, ...(user && { user }) });
    return {
      status: answer.status,
      groups: seen.map(({ url, headers }) => `${url} ${headers['x-editor-groups']}`),
    };
  };
  expect({
    'naledi /records': await reached(naledi, '/records'),
    'naledi /records/?page=/south-africa': await reached(naledi, '/records/?page=/south-africa'),
    'naledi, the pictures': await reached(naledi, pictures),
    'naledi /': await reached(naledi, '/'),
    'thandi /records': await reached(thandi, '/records'),
    'thandi /records/': await reached(thandi, '/records/'),
    'thandi, the pictures': await reached(thandi, pictures),
    'thandi /recordsmore, the editors’': await reached(thandi, '/recordsmore'),
    'jabu, the pictures': await reached(jabu, pictures),
    'jabu /records/': await reached(jabu, '/records/'),
    'jabu /': await reached(jabu, '/'),
    'no one, the pictures': await reached(undefined, pictures),
    'no one /records/': await reached(undefined, '/records/'),
  }).toEqual({
    'naledi /records': { status: 200, groups: ['/records compliance'] },
    'naledi /records/?page=/south-africa': {
      status: 200,
      groups: ['/records/?page=/south-africa compliance'],
    },
    'naledi, the pictures': { status: 200, groups: [`${pictures} compliance`] },
    'naledi /': { status: 403, groups: [] },
    'thandi /records': { status: 403, groups: [] },
    'thandi /records/': { status: 403, groups: [] },
    'thandi, the pictures': { status: 403, groups: [] },
    'thandi /recordsmore, the editors’': { status: 200, groups: ['/recordsmore site-editors'] },
    'jabu, the pictures': { status: 200, groups: [`${pictures} site-reviewers`] },
    'jabu /records/': { status: 403, groups: [] },
    'jabu /': { status: 403, groups: [] },
    // The sign-in's 401, with its challenge, as everywhere else.
    'no one, the pictures': { status: 401, groups: [] },
    'no one /records/': { status: 401, groups: [] },
  });
  const unsigned = await send({ path: pictures });
  expect(unsigned.headers['www-authenticate']).toBe(
    'Basic realm="Private Bank editors (test sign-in)"',
  );
});

test("a client's X-Editor-* headers, the proxy's secret and the sign-in's headers are replaced or dropped", async () => {
  const thandi = nginx.editors[0]!;
  const answer = await send({
    method: 'POST',
    user: thandi,
    headers: {
      'X-Editor-User': 'pieter',
      'X-Editor-Email': 'pieter@example.com',
      'X-Editor-Name': 'Pieter van der Merwe',
      'X-Editor-Groups': 'compliance',
      'X-Editor-Proxy-Secret': 'a-secret-of-the-client',
      'X-Auth-Request-User': 'pieter',
      'X-Auth-Request-Email': 'pieter@example.com',
      'X-Auth-Request-Preferred-Username': 'pieter',
      'X-Auth-Request-Groups': 'compliance',
    },
    body: Buffer.from('{}'),
  });
  expect(answer.status).toBe(200);
  expect(seen).toHaveLength(1);
  const { headers } = seen[0]!;
  expect(headers).toMatchObject({
    'x-editor-user': 'thandi',
    'x-editor-email': 'thandi@example.com',
    'x-editor-name': 'Thandi Nkosi',
    'x-editor-groups': 'site-editors',
    'x-editor-proxy-secret': PROXY_SECRET,
  });
  expect(
    Object.keys(headers).filter((name) => name.startsWith('x-auth-request-')),
    'the sign-in headers a client sent',
  ).toEqual([]);
});

test('a request for another name, or none, gets no answer at all', async () => {
  const thandi = nginx.editors[0]!;
  expect({
    'another name in the handshake': await refusal({ user: thandi, sni: 'evil.example' }),
    'no name in the handshake (a bare address)': await refusal({ user: thandi, sni: '' }),
    'another Host than the handshake named': await refusal({
      user: thandi,
      host: `evil.example:${port}`,
    }),
  }).toEqual({
    'another name in the handshake': expect.stringMatching(/^EPROTO .*unrecognized name/),
    'no name in the handshake (a bare address)': expect.stringMatching(
      /^EPROTO .*unrecognized name/,
    ),
    // nginx's 444: the connection closed without a byte of an answer.
    'another Host than the handshake named': expect.stringMatching(/^ECONNRESET /),
  });
  expect(seen).toEqual([]);
});

test("a body over the service's 64 kB is refused with 413 before it reaches the service", async () => {
  const thandi = nginx.editors[0]!;
  const limit = 64 * 1024;
  const tooLarge = await send({ method: 'POST', user: thandi, body: Buffer.alloc(limit + 1, 'a') });
  expect(tooLarge.status).toBe(413);
  expect(seen).toEqual([]);
  // 64 kB itself is the service's to take.
  const atTheLimit = await send({ method: 'POST', user: thandi, body: Buffer.alloc(limit, 'a') });
  expect(atTheLimit.status).toBe(200);
  expect(seen.map(({ method, bodyBytes }) => ({ method, bodyBytes }))).toEqual([
    { method: 'POST', bodyBytes: limit },
  ]);
});

test("a picture's body may be up to the service's 16 MB at its own route alone, over it refused with 413 before it reaches the service", async () => {
  const thandi = nginx.editors[0]!;
  const pictureLimit = 16 * 1024 * 1024;
  const toPicture = (bytes: number) =>
    send({ method: 'POST', path: '/api/picture', user: thandi, body: Buffer.alloc(bytes, 'a') });
  expect((await toPicture(pictureLimit + 1)).status).toBe(413);
  // The words' 64 kB stays everywhere else, the financial promotions log's routes included.
  for (const path of ['/api/save', '/records', '/records/2026', '/records/pull-requests/1'])
    expect(
      (await send({ method: 'POST', path, user: thandi, body: Buffer.alloc(64 * 1024 + 1, 'a') }))
        .status,
    ).toBe(413);
  expect(seen).toEqual([]);
  expect((await toPicture(pictureLimit)).status).toBe(200);
  expect(seen.map(({ url, bodyBytes }) => ({ url, bodyBytes }))).toEqual([
    { url: '/api/picture', bodyBytes: pictureLimit },
  ]);
});

test('every answer, the refusals included, is never cached and carries the security headers', async () => {
  const thandi = nginx.editors[0]!;
  const expected = {
    'cache-control': 'no-store',
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'content-security-policy': "frame-ancestors 'self'",
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  const answers = {
    'the service': await send({ user: thandi }),
    'the 401': await send(),
    'the 413': await send({ method: 'POST', user: thandi, body: Buffer.alloc(65 * 1024) }),
  };
  for (const [which, answer] of Object.entries(answers)) {
    expect(answer.headers, which).toMatchObject(expected);
    expect(answer.headers.server, which).toBe('nginx');
  }
});
