/**
 * What keeps the editing view's server from serving anyone but the editor who started it. A server
 * on 127.0.0.1 that writes files is a target for any web page its user visits: a page elsewhere can
 * send requests to it (refused by their Origin), a name that resolves to 127.0.0.1 can carry them
 * (DNS rebinding: refused by their Host), and another user of the machine can reach the port
 * (refused without the secret token printed in the address, as Jupyter does). The first page load
 * carries the token in its address and gets it back as an HttpOnly, SameSite=Strict cookie, which
 * the view's own requests then carry.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The largest request body the editor reads: a field's value is far smaller. */
export const BODY_LIMIT = 64 * 1024;

/** A new secret for one run of the editor: 24 random bytes, hex. */
export const newToken = () => randomBytes(24).toString('hex');

/** Whether two secrets are equal, in a time that does not tell how much of them matched. */
function sameSecret(given: string, token: string) {
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The name of the token's cookie; a port of its own, as cookies are shared between ports. */
export const cookieName = (port: number) => `editor-token-${port}`;

/** The token a request carries: in the address (the first load), or in the view's cookie. */
function tokenOf(request: IncomingMessage, port: number): string | undefined {
  const inAddress = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('token');
  if (inAddress) return inAddress;
  const cookies = (request.headers.cookie ?? '').split(';').map((c) => c.trim().split('='));
  return cookies.find(([name]) => name === cookieName(port))?.[1];
}

/**
 * Why a request must be refused with 403, or undefined when it may be served: its Host is not the
 * editor's own address, its Origin is another site's, or it lacks the token.
 */
export function refusal(request: IncomingMessage, port: number, token: string): string | undefined {
  const own = `127.0.0.1:${port}`;
  if (request.headers.host !== own) return `the editor answers only at ${own}`;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${own}`)
    return 'the editor answers only its own page';
  const given = tokenOf(request, port);
  if (!given || !sameSecret(given, token))
    return 'open the address the editor printed, with its token';
  return undefined;
}

/** A request's body: its JSON value, or the status that refuses it (413 too large, 400 not JSON). */
type Body = { value: unknown } | { status: 400 | 413 };

/**
 * Reads a request's body as JSON, up to BODY_LIMIT bytes: a body announced or sent larger is
 * refused without reading the rest.
 */
export function readBody(request: IncomingMessage): Promise<Body> {
  if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT)
    return Promise.resolve({ status: 413 });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= BODY_LIMIT) return;
      request.off('data', onData).pause();
      resolve({ status: 413 });
    };
    request.on('data', onData);
    request.on('error', reject);
    request.on('end', () => {
      if (size > BODY_LIMIT) return;
      try {
        resolve({ value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      } catch {
        resolve({ status: 400 });
      }
    });
  });
}
