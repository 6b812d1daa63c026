/**
 * The smoke's requests below the browser, all through one client: a GET of a request target sent
 * exactly as written, and TLS handshakes. Each carries the smoke's User-Agent and the headers it was
 * told to send, verifies the site's certificate against the system's authorities and
 * SMOKE_CA_FILE's, and connects to SMOKE_CONNECT_TO where that names one server's address.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect as plainConnect, isIP, type Socket } from 'node:net';
import {
  connect as tlsConnect,
  rootCertificates,
  type ConnectionOptions,
  type TLSSocket,
} from 'node:tls';
import { SMOKE_USER_AGENT, type SmokeSettings } from './settings';

/** How long a request or a handshake may take before the smoke says the site did not answer. */
const ANSWER_TIMEOUT_MS = 15_000;
/** The most of an answer the smoke reads: its answers are pages and small files. */
const MAX_ANSWER_BYTES = 1_000_000;

/** Where to connect for an address of the site, and, over TLS, what to trust and which name to ask. */
function connection(settings: SmokeSettings, address: URL): ConnectionOptions {
  const https = address.protocol === 'https:';
  return {
    host: settings.connectTo ?? address.hostname,
    port: Number(address.port || (https ? 443 : 80)),
    // A name, never an address, goes in SNI.
    ...(isIP(address.hostname) ? {} : { servername: address.hostname }),
    ...(settings.caFile && { ca: [...rootCertificates, readFileSync(settings.caFile, 'utf8')] }),
  };
}

/** An answer as it arrived: its address, status, the bytes of its head, its header lines, its body. */
export type Answer = {
  url: string;
  status: number;
  head: Buffer;
  /** Every header line, in order, names in lower case: a header sent twice is here twice. */
  headers: Array<[name: string, value: string]>;
  body: string;
};

/** A header's value, its first line where it came more than once; undefined when it did not come. */
export const header = (answer: Answer, name: string) =>
  answer.headers.find(([sent]) => sent === name.toLowerCase())?.[1];

/**
 * Sends a GET for this request target exactly as written, over a connection of its own, to the
 * site or to another of its addresses (its plain-HTTP one): no client tidies the target first
 * (browsers resolve '../' and read '\' as '/') and none parses the answer for the smoke, so a header
 * split by a stray byte is seen as it came. Redirects are not followed.
 */
export function get(
  settings: SmokeSettings,
  target: string,
  address = settings.site,
): Promise<Answer> {
  const lines = [
    `GET ${target} HTTP/1.1`,
    `Host: ${address.host}`,
    `User-Agent: ${SMOKE_USER_AGENT}`,
    ...Object.entries(settings.headers).map(([name, value]) => `${name}: ${value}`),
    'Accept-Encoding: identity',
    'Connection: close',
  ];
  return new Promise((resolve, reject) => {
    const fail = (why: string) =>
      reject(new Error(`${address.origin} did not answer GET ${target}: ${why}`));
    // Written, not ended: a server may drop the answer of a client that has closed its side (Node's
    // does), and Connection: close has the server close once it has answered.
    const send = () => socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    const options = connection(settings, address);
    const socket: Socket =
      address.protocol === 'https:'
        ? tlsConnect({ ...options, ALPNProtocols: ['http/1.1'] }, send)
        : plainConnect(Number(options.port), options.host ?? '', send);
    socket.setTimeout(ANSWER_TIMEOUT_MS, () => {
      socket.destroy();
      fail(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`);
    });
    const chunks: Buffer[] = [];
    let received = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received > MAX_ANSWER_BYTES) socket.destroy();
    });
    socket.on('error', (error) => fail(error.message));
    socket.on('close', () => {
      const bytes = Buffer.concat(chunks);
      const headEnd = bytes.indexOf('\r\n\r\n');
      if (headEnd < 0) return fail('the answer has no end of its head');
      const head = bytes.subarray(0, headEnd);
      const [statusLine = '', ...headerLines] = head.toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers = headerLines.map((line): [string, string] => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      });
      const rest = bytes.subarray(headEnd + 4);
      const chunked = headers.some(
        ([name, value]) => name === 'transfer-encoding' && /chunked/i.test(value),
      );
      resolve({
        url: `${address.origin}${target}`,
        status,
        head,
        headers,
        body: (chunked ? unchunk(rest) : rest).toString('utf8'),
      });
    });
  });
}

/** A chunked body's bytes, its chunks joined (RFC 9112, section 7.1). */
function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** A TLS handshake's outcome: what was agreed and the certificate, or the error that ended it. */
export type Handshake =
  | { protocol: string; alpn: string | false | null; certificate: X509Certificate }
  | { error: string };

/** A TLS handshake with the site, with these options on top of the smoke's own. */
export async function handshake(
  settings: SmokeSettings,
  options: ConnectionOptions = {},
): Promise<Handshake> {
  const socket: TLSSocket = tlsConnect({ ...connection(settings, settings.site), ...options });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('secureConnect', resolve).once('error', reject);
      socket.setTimeout(ANSWER_TIMEOUT_MS, () =>
        reject(new Error(`no handshake within ${ANSWER_TIMEOUT_MS / 1000} s`)),
      );
    });
    return {
      protocol: socket.getProtocol() ?? '',
      alpn: socket.alpnProtocol,
      certificate: new X509Certificate(socket.getPeerCertificate().raw),
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    socket.destroy();
  }
}

/** The SHA-256 of a certificate's public key, as Chromium's --ignore-certificate-errors-spki-list takes it. */
export function publicKeyHash(certificate: X509Certificate): string {
  const der = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}
