/**
 * Odd and hostile addresses, and where each must land on every server the site is deployed with:
 * the not-found page, or the page it plainly means. The servers' tests and the browser's use the
 * same lists, so that nginx, the static server (npm run serve) and Cloudflare are held to one answer for each.
 */
import { connect } from 'node:net';
import { createSecureContext, type SecureContext, connect as tlsConnect } from 'node:tls';

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

/**
 * Redirect-bending addresses, generated by family rather than listed by example. A server that
 * copies a path into a Location header (dropping a trailing slash or `.html`, or sending plain HTTP
 * to HTTPS) must never write one that a browser resolves to another host: browsers read a backslash
 * as a slash in an http(s) address, strip tabs and line breaks from it, and take `//host` as a new
 * host (the WHATWG URL standard), while servers decode escapes, merge slashes and climb `..` each
 * their own way. So every address below starts a path with two separators, in every spelling, with
 * the visible name of another host after them.
 */

/** The host every bent address tries to reach. */
export const OFF_SITE_HOST = 'evil.example';

/**
 * Every way of writing a slash or a backslash: as it is; percent-encoded in either case; encoded
 * twice and three times (a server or proxy that decodes twice); and as the overlong UTF-8 forms a
 * lax decoder reads as the character itself.
 */
const separators = [
  ...['/', '\\', '%2F', '%2f', '%5C', '%5c', '%252F', '%255C'],
  ...['%252f', '%255c', '%25252F', '%25255C', '%C0%AF', '%C1%9C', '%E0%80%AF'],
];
/** The spellings that pairs are made of: as they are, encoded once and encoded twice. */
const pairedSeparators = separators.slice(0, 8);
/** The slash and the backslash, as they are and encoded once: the ones servers decode for sure. */
const plainSeparators = ['/', '\\', '%2F', '%5C'];
/**
 * What a browser strips from an address it follows (tab, line feed, carriage return), and what a
 * server may drop or stop at (NUL, vertical tab, space), percent-encoded: between two separators of
 * a Location, a browser that strips it reads `//`. Raw, none reaches a server from a browser, which
 * strips or encodes them before it sends the address.
 */
const fillers = ['%09', '%0A', '%0D', '%00', '%0B', '%20'];
/**
 * A folder climbed out of before the separators, as it is and encoded, so that they start the path
 * once the server has resolved the climb.
 */
const climbsBefore = ['/south-africa/..', '/a/%2e%2e', '/a/%2E%2E', '/.', '/%2e'];
/** What follows the host: nothing, and each ending a server redirects away (a slash, `.html`). */
const endings = ['', '/', '.html'];
/** More endings, with the plain separators alone: the index page, and a query kept as it came. */
const moreEndings = ['/index.html', '/?q=1', '.html?q=1'];

/**
 * Every redirect-bending address, once each (about a thousand): `/`, then one separator of any
 * spelling or two of the usual ones, or two plain ones with something a browser strips or a server
 * drops before, between or after them, or a climb and plain ones; then the other host, then an
 * ending that a server redirects away.
 */
export function* redirectBendingPaths(): Generator<string> {
  const pairsOf = (spellings: string[]) =>
    spellings.flatMap((first) => spellings.map((second) => `${first}${second}`));
  const plain = [...plainSeparators, ...pairsOf(plainSeparators)];
  const withFillers = plainSeparators.flatMap((first) =>
    plainSeparators.flatMap((second) =>
      fillers.flatMap((filler) => [
        `${filler}${first}${second}`,
        `${first}${filler}${second}`,
        `${first}${second}${filler}`,
      ]),
    ),
  );
  const paths = (before: string, starts: string[], after: string[]) =>
    starts.flatMap((start) => after.map((ending) => `${before}/${start}${OFF_SITE_HOST}${ending}`));
  yield* new Set([
    ...paths('', [...separators, ...pairsOf(pairedSeparators)], endings),
    ...paths('', plain, moreEndings),
    ...paths('', withFillers, ['/', '.html']),
    ...climbsBefore.flatMap((climb) => paths(climb, plain, ['/'])),
  ]);
}

/**
 * Whether a redirect's Location leads a browser off the site: resolved against the address that
 * was asked for, as a browser resolves it, its origin is not the site's. A Location no browser can
 * resolve counts as leaving (it could not be judged).
 * @param location The Location header as it came, byte for byte.
 * @param requestUrl The address the request was sent to.
 * @param siteOrigin The origin every redirect must keep: the request's own unless given (a
 *   plain-HTTP server keeps the site's HTTPS origin).
 */
export function locationLeavesSite(
  location: string,
  requestUrl: string,
  siteOrigin = new URL(requestUrl).origin,
): boolean {
  try {
    return new URL(location, requestUrl).origin !== siteOrigin;
  } catch {
    return true;
  }
}

/** How long rawGet waits for a server's whole answer before it fails. */
const RAW_ANSWER_TIMEOUT_MS = 10_000;

/** A response as it arrived on the wire: its status and the bytes of its head and body. */
export type RawResponse = { status: number; head: Buffer; body: string };

/**
 * A TLS session that rawGet's connections to one server share: the first makes it, whose handshake
 * verifies the server's certificate, and the next resume it, which skips the certificate's exchange
 * and verification (most of a handshake's work) but nothing of the request or the answer. A session
 * is resumed only by a request that trusts the certificate its first handshake verified.
 */
export type TlsSessionHolder = { session?: Buffer; verifiedWith?: string | undefined };

/**
 * The TLS settings rawGet connects with, made once for each certificate it trusts: making them
 * reads the certificate and the system's, which costs more than the handshake that uses them.
 */
const secureContexts = new Map<string | undefined, SecureContext>();
function secureContextFor(ca: string | undefined): SecureContext {
  const made = secureContexts.get(ca) ?? createSecureContext(ca === undefined ? {} : { ca });
  secureContexts.set(ca, made);
  return made;
}

/**
 * Sends a GET (or another method) for this request target exactly as written, over a socket of its
 * own: no client tidies it first (browsers resolve '../', HTTP clients refuse odd bytes) and none
 * parses the answer (they refuse a split header, which is exactly what must be seen).
 * @param options.ca Over HTTPS, the certificate the server's must be signed with, where the
 *   process does not trust it already.
 * @param options.tls Over HTTPS, a session to resume and keep for the next request, if any.
 */
export function rawGet(
  baseURL: string,
  target: string,
  method = 'GET',
  options: { ca?: string | undefined; tls?: TlsSessionHolder } = {},
): Promise<RawResponse> {
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
        ? tlsConnect(
            {
              host: '127.0.0.1',
              servername: hostname,
              port: Number(port),
              secureContext: secureContextFor(options.ca),
              session: options.tls?.verifiedWith === options.ca ? options.tls?.session : undefined,
            },
            send,
          ).on('session', (session: Buffer) => {
            if (options.tls) Object.assign(options.tls, { session, verifiedWith: options.ca });
          })
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

/** What a server answered the redirect-bending addresses. */
export type RedirectProbe = {
  /** How many addresses were sent, and how many answers were redirects. */
  sent: number;
  redirects: number;
  /** Each address whose Location a browser resolves off the site, with that Location. */
  offSite: string[];
  /** Each address that got no HTTP answer, with why. */
  unanswered: string[];
};

/**
 * Sends every redirect-bending address to a server, byte for byte, eight at a time, each on a
 * connection of its own (over HTTPS, resuming one TLS session), and judges each Location it answers
 * as a browser resolves it.
 * @param baseURL The server's address (its origin is used).
 * @param options.siteOrigin The origin every redirect must keep, when not the server's own (a
 *   plain-HTTP server's redirects keep the site's HTTPS origin).
 * @param options.ca Over HTTPS, the certificate the server's must be signed with.
 */
export async function probeRedirects(
  baseURL: string,
  options: { siteOrigin?: string; ca?: string | undefined } = {},
): Promise<RedirectProbe> {
  const origin = new URL(baseURL).origin;
  const queue = [...redirectBendingPaths()];
  const probe: RedirectProbe = { sent: queue.length, redirects: 0, offSite: [], unanswered: [] };
  const tls: TlsSessionHolder = {};
  const visit = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const answer = await rawGet(origin, path, 'GET', { ca: options.ca, tls }).catch(
        (error: Error) => error,
      );
      if (answer instanceof Error) {
        probe.unanswered.push(answer.message);
        continue;
      }
      const location = /^location:[ \t]*(.*)$/im.exec(answer.head.toString('latin1'))?.[1];
      if (location === undefined) continue;
      probe.redirects += 1;
      // The address the browser asked for, as it holds it: the path after the origin, unresolved.
      if (locationLeavesSite(location, `${origin}${path}`, options.siteOrigin ?? origin)) {
        probe.offSite.push(`${path} → ${answer.status} Location: ${location}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, visit));
  return probe;
}

/**
 * An address as a browser sends it: bytes outside printable ASCII, spaces, quotes and angle
 * brackets percent-encoded; escapes already there, dots and slashes left as they are.
 */
export const requestTarget = (address: string) =>
  address.split('#')[0]!.replace(/[^\x21-\x7e]|["<>`]/gu, encodeURIComponent);
