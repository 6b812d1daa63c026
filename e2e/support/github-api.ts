/**
 * GitHub's API for tests that cannot reach it (this machine has no route to GitHub): answers
 * written in GitHub's shapes, each checked against GitHub's published description before a test
 * may use it, and served by a local HTTP server to the very program that would ask GitHub.
 *
 * REST answers and request bodies are checked against the operation's schema in GitHub's OpenAPI
 * description (`@octokit/openapi`, api.github.com), with ajv. That description is OpenAPI 3.0,
 * whose `nullable` JSON Schema lacks: it is turned into `type: [..., 'null']` or an `anyOf` with
 * null before ajv reads it. Formats (`date-time`, `uri`) are not checked: ajv would need another
 * package for them. GraphQL answers are checked against GitHub's published schema
 * (`@octokit/graphql-schema`) with graphql-js: the query must be valid, and executing it over the
 * answer must give the answer back, so every field is of its type and every non-null is there.
 *
 * A request with no recorded answer gets 501 and is listed in `unanswered`, so that a test can say
 * the program asked for something nobody recorded, rather than pass on a guess of GitHub's.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { schema as graphqlSchema } from '@octokit/graphql-schema';
import { Ajv, type ValidateFunction } from 'ajv';
import {
  buildClientSchema,
  execute,
  parse,
  validate,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** OpenAPI 3.0's `nullable` in the JSON Schema that ajv reads; examples are left as they are. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const schema: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    schema[key] = key === 'example' || key === 'examples' ? value : toJsonSchema(value);
  }
  const nullable = schema.nullable === true;
  delete schema.nullable;
  if (!nullable) return schema;
  if (typeof schema.type === 'string') {
    schema.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
    return schema;
  }
  return { anyOf: [schema, { type: 'null' }] };
}

type Operation = {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Description = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

/** GitHub's REST description, read once. */
let description: Description | undefined;
function restDescription(): Description {
  if (!description) {
    const file = fileURLToPath(
      import.meta.resolve('@octokit/openapi/generated/api.github.com.json'),
    );
    description = JSON.parse(readFileSync(file, 'utf8')) as Description;
  }
  return description;
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

/**
 * The validator of one schema of the description: the schema with every component it reaches
 * beside it, so that its `#/components/schemas/…` references resolve, and nothing else is read.
 */
function validatorOf(key: string, schema: unknown): ValidateFunction {
  let validator = validators.get(key);
  if (!validator) {
    const { components } = restDescription();
    const reached: Record<string, unknown> = {};
    const pending = [schema];
    while (pending.length) {
      const text = JSON.stringify(pending.pop());
      for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
        if (name && !(name in reached)) {
          reached[name] = components.schemas[name];
          pending.push(components.schemas[name]);
        }
      }
    }
    validator = ajv.compile({
      ...(toJsonSchema(schema) as object),
      components: { schemas: toJsonSchema(reached) },
    });
    validators.set(key, validator);
  }
  return validator;
}

function operation(method: Method, template: string): Operation {
  const found = restDescription().paths[template]?.[method.toLowerCase()];
  if (!found) throw new Error(`GitHub's REST description has no ${method} ${template}`);
  return found;
}

const problemsOf = (validator: ValidateFunction, value: unknown) =>
  validator(value)
    ? []
    : (validator.errors ?? []).map((e) => `${e.instancePath || '(the answer)'} ${e.message}`);

/**
 * What in an answer GitHub's description of the operation does not allow: none where it conforms.
 * @param template The operation's path as GitHub's description writes it:
 *   `/repos/{owner}/{repo}/pulls/{pull_number}/reviews`.
 */
export function restAnswerProblems(
  method: Method,
  template: string,
  status: number,
  body: unknown,
): string[] {
  const content = operation(method, template).responses[String(status)]?.content;
  const schema = content?.['application/json']?.schema;
  if (!schema) throw new Error(`GitHub's ${method} ${template} has no JSON answer for ${status}`);
  return problemsOf(validatorOf(`${method} ${template} ${status}`, schema), body);
}

/** What in a request's body GitHub's description of the operation does not allow. */
export function restRequestProblems(method: Method, template: string, body: unknown): string[] {
  const schema = operation(method, template).requestBody?.content['application/json']?.schema;
  if (!schema) throw new Error(`GitHub's ${method} ${template} takes no JSON body`);
  return problemsOf(validatorOf(`${method} ${template} request`, schema), body);
}

let graphql: GraphQLSchema | undefined;

/**
 * What in a GraphQL answer GitHub's published schema does not allow: the query's own mistakes,
 * then each field the answer gives that the schema would not (a wrong type, a missing non-null).
 * Aliases are not followed: the answer must use the fields' own names.
 */
export function graphqlAnswerProblems(
  query: string,
  variables: Record<string, unknown>,
  data: unknown,
): string[] {
  graphql ??= buildClientSchema(graphqlSchema.json as unknown as IntrospectionQuery);
  const document = parse(query);
  const invalid = validate(graphql, document);
  if (invalid.length) return invalid.map((error) => `the query: ${error.message}`);
  const result = execute({
    schema: graphql,
    document,
    rootValue: data,
    variableValues: variables,
  }) as { data?: unknown; errors?: readonly { message: string; path?: readonly unknown[] }[] };
  const problems = (result.errors ?? []).map(
    (error) => `${(error.path ?? []).join('.')}: ${error.message}`,
  );
  if (!problems.length && JSON.stringify(result.data) !== JSON.stringify(data)) {
    problems.push('the answer holds fields the query did not ask for, or in another order');
  }
  return problems;
}

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
