/**
 * The view's requests to its server: same-origin, so the browser sends the token's cookie, and
 * JSON both ways. Each answer comes back with its status, which tells a refusal apart.
 */
import type { SchemaNode } from '../../scripts/shared/field-words';

/** A problem the content check found, as the check reports it. */
export type Problem = {
  file: string;
  line: number;
  column: number;
  field: string;
  message: string;
  goLive?: boolean;
};

/** Everything the form is generated from, as GET /api/content answers. */
export type Model = {
  schema: SchemaNode;
  /** The site's pages and route handlers, each with the content files it draws from. */
  pages: { route: string; handler: boolean; contentFiles: string[] }[];
  files: { file: string; name: string; version: string; value: unknown }[];
  docs: Record<string, string>;
  choices: { pages: { route: string; name: string }[]; images: string[]; timeZones: string[] };
  problems: Problem[];
  canUndo: boolean;
};

/** A field's path: the export name, then each key or index. */
export type FieldPath = (string | number)[];

/** One request to the server: its status and its JSON answer. */
export async function call<T>(route: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(route, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, data: (await response.json()) as T };
}
