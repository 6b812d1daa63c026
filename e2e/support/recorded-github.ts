import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import { schema as publishedGraphqlSchema } from '@octokit/graphql-schema';
import Ajv from 'ajv';
import {
  type GraphQLFieldResolver,
  type GraphQLTypeResolver,
  buildClientSchema,
  execute,
  parse,
  validate,
} from 'graphql';

/**
 * GitHub as its published descriptions say it answers, for tests that cannot reach it: recorded
 * answers served over HTTP on 127.0.0.1, so that the code under test makes its real requests, and
 * each answer checked, as it is served, against GitHub's own descriptions: the REST API's OpenAPI
 * description (`@octokit/openapi`) and the GraphQL schema (`@octokit/graphql-schema`). An answer
 * the descriptions do not allow, or a request no answer was recorded for, is kept and fails the
 * test that made it; nothing else stands in for GitHub.
 */

const require = createRequire(import.meta.url);

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
}
interface Operation {
  responses: Record<string, Response | { $ref: string }>;
}
interface Response {
  content?: Record<string, { schema?: unknown }>;
}

/** GitHub's REST description for api.github.com, OpenAPI 3.0 (13 MB, read once). */
export const restDescription = JSON.parse(
  readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8'),
) as OpenApi & { components: { schemas: Record<string, unknown> } };

/**
 * OpenAPI 3.0's `nullable: true` in JSON Schema's words: the value may also be null, whatever else
 * the schema says (GitHub's description puts it beside `anyOf` and `$ref` too, where Ajv's own
 * reading of the keyword refuses it).
 */
function withNull(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNull);
  if (typeof node !== 'object' || node === null) return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, withNull(v)]));
  return nullable === true ? { anyOf: [{ type: 'null' }, converted] } : converted;
}

// Examples and GitHub's extensions are keywords JSON Schema does not know, which strict: false lets
// through. Formats such as date-time are not checked: Ajv knows none without a plugin, and no
// setting the tests read is a date.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(withNull(restDescription) as object, 'github');

/** Each path template of the description as a pattern, the most literal first. */
const templates = Object.keys(restDescription.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literal: template.split('/').filter((part) => !part.startsWith('{')).length,
  }))
  .sort((a, b) => b.literal - a.literal);

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/**
 * What the REST description finds wrong with an answer: none when it allows `body` as the answer
 * of `method path` with `status`.
 */
export function restProblems(
  method: string,
  path: string,
  status: number,
  body: unknown,
): string[] {
  const found = templates.find(({ pattern }) => pattern.test(path));
  const operation = found && restDescription.paths[found.template]?.[method.toLowerCase()];
  if (!found || !operation) return [`GitHub's description has no ${method} ${path}`];
  let response = operation.responses[String(status)];
  let location = `#/${pointer('paths', found.template, method.toLowerCase(), 'responses', String(status))}`;
  if (response && '$ref' in response) {
    location = response.$ref;
    response = restDescription.components.responses[response.$ref.split('/').pop() ?? ''];
  }
  if (!response)
    return [`GitHub's description gives ${method} ${found.template} no ${status} answer`];
  const content = (response as Response).content?.['application/json'];
  if (!content?.schema) {
    return body === undefined || body === null
      ? []
      : [`GitHub's description gives ${method} ${found.template} ${status} no body`];
  }
  const check = ajv.getSchema(
    `github${location}/${pointer('content', 'application/json', 'schema')}`,
  );
  if (!check) return [`the description's schema of ${method} ${found.template} could not be read`];
  if (check(body)) return [];
  return (check.errors ?? []).map(
    (error) =>
      `${method} ${path} ${status}: ${error.instancePath || 'the answer'} ${error.message}`,
  );
}

/** GitHub's GraphQL schema, as its introspection gives it (its SDL defines one field twice). */
const graphqlSchema = buildClientSchema(publishedGraphqlSchema.json as never);

/** Each field resolved by the name the answer gives it: its alias, where the query has one. */
const byResponseKey: GraphQLFieldResolver<unknown, unknown> = (source, _args, _context, info) =>
  (source as Record<string, unknown> | null)?.[info.path.key as string];
/** An interface or union resolved by the `__typename` the answer gives. */
const byTypename: GraphQLTypeResolver<unknown, unknown> = (value) =>
  (value as { __typename?: string }).__typename;

/**
 * What GitHub's GraphQL schema finds wrong with a query and its answer's data: none when the query
 * is valid and executing it against the schema, with the data as what each field holds, gives
 * back the data exactly (every field asked, of its type, nullable only where the schema allows,
 * and no field the query did not ask for).
 */
export function graphqlProblems(
  query: string,
  variables: Record<string, unknown>,
  data: unknown,
): string[] {
  const document = parse(query);
  const invalid = validate(graphqlSchema, document);
  if (invalid.length) return invalid.map((error) => error.message);
  const result = execute({
    schema: graphqlSchema,
    document,
    rootValue: data,
    variableValues: variables,
    fieldResolver: byResponseKey,
    typeResolver: byTypename,
  });
  if (result instanceof Promise) return ['the answer could not be checked at once'];
  if (result.errors?.length) return result.errors.map((error) => error.message);
  return isDeepStrictEqual(JSON.parse(JSON.stringify(result.data)), data)
    ? []
    : ['the answer holds fields the query does not ask for, or values of another shape'];
}

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
        ...graphqlProblems(query, variables, data).map((p) => `GraphQL ${operation}: ${p}`),
      );
      return send(200, { data });
    }
    const answer = answers.rest[asked];
    if (!answer) {
      unrecorded.push(asked);
      return send(404, { message: 'Not Found' });
    }
    invalid.push(
      ...restProblems(request.method ?? 'GET', url.pathname, answer.status, answer.body),
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
