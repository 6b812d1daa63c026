/**
 * The few calls the approvers check makes to GitHub's REST API, with Node's own fetch: a read of
 * every page of a list (GitHub's Link header, rel="next"), a read of one thing, and a write. An
 * answer other than 2xx throws, naming the call and GitHub's message, so the check stops rather
 * than judge on half an answer.
 */

/** The API version the calls are written for (GitHub's X-GitHub-Api-Version). */
const API_VERSION = '2022-11-28';

export type GitHub = ReturnType<typeof gitHub>;

/**
 * @param api GitHub's API address (GITHUB_API_URL in a workflow: https://api.github.com).
 * @param token A token that may read the repository and post check runs.
 */
export function gitHub(api: string, token: string) {
  const call = async (method: string, address: string, body?: unknown) => {
    const response = await fetch(address, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': API_VERSION,
        'user-agent': 'approvers-check',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 200);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // Not JSON: GitHub's words are the text itself.
      }
      throw new Error(
        `GitHub answered ${response.status} to ${method} ${new URL(address).pathname}: ${message}`,
      );
    }
    return {
      value: text ? (JSON.parse(text) as unknown) : undefined,
      link: response.headers.get('link'),
    };
  };
  const at = (route: string) => `${api.replace(/\/$/, '')}${route}`;
  return {
    /** One answer. */
    get: async <T>(route: string) => (await call('GET', at(route))).value as T,
    /** Every item of a list, page after page. */
    list: async <T>(route: string) => {
      const items: T[] = [];
      for (let next: string | undefined = at(route); next;) {
        const { value, link } = await call('GET', next);
        items.push(...(value as T[]));
        next = /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];
      }
      return items;
    },
    post: async <T>(route: string, body: unknown) =>
      (await call('POST', at(route), body)).value as T,
  };
}
