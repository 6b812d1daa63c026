/**
 * What keeps the editing view's server from serving anyone but the editor who started it. A server
 * on 127.0.0.1 that writes files is a target for any web page its user visits: a page elsewhere can
 * send requests to it (forbidden by their Origin), a name that resolves to 127.0.0.1 can carry them
 * (DNS rebinding: forbidden by their Host), and another user of the machine can reach the port
 * (forbidden without the secret token printed in the address, as Jupyter does). A request the gate
 * stops is forbidden (403), never reaching the API; a refusal is the API's, of a write
 * (both-servers/content-files.ts).
 *
 * The token is never a cookie: a browser sends a cookie of 127.0.0.1 to every port of 127.0.0.1, so
 * any other server there that the editor's browser visits would receive it (issue #39). The view
 * takes it from the address it was opened at, keeps it in the tab's sessionStorage, which only
 * pages of its own origin (its port included) can read, takes it out of the address bar, and sends
 * it in a header of its own with each request (shared/token-header.ts); the frame of the page
 * beside the form, which cannot send a header, carries it in its address. The view's page itself,
 * its script, its style and the site's pictures hold nothing of the content and are served without
 * it (tokenNeeded).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER, TOKEN_PARAMETER } from '../shared/token-header';

/** A new secret for one run of the editor: 24 random bytes, hex. */
export const newToken = () => randomBytes(24).toString('hex');

/** Whether two secrets are equal, in a time that does not tell how much of them matched. */
function sameSecret(given: string, token: string) {
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token a request carries: in the view's header, or in its address (the page beside). */
function tokenOf(request: IncomingMessage): string | undefined {
  const inHeader = request.headers[TOKEN_HEADER];
  if (typeof inHeader === 'string') return inHeader;
  const inAddress = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
  return inAddress.get(TOKEN_PARAMETER) ?? undefined;
}

/**
 * Why a request is forbidden (403), or undefined when it may be served: its Host is not the
 * editor's own address, its Origin is another site's, or it lacks the token where one is needed.
 * @param tokenNeeded False for what holds nothing of the content: the view's page, its script and
 *   style, and the site's pictures.
 */
export function whyForbidden(
  request: IncomingMessage,
  port: number,
  token: string,
  tokenNeeded: boolean,
): string | undefined {
  const own = `127.0.0.1:${port}`;
  if (request.headers.host !== own) return `the editor answers only at ${own}`;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${own}`)
    return 'the editor answers only its own page';
  if (!tokenNeeded) return undefined;
  const given = tokenOf(request);
  if (!given || !sameSecret(given, token))
    return 'open the address the editor printed, with its token';
  return undefined;
}
