/**
 * GitHub's REST and GraphQL APIs, read with one token, failing closed: an answer that is not the
 * one asked for (an error status, a GraphQL error, a page cut short, no answer in time) throws
 * `Unreadable` with what was asked and why in words, never a value that could pass for a setting.
 * Node's own fetch alone: the command runs beside the App's key with no package installed.
 */

/** A setting GitHub did not show: what was asked, and why in words. */
export class Unreadable extends Error {}

export interface GitHubApi {
  /** The JSON of a GET, which must answer 200. */
  get(path: string): Promise<unknown>;
  /**
   * The status and JSON of a GET that may also answer one of `meaningful`, statuses GitHub gives a
   * meaning of their own (404 for immutable releases that are off).
   */
  getStatus(path: string, meaningful: number[]): Promise<{ status: number; body: unknown }>;
  /** Every item of a listed GET, page after page; `key` names the list in an object answer. */
  list(path: string, key?: string): Promise<unknown[]>;
  /** The data of a GraphQL query, which must come with no error. */
  graphql(query: string, variables: Record<string, unknown>): Promise<unknown>;
}

export interface Endpoints {
  /** GitHub's REST address: https://api.github.com, or GITHUB_API_URL in a workflow. */
  restUrl: string;
  /** GitHub's GraphQL address: https://api.github.com/graphql, or GITHUB_GRAPHQL_URL. */
  graphqlUrl: string;
  token: string;
}

/** Long enough for GitHub's slowest answers; an answer later than this is not waited for. */
const TIMEOUT_MS = 30_000;

export function gitHubApi({ restUrl, graphqlUrl, token }: Endpoints): GitHubApi {
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${token}`,
    'user-agent': 'private-bank-site-protections',
    'x-github-api-version': '2022-11-28',
  };

  async function send(what: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const cause =
        error instanceof Error && error.name === 'TimeoutError'
          ? 'no answer within 30 s'
          : reason(error);
      throw new Unreadable(`${what}: GitHub could not be reached (${cause})`);
    }
  }

  async function json(what: string, response: Response): Promise<unknown> {
    const text = await response.text();
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new Unreadable(`${what}: GitHub answered ${response.status} with something not JSON`);
    }
  }

  async function refusal(what: string, response: Response): Promise<Unreadable> {
    const body = (await json(what, response).catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? `: ${body.message}` : '';
    const needs = response.headers.get('x-accepted-github-permissions');
    const limited = response.headers.get('x-ratelimit-remaining') === '0';
    return new Unreadable(
      `${what}: GitHub answered ${response.status}${message}` +
        (limited ? ' (the rate limit is spent; try again after it resets)' : '') +
        (needs ? ` (the token needs ${needs})` : ''),
    );
  }

  async function getStatus(path: string, meaningful: number[]) {
    const what = `GET /${path.replace(/^\//, '')}`;
    const response = await send(
      what,
      new URL(path.replace(/^\//, ''), withSlash(restUrl)).href,
      {},
    );
    if (response.status !== 200 && !meaningful.includes(response.status)) {
      throw await refusal(what, response);
    }
    return { status: response.status, body: await json(what, response) };
  }

  return {
    getStatus,

    async get(path) {
      return (await getStatus(path, [])).body;
    },

    async list(path, key) {
      const items: unknown[] = [];
      let url: string | null = new URL(withPerPage(path), withSlash(restUrl)).href;
      while (url) {
        const what = `GET ${new URL(url).pathname}${new URL(url).search}`;
        const response = await send(what, url, {});
        if (response.status !== 200) throw await refusal(what, response);
        const body = await json(what, response);
        const page = key ? (body as Record<string, unknown> | null)?.[key] : body;
        if (!Array.isArray(page)) throw new Unreadable(`${what}: GitHub's answer holds no list`);
        items.push(...page);
        url = nextPage(response.headers.get('link'));
        // A next page elsewhere than the API would send the token there.
        if (url && new URL(url).origin !== new URL(restUrl).origin) {
          throw new Unreadable(`${what}: GitHub named a next page at another address (${url})`);
        }
      }
      return items;
    },

    async graphql(query, variables) {
      const name = /^\s*query\s+(\w+)/.exec(query)?.[1] ?? 'a query';
      const what = `GraphQL ${name}`;
      const response = await send(what, graphqlUrl, {
        method: 'POST',
        body: JSON.stringify({ query, variables }),
      });
      if (response.status !== 200) throw await refusal(what, response);
      const body = (await json(what, response)) as {
        data?: unknown;
        errors?: { message?: string }[];
      } | null;
      if (body?.errors?.length) {
        throw new Unreadable(
          `${what}: GitHub answered ${body.errors.map((e) => e.message).join('; ')}`,
        );
      }
      if (!body?.data) throw new Unreadable(`${what}: GitHub's answer holds no data`);
      return body.data;
    },
  };
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** A path relative to the API's address, with the largest page GitHub gives. */
function withPerPage(path: string): string {
  const relative = path.replace(/^\//, '');
  return `${relative}${relative.includes('?') ? '&' : '?'}per_page=100`;
}

/** The address of the next page in a Link header, or null on the last. */
function nextPage(link: string | null): string | null {
  for (const part of link?.split(',') ?? []) {
    const match = /<([^>]+)>\s*;\s*rel="next"/.exec(part);
    if (match?.[1]) return match[1];
  }
  return null;
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
