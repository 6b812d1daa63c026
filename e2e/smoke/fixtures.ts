/**
 * The `test` of the smoke checks: the browser specs' own (every page watched for script errors,
 * failed requests and policy violations: e2e/support/fixtures.ts), with the smoke's settings, its
 * requests counted (each test's count goes into the report), and the checks that do not apply to
 * the site named as such rather than passed.
 */
import { expect, test as browserTest } from '../support/fixtures';
import { get, type Answer } from './client';
import { readSettings, type SmokeSettings } from './settings';

/** The kinds of check that apply to some sites alone. */
export type Applies = 'security headers' | 'https' | "the bank's own domain";

/** Why a kind of check does not apply to these settings' site, or undefined when it does. */
export function whyNotApplicable(settings: SmokeSettings, kind: Applies): string | undefined {
  if (kind === 'security headers' && settings.target === 'serve')
    return 'npm run serve sends no security headers, no policy and no caching rules, by design (SMOKE_TARGET=serve)';
  if (kind !== 'security headers' && settings.site.protocol !== 'https:')
    return 'SITE_URL is plain HTTP, as behind a TLS terminator: no TLS, HTTP/2 or redirect to HTTPS to check';
  if (kind === "the bank's own domain" && settings.target === 'preview')
    return "a preview is served on Cloudflare's workers.dev, whose TLS versions and plain-HTTP redirect are Cloudflare's settings, not the bank's (SMOKE_TARGET=preview)";
  return undefined;
}

/**
 * Fails the test with these problems, one sentence a line, when there is any: the words a reader of
 * the report needs, with no stack.
 */
export function expectNoProblems(problems: string[]): void {
  if (problems.length === 0) return;
  const error = new Error(problems.join('\n'));
  error.stack = error.message;
  throw error;
}

type SmokeFixtures = {
  settings: SmokeSettings;
  /**
   * A GET of a request target sent exactly as written (client.ts), redirects not followed,
   * counted: on the site, or at another of its addresses (its plain-HTTP one).
   */
  get: (target: string, address?: URL) => Promise<Answer>;
  /** The requests this test sent, browser and others; reported as an annotation. */
  requests: { count: number };
};

export const test = browserTest.extend<SmokeFixtures>({
  settings: async ({}, provide) => provide(readSettings()),
  requests: [
    async ({}, provide, testInfo) => {
      const requests = { count: 0 };
      await provide(requests);
      testInfo.annotations.push({ type: 'requests', description: String(requests.count) });
    },
    { auto: true },
  ],
  page: async ({ page, requests }, provide) => {
    page.on('request', () => (requests.count += 1));
    await provide(page);
  },
  get: async ({ settings, requests }, provide) => {
    await provide((target, address) => {
      requests.count += 1;
      return get(settings, target, address);
    });
  },
});

/**
 * Names the checks of the enclosing file or group as not applying to this site, where one of these
 * kinds does not: the report lists them, with why, rather than passing them.
 */
export function onlyWhere(...kinds: Applies[]): void {
  const settings = readSettings();
  const why = kinds.map((kind) => whyNotApplicable(settings, kind)).find(Boolean);
  test.skip(why !== undefined, `does not apply: ${why}`);
}

export { expect };
