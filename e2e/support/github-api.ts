/**
 * GitHub's API for tests that cannot reach it (this machine has no route to GitHub): answers
 * written in GitHub's shapes, each checked against GitHub's published description before a test
 * may use it, and served by a local HTTP server to the very program that would ask GitHub. The
 * check of an answer, and of a request's body, is e2e/support/github-schemas.ts, which the
 * protections' recorded GitHub (e2e/support/recorded-github.ts) uses too.
 *
 * A request with no recorded answer gets 501 and is listed in `unanswered`, so that a test can say
 * the program asked for something nobody recorded, rather than pass on a guess of GitHub's.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Method,
  restAnswerProblems,
  restDescription,
  restRequestProblems,
} from './github-schemas';

export type { Method };

/** One recorded answer: the request it answers, and what GitHub would send. */
export type RecordedAnswer = {
  method: Method;
  /** The operation's path as GitHub's description writes it. */
  template: string;
  /** The values of the template's {names}. */
  params: Record<string, string | number>;
  /** The query the request carries, exactly (the order does not matter). */
  query?: Record<string, string | number>;
  /** 200 unless said. */
  status?: number;
  body: unknown;
  /** The next page's query, sent as GitHub does in a Link header (rel="next"). */
  next?: Record<string, string | number>;
};

/** A request the program sent, as the server received it. */
export type ReceivedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
};

const pathOf = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${template} needs ${name}`);
    return encodeURIComponent(String(params[name]));
  });

const queryKey = (query: Record<string, string | number>) =>
  Object.entries(query)
    .map(([name, value]) => `${name}=${String(value)}`)
    .sort()
    .join('&');

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Serves recorded answers on 127.0.0.1, as GitHub's REST API would send them, once each is checked
 * against GitHub's description: an answer that does not conform throws here, before any test uses
 * it. A POST, PUT or PATCH whose body does not conform is answered 422, as GitHub would refuse it,
 * and listed in `refused`.
 * @returns The address to give as GITHUB_API_URL, every request received, those refused and those
 *   nobody recorded an answer for, and `stop`.
 */
export async function serveRecordedGitHub(answers: RecordedAnswer[]) {
  const byRequest = new Map<string, RecordedAnswer>();
  for (const answer of answers) {
    const problems = restAnswerProblems(
      answer.method,
      answer.template,
      answer.status ?? 200,
      answer.body,
    );
    if (problems.length)
      throw new Error(
        `The recorded answer to ${answer.method} ${answer.template} is not GitHub's shape:\n${problems.join('\n')}`,
      );
    const key = `${answer.method} ${pathOf(answer.template, answer.params)}?${queryKey(answer.query ?? {})}`;
    byRequest.set(key, answer);
  }
  const received: ReceivedRequest[] = [];
  const refused: { request: ReceivedRequest; problems: string[] }[] = [];
  const unanswered: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const query = Object.fromEntries(url.searchParams);
      const receivedRequest: ReceivedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query,
        authorization: request.headers.authorization,
        body,
      };
      received.push(receivedRequest);
      const answer = byRequest.get(`${request.method} ${url.pathname}?${queryKey(query)}`);
      if (!answer) {
        unanswered.push(receivedRequest);
        response.writeHead(501, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ message: 'No recorded answer' }));
      }
      if (answer.method !== 'GET' && answer.method !== 'DELETE') {
        const problems = restRequestProblems(answer.method, answer.template, body);
        if (problems.length) {
          refused.push({ request: receivedRequest, problems });
          response.writeHead(422, { 'content-type': 'application/json' });
          return response.end(JSON.stringify({ message: 'Invalid request', errors: problems }));
        }
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (answer.next) {
        const next = new URL(url.pathname, address);
        for (const [name, value] of Object.entries(answer.next))
          next.searchParams.set(name, String(value));
        headers.link = `<${next.href}>; rel="next"`;
      }
      response.writeHead(answer.status ?? 200, headers);
      response.end(JSON.stringify(answer.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: address,
    received,
    refused,
    unanswered,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A copy of one of the examples GitHub's description publishes (components/examples), to change
 * into a test's answer: the answer is checked against the schema all the same, since some examples
 * do not conform to it.
 */
export function gitHubExample<T>(name: string): T {
  const example = restDescription.components.examples[name];
  if (!example) throw new Error(`GitHub's REST description has no example ${name}`);
  return structuredClone(example.value) as T;
}

/** An account as GitHub's REST API gives one (simple-user), with the addresses it derives. */
export function gitHubUser(login: string, id: number, type: 'User' | 'Bot' = 'User') {
  const url = `https://api.github.com/users/${login}`;
  return {
    login,
    id,
    node_id: Buffer.from(`04:User${id}`).toString('base64'),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `https://github.com/${login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false,
  };
}
