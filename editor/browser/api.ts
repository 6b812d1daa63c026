/**
 * The view's requests to its server: same-origin, each with the tab's token in its header, and
 * JSON both ways. Each answer comes back with its status, which tells a refusal apart.
 */
import type { ContentModel, Failure, FieldPath, Problem } from '../shared/protocol';
import { TAB_HEADER, TOKEN_HEADER, WORKSPACE_HEADER } from '../shared/token-header';
import { viewTab, viewToken } from './token';

export type { FieldPath, Problem };

/**
 * Whether this page is the editing service's, behind the bank's sign-in, rather than npm run
 * edit's: the service's page says so (both-servers/view-files.ts), and has no token.
 */
export const inService = document.getElementById('editor')?.dataset.mode === 'service';

/** The change the service's view edits, named in its address (/?change=<user>/<topic>), if any. */
export const openChange = new URL(location.href).searchParams.get('change') ?? undefined;

// Taken out of the address bar as the view starts, rather than at its first request.
if (!inService) viewToken();

/** Everything the form is generated from, as GET /api/content answers. */
export type Model = ContentModel;

/**
 * The view's server cannot be reached, or no longer takes this page: what the editor is told, in
 * place of the browser's words for a failed request.
 */
export class Unreachable extends Error {}

/** What the editor keeps and does next, whichever way the server went. */
const WHAT_NOW = inService
  ? 'What you typed and did not save stays in this tab, even over a reload: reload the page once the editing view answers again.'
  : 'What you typed and did not save stays in this page until you close it: copy what you need, then open the address that npm run edit prints.';

/** Whether an answer is the server's JSON, rather than a page of the web server's. */
const isJson = (response: Response) =>
  (response.headers.get('content-type') ?? '').startsWith('application/json');

/** What a request too large to send is, in words. */
export const TOO_LARGE =
  'it is too large to send (the editing service takes at most 64 kB at once): shorten it';

/**
 * One request to the server: its status and its JSON answer.
 * @throws Unreachable when the server does not answer (npm run edit was stopped), or refuses the
 *   page's key (it was started again, with a new one).
 */
export async function call<T>(route: string, body?: unknown): Promise<{ status: number; data: T }> {
  // An answer cut off (the server stopped, or the page is being left) is no answer either.
  const notAnswering = () => {
    throw new Unreachable(
      inService
        ? `The editing view is not answering. ${WHAT_NOW}`
        : `The editing view's server is not answering: was npm run edit stopped? ${WHAT_NOW}`,
    );
  };
  const token = inService ? undefined : viewToken();
  if (!inService && !token)
    throw new Unreachable(
      'This tab was opened without the editing view’s key: open the address that npm run edit printed, with its ?token=.',
    );
  const response = await fetch(route, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token && { [TOKEN_HEADER]: token }),
      ...(openChange && { [WORKSPACE_HEADER]: openChange }),
      [TAB_HEADER]: viewTab(),
      // A file's bytes (a picture) are sent as they are; anything else as JSON.
      ...(body !== undefined && {
        'content-type': body instanceof Blob ? 'application/octet-stream' : 'application/json',
      }),
    },
    body: body === undefined ? null : body instanceof Blob ? body : JSON.stringify(body),
  }).catch(notAnswering);
  // The service answers 401 once the editor's sign-in has ended.
  if (inService && response.status === 401)
    throw new Unreachable(`You are no longer signed in. ${WHAT_NOW}`);
  // The web server answers for a service that is stopped or restarting (502, 504), in its own page.
  if (inService && [502, 503, 504].includes(response.status) && !isJson(response))
    throw new Unreachable(
      `The editing service is not answering just now: it may be restarting. ${WHAT_NOW}`,
    );
  // A body over the limit the web server and the service take: refused before anything is read,
  // in a page of the web server's. It is the request's answer, said in words where it was made.
  if (response.status === 413 && !isJson(response))
    return { status: 413, data: { problem: TOO_LARGE } satisfies Failure as T };
  // npm run edit answers 403 only to a request without its key, which this tab had when it opened.
  if (!inService && response.status === 403)
    throw new Unreachable(
      `The editing view was started again with a new key, which this page does not have. ${WHAT_NOW}`,
    );
  return { status: response.status, data: (await response.json().catch(notAnswering)) as T };
}
