/**
 * GitHub's published descriptions of its APIs, and what they find wrong with an answer: the one
 * check that both served GitHubs of the tests use (e2e/support/github-api.ts, the approvers check's,
 * and e2e/support/recorded-github.ts, the protections'), so that an answer either serves is held to
 * the same reading of GitHub's shapes.
 *
 * REST answers and request bodies are checked against the operation's schema in GitHub's OpenAPI
 * description (`@octokit/openapi`, api.github.com), with ajv. That description is OpenAPI 3.0,
 * whose `nullable` JSON Schema lacks: it is turned into `type: [..., 'null']`, or an `anyOf` with
 * null where the schema has no single type (GitHub puts it beside `anyOf` and `$ref` too), before
 * ajv reads it. Formats (`date-time`, `uri`) are not checked: ajv would need another package for
 * them, and no test reads a date's shape. Examples and GitHub's `x-` extensions are keywords JSON
 * Schema does not know, which `strict: false` lets through.
 *
 * GraphQL answers are checked against GitHub's published schema (`@octokit/graphql-schema`) with
 * graphql-js: the query must be valid, and executing it over the answer must give the answer back,
 * so every field asked is there, of its type, null only where the schema allows, and no field the
 * query did not ask for; a field is read by its alias where the query gives one, and an interface
 * or a union by the answer's `__typename`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { schema as publishedGraphqlSchema } from '@octokit/graphql-schema';
import { Ajv, type ValidateFunction } from 'ajv';
import {
  buildClientSchema,
  execute,
  parse,
  validate,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  type IntrospectionQuery,
} from 'graphql';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Content = Record<string, { schema?: unknown }>;
type Response = { content?: Content };
type Operation = {
  requestBody?: { content: Content };
  responses: Record<string, Response | { $ref: string }>;
};
type Description = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, Response>;
    examples: Record<string, { value: unknown }>;
  };
};

/** GitHub's REST description for api.github.com, OpenAPI 3.0 (13 MB, read once). */
export const restDescription = JSON.parse(
  readFileSync(
    fileURLToPath(import.meta.resolve('@octokit/openapi/generated/api.github.com.json')),
    'utf8',
  ),
) as Description;

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

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

/**
 * The validator of one schema of the description: the schema with every component it reaches
 * beside it, so that its `#/components/schemas/…` references resolve, and nothing else is read.
 */
function validatorOf(key: string, schema: unknown): ValidateFunction {
  let validator = validators.get(key);
  if (!validator) {
    const { components } = restDescription;
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

const problemsOf = (validator: ValidateFunction, value: unknown) =>
  validator(value)
    ? []
    : (validator.errors ?? []).map((e) => `${e.instancePath || '(the body)'} ${e.message}`);

/** Each path template of the description as a pattern, the most literal first. */
const templates = Object.keys(restDescription.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literal: template.split('/').filter((part) => !part.startsWith('{')).length,
  }))
  .sort((a, b) => b.literal - a.literal);

/**
 * The template of GitHub's description that a request's path is of, for its method
 * (`/repos/o/r/pulls/7` is `/repos/{owner}/{repo}/pulls/{pull_number}`); undefined if none.
 */
export function restTemplateOf(method: string, path: string): string | undefined {
  return templates.find(
    ({ template, pattern }) =>
      pattern.test(path) && restDescription.paths[template]?.[method.toLowerCase()],
  )?.template;
}

/**
 * What in an answer GitHub's description of the operation does not allow: none where it conforms.
 * An operation the description lacks, a status it does not give, or a body where it describes
 * none, is a problem too.
 * @param template The operation's path as GitHub's description writes it:
 *   `/repos/{owner}/{repo}/pulls/{pull_number}/reviews` (restTemplateOf finds it from a path).
 */
export function restAnswerProblems(
  method: string,
  template: string,
  status: number,
  body: unknown,
): string[] {
  const operation = restDescription.paths[template]?.[method.toLowerCase()];
  if (!operation) return [`GitHub's description has no ${method} ${template}`];
  let response = operation.responses[String(status)];
  if (response && '$ref' in response)
    response = restDescription.components.responses[response.$ref.split('/').pop() ?? ''];
  if (!response) return [`GitHub's description gives ${method} ${template} no ${status} answer`];
  const schema = (response as Response).content?.['application/json']?.schema;
  if (!schema) {
    return body === undefined || body === null
      ? []
      : [`GitHub's description gives ${method} ${template} ${status} no body`];
  }
  return problemsOf(validatorOf(`${method} ${template} ${status}`, schema), body).map(
    (problem) => `${method} ${template} ${status}: ${problem}`,
  );
}

/** What in a request's body GitHub's description of the operation does not allow. */
export function restRequestProblems(method: string, template: string, body: unknown): string[] {
  const operation = restDescription.paths[template]?.[method.toLowerCase()];
  if (!operation) return [`GitHub's description has no ${method} ${template}`];
  const schema = operation.requestBody?.content['application/json']?.schema;
  if (!schema) return [`GitHub's ${method} ${template} takes no JSON body`];
  return problemsOf(validatorOf(`${method} ${template} request`, schema), body).map(
    (problem) => `${method} ${template} request: ${problem}`,
  );
}

let graphqlSchema: GraphQLSchema | undefined;

/** Each field resolved by the name the answer gives it: its alias, where the query has one. */
const byResponseKey: GraphQLFieldResolver<unknown, unknown> = (source, _args, _context, info) =>
  (source as Record<string, unknown> | null)?.[info.path.key as string];
/** An interface or union resolved by the `__typename` the answer gives. */
const byTypename: GraphQLTypeResolver<unknown, unknown> = (value) =>
  (value as { __typename?: string }).__typename;

/**
 * What in a GraphQL answer's data GitHub's published schema does not allow: the query's own
 * mistakes, then each field the answer gives that the schema would not (a wrong type, a missing
 * non-null), or a field the query did not ask for.
 */
export function graphqlAnswerProblems(
  query: string,
  variables: Record<string, unknown>,
  data: unknown,
): string[] {
  // Its introspection, not its SDL, which defines one field twice.
  graphqlSchema ??= buildClientSchema(publishedGraphqlSchema.json as unknown as IntrospectionQuery);
  const document = parse(query);
  const invalid = validate(graphqlSchema, document);
  if (invalid.length) return invalid.map((error) => `the query: ${error.message}`);
  const result = execute({
    schema: graphqlSchema,
    document,
    rootValue: data,
    variableValues: variables,
    fieldResolver: byResponseKey,
    typeResolver: byTypename,
  });
  if (result instanceof Promise) return ['the answer could not be checked at once'];
  const problems = (result.errors ?? []).map(
    (error) => `${(error.path ?? []).join('.')}: ${error.message}`,
  );
  if (!problems.length && !isDeepStrictEqual(JSON.parse(JSON.stringify(result.data)), data))
    problems.push('the answer holds fields the query does not ask for, or values of another shape');
  return problems;
}
