import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { connect, createServer, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { expect, test } from '@playwright/test';
import { southAfrica } from '../../content/south-africa';
import { brief } from '../support/brief';
import { localTls, localTlsPorts } from '../support/local-tls';

/**
 * What HTTPS adds at the origin, against `npm run serve:tls` (nginx with the production
 * configuration and throwaway certificates, which these clients trust and verify): HTTP/2 by ALPN,
 * TLS 1.2 and 1.3 only, no OCSP response stapled, plain HTTP redirected to the same address over
 * HTTPS except the ACME challenges, plain HTTP on the HTTPS port too. The server answers for one
 * name, localhost, as a production server answers for the site's name alone; the clients connect to
 * 127.0.0.1 and name it. What other names get is release.spec's test, against an installed release.
 */

const HOST = '127.0.0.1';
/** The local HTTPS server's name (npm run serve:tls), which its certificate names too. */
const NAME = 'localhost';
const tls = localTls();
/**
 * Mozilla's Server Side TLS 5.7 "intermediate" suites for TLS 1.2 that an ECDSA certificate can use,
 * by OpenSSL's names: forward-secret (ECDHE) and authenticated encryption (AES-GCM, ChaCha20).
 */
const TLS12_SUITES = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
];

/** A TLS connection's outcome: the protocol and suite agreed, or the error that ended it. */
async function handshake(
  options: ConnectionOptions,
): Promise<{ protocol: string | null; cipher: string } | { error: string }> {
  const socket = connect({ host: HOST, port: localTlsPorts.https, servername: NAME, ...options });
  try {
    await Promise.race([
      once(socket, 'secureConnect'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no handshake in 5 s')), 5_000)),
    ]);
    return { protocol: socket.getProtocol(), cipher: socket.getCipher().name };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    socket.destroy();
  }
}

/**
 * A client that offers TLS 1.0 and 1.1 and the old suites they need: OpenSSL 3 refuses them at its
 * default security level, so a plain client would prove nothing.
 */
const OLD_PROTOCOLS = {
  minVersion: 'TLSv1',
  maxVersion: 'TLSv1.1',
  ciphers: 'DEFAULT@SECLEVEL=0',
} satisfies ConnectionOptions;

test('HTTP/2 over TLS 1.3 answers /south-africa with 200 and preload-ready HSTS', async () => {
  const session = http2Connect(`https://${NAME}:${localTlsPorts.https}`, {
    createConnection: () =>
      connect({ host: HOST, port: localTlsPorts.https, servername: NAME, ALPNProtocols: ['h2'] }),
  });
  try {
    await once(session, 'connect');
    expect(session.alpnProtocol).toBe('h2');
    expect((session.socket as TLSSocket).getProtocol()).toBe('TLSv1.3');
    const stream = session.request({ ':path': brief.routes[1], 'accept-encoding': 'identity' });
    const [headers] = (await once(stream, 'response')) as [Record<string, string>];
    let body = '';
    stream.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    await once(stream, 'end');
    expect(headers[':status']).toBe(200);
    // Two years, with subdomains and preload: what hstspreload.org asks.
    expect(headers['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains; preload',
    );
    expect(body).toContain(southAfrica.title);
  } finally {
    session.close();
  }
});

test('TLS 1.2 is accepted with forward-secret AEAD suites only, and TLS 1.3', async () => {
  expect(await handshake({ maxVersion: 'TLSv1.3', minVersion: 'TLSv1.3' })).toMatchObject({
    protocol: 'TLSv1.3',
  });
  const tls12 = await handshake({ maxVersion: 'TLSv1.2', minVersion: 'TLSv1.2' });
  expect(tls12).toMatchObject({ protocol: 'TLSv1.2' });
  expect(TLS12_SUITES).toContain('cipher' in tls12 ? tls12.cipher : tls12.error);
  // Offered only suites without forward secrecy or without AEAD, the server refuses.
  for (const weak of ['AES128-GCM-SHA256', 'ECDHE-ECDSA-AES128-SHA', 'ECDHE-ECDSA-AES128-SHA256']) {
    const outcome = await handshake({ maxVersion: 'TLSv1.2', ciphers: weak });
    expect(outcome, weak).toHaveProperty('error');
  }
});

test('TLS 1.0 and 1.1 are refused to a client that offers them, which a server of them accepts', async () => {
  // The control: the same client completes a TLS 1.0 handshake with a server that allows it, so
  // the refusal below is nginx's, not the client's.
  const oldServer = createServer({
    key: readFileSync(tls.key),
    cert: readFileSync(tls.certificate),
    minVersion: 'TLSv1',
    maxVersion: 'TLSv1',
    ciphers: 'DEFAULT@SECLEVEL=0',
  });
  oldServer.on('secureConnection', (socket: TLSSocket) => socket.end());
  oldServer.listen(0, HOST);
  await once(oldServer, 'listening');
  try {
    const control = connect({
      host: HOST,
      port: (oldServer.address() as AddressInfo).port,
      ...OLD_PROTOCOLS,
    });
    await once(control, 'secureConnect');
    expect(control.getProtocol()).toBe('TLSv1');
    control.destroy();
  } finally {
    oldServer.close();
  }
  for (const version of ['TLSv1', 'TLSv1.1'] as const) {
    const outcome = await handshake({ ...OLD_PROTOCOLS, minVersion: version, maxVersion: version });
    expect(outcome, version).toHaveProperty('error');
  }
});

/**
 * One request over HTTP/2 with a cookie header of the given crumbs: the status and whether the page
 * came, or how nginx ended the connection (GOAWAY with its error code).
 */
async function http2WithCookies(crumbs: string[]): Promise<string> {
  const session = http2Connect(`https://${NAME}:${localTlsPorts.https}`, {
    createConnection: () =>
      connect({ host: HOST, port: localTlsPorts.https, servername: NAME, ALPNProtocols: ['h2'] }),
  });
  try {
    return await new Promise<string>((resolve) => {
      session.on('goaway', (code: number) => resolve(`GOAWAY ${code}`));
      session.on('error', (error: Error & { code?: string }) =>
        resolve(error.code ?? error.message),
      );
      const stream = session.request({ ':path': brief.routes[1], cookie: crumbs });
      stream.on('error', () => undefined);
      stream.on('response', (headers) => {
        let body = '';
        stream.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        stream.on('end', () =>
          resolve(
            `${headers[':status']}${body.includes(southAfrica.title) ? ' with the page' : ''}`,
          ),
        );
      });
      stream.end();
    });
  } finally {
    session.destroy();
  }
}

/** Characters a cookie's value might hold, which HPACK's Huffman code shrinks by about a quarter. */
const cookieValue = (length: number) => randomBytes(length).toString('base64url').slice(0, length);

// What docs/deploying.md says nginx 1.22 does over HTTP/2 with large cookies (measured): each
// field up to 8 kB as HPACK sends it (a cookie of about 10,000 such characters), the whole header
// up to 32 kB (large_client_header_buffers 4 x 8k); beyond either, it ends the connection with
// GOAWAY ENHANCE_YOUR_CALM (11) before any request exists, so no page can be sent.
test('over HTTP/2, cookies within nginx’s limits get the page, and beyond them the connection ends', async () => {
  expect(await http2WithCookies([`one=${cookieValue(9_000)}`])).toBe('200 with the page');
  expect(
    await http2WithCookies(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => `${name}=${cookieValue(4_000)}`),
    ),
  ).toBe('200 with the page');
  expect(await http2WithCookies([`one=${cookieValue(12_000)}`])).toBe('GOAWAY 11');
  expect(
    await http2WithCookies(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((name) => `${name}=${cookieValue(4_000)}`),
    ),
  ).toBe('GOAWAY 11');
});

// Stapling is left out on purpose (docs/deploying.md says why): a client that asks gets nothing.
test('no OCSP response is stapled, even to a client that asks for one', async () => {
  const socket = connect({
    host: HOST,
    port: localTlsPorts.https,
    servername: NAME,
    requestOCSP: true,
  });
  try {
    // Node says what the server stapled during the handshake of a client that asked: null for none.
    const [response] = (await once(socket, 'OCSPResponse')) as [Buffer | null];
    expect(response).toBeNull();
  } finally {
    socket.destroy();
  }
});

/** A plain-HTTP GET on one connection: status, headers and body. */
function plainGet(port: number, target: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const get = httpRequest({
        host: HOST,
        port,
        path: target,
        headers: { Host: `${NAME}:${port}` },
        agent: false,
        timeout: 5_000,
      });
      get.on('timeout', () => get.destroy(new Error(`${target}: no answer in 5 s`)));
      get.on('error', reject);
      get.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      get.end();
    },
  );
}

test('plain HTTP redirects permanently to the same address over HTTPS, path and query kept', async () => {
  for (const target of ['/south-africa?x=1', '/', '/no/such/page?a=b&c=%20d']) {
    const answer = await plainGet(localTlsPorts.http, target);
    expect(answer.status, target).toBe(301);
    expect(answer.headers['location'], target).toBe(
      `https://${NAME}:${localTlsPorts.https}${target}`,
    );
    expect(answer.body, target).toBe('');
  }
});

test('plain HTTP serves the ACME challenges from the folder named, and redirects the rest', async () => {
  const token = `token-${test.info().workerIndex}-${Date.now()}`;
  const folder = path.join(tls.acmeChallengeDir, '.well-known', 'acme-challenge');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, token), `${token}.key-authorisation`);
  try {
    const challenge = await plainGet(localTlsPorts.http, `/.well-known/acme-challenge/${token}`);
    expect(challenge.status).toBe(200);
    expect(challenge.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(challenge.body).toBe(`${token}.key-authorisation`);
    // Any other file of the well-known folder still goes to HTTPS.
    const other = await plainGet(localTlsPorts.http, '/.well-known/security.txt');
    expect(other.status).toBe(301);
  } finally {
    rmSync(path.join(folder, token), { force: true });
  }
});

test('plain HTTP sent to the HTTPS port is redirected to HTTPS too', async () => {
  const answer = await plainGet(localTlsPorts.https, '/south-africa?x=1');
  expect(answer.status).toBe(301);
  expect(answer.headers['location']).toBe(
    `https://${NAME}:${localTlsPorts.https}/south-africa?x=1`,
  );
  expect(answer.body).toBe('');
});
