/**
 * Odd and hostile addresses, and where each must land on every server the site is deployed with:
 * the not-found page, or the page it plainly means. The servers' tests and the browser's use the
 * same lists, so that nginx, the static server (npm run serve) and Cloudflare are held to one answer for each.
 */
import { connect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** Where an odd address should land: the not-found page, or the page it plainly means. */
export type Landing = 'not found' | 'home' | 'south africa';

/** An address a visitor (or an attacker) may ask for, and where it must land, on every server. */
export type Hostile = { address: string; landing: Landing };

/** The addresses written out one by one, each with where it must land. */
const writtenPairs: Array<[string, Landing]> = [
  ['/%E0%A4%A', 'not found'],
  ['/%', 'not found'],
  ['/%zz', 'not found'],
  ['/%00', 'not found'],
  ['/south-africa%00.html', 'not found'],
  ['/%2e%2e/%2e%2e/etc/passwd', 'not found'],
  ['/..%2f..%2fetc%2fpasswd', 'not found'],
  ['/..%5c..%5cwindows%5cwin.ini', 'not found'],
  [`/${'a'.repeat(2000)}`, 'not found'],
  ['/<script>alert(1)</script>', 'not found'],
  ['/"><img src=x onerror=alert(1)>', 'not found'],
  ['/javascript:alert(1)', 'not found'],
  ['/südafrika', 'not found'],
  ['/日本語/ページ', 'not found'],
  ['/%E2%80%AEexe.html', 'not found'],
  ['/SOUTH-AFRICA', 'not found'],
  ['/South-Africa', 'not found'],
  ['/south-africa;jsessionid=1', 'not found'],
  ['/404.html', 'not found'],
  ['/_not-found', 'not found'],
  ['/_headers', 'not found'],
  ['/.env', 'not found'],
  ['/.git/config', 'not found'],
  ['/_next/', 'not found'],
  ['/_next/static/', 'not found'],
  ['/a%0dSet-Cookie:%20injected=1/', 'not found'],
  ['/south-africa?x=<script>alert(1)</script>', 'south africa'],
  ['/?q=%27%22%3E%3Cscript%3Ealert(1)%3C/script%3E', 'home'],
  ['/south-africa/', 'south africa'],
  ['/south-africa//', 'south africa'],
  ['/south-africa.html', 'south africa'],
  ['/index.html', 'home'],
  ['/south-africa#<script>alert(1)</script>', 'south africa'],
];

/** Climbs out of the site folder, which browsers tidy away before sending: sent only by rawGet. */
export const climbs: readonly string[] = [
  '/../../../../etc/passwd',
  '//../../etc/passwd',
  '/_next/../../package.json',
  '/images/../../../etc/hostname',
  '/%2e%2e/%2e%2e/package.json',
];

/** Odd and hostile addresses written out one by one: the browser visits each of them. */
export const writtenAddresses: readonly Hostile[] = writtenPairs.map(([address, landing]) => ({
  address,
  landing,
}));

/** A byte as a percent escape with upper-case hex, e.g. 10 → '%0A'. */
const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
/** The whole numbers from `from` to `to`, both included. */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
/** The UTF-8 bytes of a character, percent-encoded. */
const encoded = (text: string) => [...Buffer.from(text)].map(hex).join('');

/** The C0 controls and DEL. */
const controlBytes = [...range(0x00, 0x1f), 0x7f];

/**
 * Every character that must never reach a response header once a server has decoded the address,
 * percent-encoded, and each of its look-alikes:
 * - the C0 controls and DEL, in upper- and lower-case hex;
 * - the C1 controls, as UTF-8 and as lone bytes (which Latin-1 reads as the controls);
 * - the line and paragraph separators;
 * - the overlong UTF-8 forms of the C0 controls and DEL (two, three and four bytes), which a lax
 *   decoder reads as the control itself;
 * - characters whose low byte is a control (U+010A, U+560A…), which code that keeps only the low
 *   byte of each character, as Latin-1 does, turns into the control.
 */
export const controlCharacters: readonly string[] = [
  ...new Set([
    ...controlBytes.flatMap((byte) => [hex(byte), hex(byte).toLowerCase()]),
    ...range(0x80, 0x9f).flatMap((code) => [encoded(String.fromCodePoint(code)), hex(code)]),
    ...['\u2028', '\u2029'].map(encoded),
    // The overlong forms put the control's bits into the continuation bytes' low six bits.
    ...controlBytes.flatMap((byte) => [
      `%${byte < 0x40 ? 'C0' : 'C1'}${hex(0x80 | (byte & 0x3f))}`,
      `%E0%${byte < 0x40 ? '80' : '81'}${hex(0x80 | (byte & 0x3f))}`,
      `%F0%80%${byte < 0x40 ? '80' : '81'}${hex(0x80 | (byte & 0x3f))}`,
    ]),
    ...controlBytes.flatMap((byte) =>
      [0x100, 0x5600].map((high) => encoded(String.fromCodePoint(high | byte))),
    ),
  ]),
];

/**
 * Each kind of address a server redirects or rewrites, with {c} where the character goes: a missing
 * page (rewritten to the not-found page), a trailing slash and `.html` (redirected), a page's name
 * (rewritten to its file), an escape Cloudflare normalises, the not-found page's own name, and a
 * query string, which redirects copy as it came.
 */
const rewrittenTemplates: Array<[string, Landing]> = [
  ['/{c}', 'not found'],
  ['/a{c}b/', 'not found'],
  ['/a{c}.html', 'not found'],
  ['/south-africa{c}', 'not found'],
  ['/south-afric%61{c}/', 'not found'],
  ['/404{c}', 'not found'],
  ['/missing?q={c}', 'not found'],
  ['/index.html?q={c}', 'home'],
  ['/south-africa/?q={c}', 'south africa'],
  ['/south-africa.html?q={c}', 'south africa'],
];

/**
 * Every odd address, for both servers: the written ones, the climbs, then every control character
 * in every kind of rewritten address.
 */
export const hostileAddresses: readonly Hostile[] = [
  ...writtenAddresses,
  ...climbs.map((address) => ({ address, landing: 'not found' as const })),
  ...rewrittenTemplates.flatMap(([template, landing]) =>
    controlCharacters.map((character) => ({
      address: template.replace('{c}', character),
      landing,
    })),
  ),
];

/**
 * Whether no page can be meant: the path does not decode, or decodes to something other than
 * visible ASCII, which no page's address holds. Both servers answer such an address with the
 * not-found page at once, never with a redirect that would copy it.
 */
export function isUnreadable(address: string): boolean {
  try {
    return /[^\x21-\x7e]/.test(decodeURIComponent(address.split(/[?#]/, 1)[0]!));
  } catch {
    return true;
  }
}

/** How long rawGet waits for a server's whole answer before it fails. */
const RAW_ANSWER_TIMEOUT_MS = 10_000;

/** A response as it arrived on the wire: its status and the bytes of its head and body. */
export type RawResponse = { status: number; head: Buffer; body: string };

/**
 * Sends a GET (or another method) for this request target exactly as written, over a socket of its
 * own: no client tidies it first (browsers resolve '../', HTTP clients refuse odd bytes) and none
 * parses the answer (they refuse a split header, which is exactly what must be seen).
 */
export function rawGet(baseURL: string, target: string, method = 'GET'): Promise<RawResponse> {
  const { hostname, port, protocol } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`${method} ${target}: ${why}`));
    // HTTP/1.0: the body arrives whole, never in chunks, and the server closes when done.
    const send = () =>
      socket.end(`${method} ${target} HTTP/1.0\r\nHost: ${hostname}:${port}\r\n\r\n`);
    // Over HTTPS, HTTP/1.0 inside TLS, the certificate verified for the server's name. Every test
    // server is on 127.0.0.1, which the socket connects to whatever name the address gives.
    const socket =
      protocol === 'https:'
        ? tlsConnect({ host: '127.0.0.1', servername: hostname, port: Number(port) }, send)
        : connect(Number(port), '127.0.0.1', send);
    socket.setTimeout(RAW_ANSWER_TIMEOUT_MS, () => {
      socket.destroy();
      fail(`no answer within ${RAW_ANSWER_TIMEOUT_MS / 1000} s`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => fail(error.message));
    socket.on('end', () => {
      const bytes = Buffer.concat(chunks);
      // The head ends at the first empty line; the body follows its four bytes, \r\n\r\n.
      const headEnd = bytes.indexOf('\r\n\r\n');
      if (headEnd < 0) return fail('the answer has no end of its head');
      const head = bytes.subarray(0, headEnd);
      const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(head.toString('latin1'))?.[1] ?? 0);
      resolve({ status, head, body: bytes.subarray(headEnd + 4).toString('utf8') });
    });
  });
}

/**
 * An address as a browser sends it: bytes outside printable ASCII, spaces, quotes and angle
 * brackets percent-encoded; escapes already there, dots and slashes left as they are.
 */
export const requestTarget = (address: string) =>
  address.split('#')[0]!.replace(/[^\x21-\x7e]|["<>`]/gu, encodeURIComponent);
