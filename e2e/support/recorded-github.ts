import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { graphqlAnswerProblems, restAnswerProblems, restTemplateOf } from './github-schemas';

/**
 * GitHub as its published descriptions say it answers, for tests that cannot reach it: recorded
 * answers served over HTTP on 127.0.0.1, so that the code under test makes its real requests, and
 * each answer checked, as it is served, against GitHub's own descriptions: the REST API's OpenAPI
 * description (`@octokit/openapi`) and the GraphQL schema (`@octokit/graphql-schema`), by the
 * check the approvers check's tests use too (e2e/support/github-schemas.ts). An answer the
 * descriptions do not allow, or a request no answer was recorded for, is kept and fails the test
 * that made it; nothing else stands in for GitHub.
 */

/** One recorded REST answer; `{base}` in a header stands for the recorded GitHub's address. */
export interface RestAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedAnswers {
  /** By `GET /path?query`, exactly as the code under test asks. */
  rest: Record<string, RestAnswer>;
  /** The data of a GraphQL query, by its operation's name and variables; undefined if none. */
  graphql: (operation: string, variables: Record<string, unknown>) => unknown;
}

export interface RecordedGitHub {
  /** Its address: the REST API's, with the GraphQL API at `/graphql`. */
  url: string;
  /** The requests no answer was recorded for. */
  unrecorded: string[];
  /** The answers GitHub's descriptions do not allow, each with why. */
  invalid: string[];
  /** The requests that came without the token. */
  unauthorised: string[];
  close: () => Promise<void>;
}

/**
 * Serves the answers on 127.0.0.1, at a port the system gives, to requests that carry `token`;
 * each answer is checked against GitHub's descriptions before it is sent.
 */
export async function serveRecordedGitHub(
  answers: RecordedAnswers,
  token: string,
): Promise<RecordedGitHub> {
  const unrecorded: string[] = [];
  const invalid: string[] = [];
  const unauthorised: string[] = [];
  let base = '';
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', base);
    const asked = `${request.method} ${url.pathname}${url.search}`;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${token}`) {
      unauthorised.push(asked);
      return send(401, { message: 'Bad credentials' });
    }
    if (request.method === 'POST' && url.pathname === '/graphql') {
      const { query, variables = {} } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        query: string;
        variables?: Record<string, unknown>;
      };
      const operation = /^\s*query\s+(\w+)/.exec(query)?.[1] ?? '';
      const data = answers.graphql(operation, variables);
      if (data === undefined) {
        unrecorded.push(`GraphQL ${operation} ${JSON.stringify(variables)}`);
        return send(200, { errors: [{ message: 'no recorded answer' }] });
      }
      invalid.push(
        ...graphqlAnswerProblems(query, variables, data).map((p) => `GraphQL ${operation}: ${p}`),
      );
      return send(200, { data });
    }
    const answer = answers.rest[asked];
    if (!answer) {
      unrecorded.push(asked);
      return send(404, { message: 'Not Found' });
    }
    const method = request.method ?? 'GET';
    const template = restTemplateOf(method, url.pathname);
    invalid.push(
      ...(template
        ? restAnswerProblems(method, template, answer.status, answer.body)
        : [`GitHub's description has no ${method} ${url.pathname}`]),
    );
    const headers = Object.fromEntries(
      Object.entries(answer.headers ?? {}).map(([name, value]) => [
        name,
        value.replaceAll('{base}', base),
      ]),
    );
    send(answer.status, answer.body, headers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    unrecorded,
    invalid,
    unauthorised,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
