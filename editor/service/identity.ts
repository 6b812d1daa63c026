/**
 * Who is asking the editing service, and whether they may. The service listens on a Unix socket
 * that only the web server in front of it may open (its mode and group: docs/deploying.md); the
 * web server signs the editor in through the bank's single sign-on (nginx's auth_request), then
 * sends the person in the headers below, with a secret of its own that the service also holds. A
 * request without that secret did not come through the web server: whatever person it names, it
 * gets 401, as does one without a person. A request of the web server is then checked as npm run
 * edit checks its own (local/request-gate.ts): its Host must be the service's name, and a write
 * must come from the service's own page (its Origin) as JSON, which a form of another site cannot
 * send.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The headers the web server sets after sign-in, overwriting any a client sent. */
export const IDENTITY_HEADERS = {
  /** The sign-in name, which names the editor's branches: content/<user>/<topic>. */
  user: 'x-editor-user',
  email: 'x-editor-email',
  /** The name to show and to sign commits with; the sign-in name where the provider gives none. */
  name: 'x-editor-name',
  /** The groups the provider says the person is in, separated by commas. */
  groups: 'x-editor-groups',
  /** The secret shared by the web server and the service alone. */
  secret: 'x-editor-proxy-secret',
} as const;

/** The person signed in, as the web server named them. */
export type Person = { user: string; email: string; name: string; groups: string[] };

/**
 * A sign-in name that can stand in a branch's name as it is: letters, digits, dots, dashes and
 * underscores, starting with a letter or digit. oauth2-proxy sends the provider's `sub` claim as
 * the user (docs/deploying.md); a provider whose `sub` holds anything else is forbidden by name.
 */
const USER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** An e-mail address a commit can carry: no spaces, no angle brackets, one @. */
const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;

/** One header's value, or undefined where it is absent, repeated or empty. */
function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Whether two secrets are equal, in a time that does not tell how much of them matched. */
function sameSecret(given: string, secret: string) {
  const [a, b] = [Buffer.from(given), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A request the service's gate stops, which is forbidden rather than refused (the words of
 * docs/developing.md: a write the check or a conflict stops is refused): 401 where it names nobody
 * signed in, 403 where it names someone who may not ask it. Its status, and what it says in words
 * for the platform team or the editor.
 */
export type Forbidden = { status: 401 | 403; why: string };

/**
 * The person a request comes from, or why it is forbidden.
 * @param secret The secret the web server sends (EDITOR_PROXY_SECRET_FILE).
 * @param origin The address editors open (EDITOR_ORIGIN), whose host a request must name.
 * @param group The group an editor must be in (EDITOR_GROUP), where one is set.
 */
export function personOf(
  request: IncomingMessage,
  secret: string,
  origin: URL,
  group: string | undefined,
): Person | Forbidden {
  const given = header(request, IDENTITY_HEADERS.secret);
  if (!given || !sameSecret(given, secret))
    return { status: 401, why: 'sign in through the bank’s sign-in page' };
  const user = header(request, IDENTITY_HEADERS.user);
  const email = header(request, IDENTITY_HEADERS.email);
  if (!user || !email) return { status: 401, why: 'sign in through the bank’s sign-in page' };
  if (!USER.test(user) || !EMAIL.test(email))
    return {
      status: 403,
      why: `the sign-in gave a user (${user}) or e-mail (${email}) that a branch or a commit cannot carry: tell the platform team (docs/deploying.md, the editing service)`,
    };
  const name = (header(request, IDENTITY_HEADERS.name) ?? user).replace(/[<>\r\n]/g, '');
  const groups = (header(request, IDENTITY_HEADERS.groups) ?? '')
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  if (group && !groups.includes(group))
    return { status: 403, why: `${user} is not in ${group}, the group of the site's editors` };
  if (request.headers.host !== origin.host)
    return { status: 403, why: `the editing service answers only at ${origin.host}` };
  if (request.method !== 'GET') {
    if (request.headers.origin !== origin.origin)
      return { status: 403, why: 'the editing service answers only its own page' };
    // Neither type is one a page elsewhere may send without the browser asking first (CORS), which
    // the service never allows: JSON, or a picture's bytes at the picture's route.
    const type = request.headers['content-type'] ?? '';
    const picture = new URL(request.url ?? '/', origin).pathname === '/api/picture';
    if (picture ? !/^application\/octet-stream\b/.test(type) : !/^application\/json\b/.test(type))
      return {
        status: 403,
        why: picture
          ? "the editing service takes a picture's bytes alone"
          : 'the editing service takes only JSON',
      };
  }
  return { user, email, name, groups };
}
