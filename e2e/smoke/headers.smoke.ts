/**
 * What the production servers guarantee on every response, as a visitor's browser receives it: the
 * security headers, one policy per response that runs no inline script and enforces Trusted Types,
 * caching that shows a new build at once, and redirects to each page's one address. The values are
 * written out in e2e/support/security-headers.ts, never read from the configuration.
 */
import { notFound } from '../../content/not-found';
import { brief } from '../support/brief';
import { SECURITY_HEADERS } from '../support/security-headers';
import { header, type Answer } from './client';
import { expect, expectNoProblems, onlyWhere, test } from './fixtures';
import { BUILD_FILE } from './settings';

/** An address no page has, which every server answers with the not-found page and 404. */
const MISSING = '/smoke/no-such-page';
/** The statuses of a redirect. */
const REDIRECT = [301, 302, 307, 308];
/** The most redirects followed from one address, as a browser gives up after a few. */
const MOST_HOPS = 3;
/** How long hashed build files (/_next/static/) may be kept: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether a Cache-Control value makes browsers ask the server again before each use. */
const revalidates = (value = '') =>
  /(^|,)\s*no-cache\s*(,|$)/.test(value) ||
  (/max-age=0\b/.test(value) && /must-revalidate/.test(value));

/** A policy's directives, by name. */
function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

/** The address a response answered, for the sentences of a report. */
const addressOf = (answer: Answer) => new URL(answer.url).pathname;

/** What a response's headers lack or get wrong, in sentences. */
function headerProblems(response: Answer): string[] {
  const at = `${addressOf(response)} (${response.status})`;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    const sent = header(response, name);
    if (sent === undefined) problems.push(`${at}: ${name} is missing; it should be "${value}"`);
    else if (sent !== value) problems.push(`${at}: ${name} is "${sent}", not "${value}"`);
  }
  const policies = response.headers.filter(([name]) => name === 'content-security-policy');
  if (policies.length !== 1)
    problems.push(`${at}: ${policies.length} Content-Security-Policy headers, not one`);
  for (const [, value] of policies) {
    const policy = directives(value);
    if (policy['frame-ancestors'] !== "'none'")
      problems.push(`${at}: the policy lets other sites frame the page (frame-ancestors)`);
    for (const [name, values] of Object.entries(policy)) {
      if (/'unsafe-inline'|'unsafe-eval'/.test(values))
        problems.push(`${at}: the policy's ${name} allows ${values}: inline or evaluated code`);
    }
  }
  if (header(response, 'access-control-allow-origin') !== undefined)
    problems.push(`${at}: Access-Control-Allow-Origin lets other sites read the response`);
  if (header(response, 'set-cookie') !== undefined) problems.push(`${at}: it sets a cookie`);
  return problems;
}

/** The address of the one script file the site has: the not-found page's island. */
async function islandAddress(get: (path: string) => Promise<Answer>): Promise<string> {
  const html = (await get(MISSING)).body;
  const source = /<script[^>]* src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(source, "the not-found page's script file").toBeDefined();
  return source ?? '';
}

test.describe('security headers, policy and caching', () => {
  onlyWhere('security headers');

  test('every kind of response carries the security headers and one policy', async ({ get }) => {
    const island = await islandAddress(get);
    const addresses = [
      ...brief.routes,
      MISSING,
      '/south-africa/',
      '/.well-known/security.txt',
      BUILD_FILE,
      island,
    ];
    const problems: string[] = [];
    for (const address of addresses) problems.push(...headerProblems(await get(address)));
    expectNoProblems(problems);
  });

  test("each page's policy runs no inline script and enforces Trusted Types", async ({ get }) => {
    const problems: string[] = [];
    for (const [address, scripts] of [
      [brief.routes[0], "'none'"],
      [brief.routes[1], "'none'"],
      [MISSING, "'self'"],
    ] as const) {
      const response = await get(address);
      const policy = directives(header(response, 'content-security-policy') ?? '');
      const expected: Record<string, string> = {
        'default-src': "'self'",
        'script-src': scripts,
        'object-src': "'none'",
        'base-uri': "'none'",
        'require-trusted-types-for': "'script'",
        'trusted-types': "'none'",
      };
      for (const [name, value] of Object.entries(expected)) {
        if (policy[name] !== value)
          problems.push(
            `${address}: the policy's ${name} is ${policy[name] ? `"${policy[name]}"` : 'missing'}, not "${value}"`,
          );
      }
    }
    expectNoProblems(problems);
  });

  test.describe('Trusted Types', () => {
    // The one violation the test provokes on each page, and the console error that reports it; any
    // other still fails the test.
    const refusal = /^require-trusted-types-for blocked trusted-types-sink /;
    test.use({
      // The value is a list, which Playwright would read as [value, options] without its own tuple.
      expectedViolations: [[refusal, refusal, refusal], { scope: 'test' }],
      expectedErrors: [/requires 'TrustedHTML' assignment/],
    });

    test('every page refuses a string written into innerHTML', async ({ page }) => {
      for (const address of [...brief.routes, MISSING]) {
        await page.goto(address);
        const outcome = await page.evaluate(async () => {
          // The refusal's report, which the page fixture expects, comes as an event after it.
          const reported = new Promise((resolve) =>
            document.addEventListener('securitypolicyviolation', resolve, { once: true }),
          );
          const target = document.createElement('div');
          try {
            target.innerHTML = '<img src="/" alt="">';
            return `written: ${target.innerHTML}`;
          } catch (error) {
            await reported;
            return `refused with a ${(error as Error).name}`;
          }
        });
        expect(outcome, `${address}: a string written into innerHTML`).toBe(
          'refused with a TypeError',
        );
      }
    });
  });

  test('pages are revalidated, hashed files kept a year, and a missing file never', async ({
    get,
  }) => {
    const problems: string[] = [];
    for (const address of [...brief.routes, MISSING, '/.well-known/security.txt', BUILD_FILE]) {
      const cacheControl = header(await get(address), 'cache-control');
      if (!revalidates(cacheControl))
        problems.push(
          `${address}: Cache-Control "${cacheControl ?? ''}" lets browsers keep it without asking, so a new build would not show at once`,
        );
    }
    const island = await get(await islandAddress(get));
    if (header(island, 'cache-control') !== IMMUTABLE)
      problems.push(
        `${addressOf(island)}: Cache-Control "${header(island, 'cache-control') ?? ''}", not "${IMMUTABLE}"`,
      );
    const missingChunk = await get('/_next/static/chunks/smoke-not-built.js');
    if (missingChunk.status !== 404 || !revalidates(header(missingChunk, 'cache-control')))
      problems.push(
        `/_next/static/chunks/smoke-not-built.js answered ${missingChunk.status} with Cache-Control "${header(missingChunk, 'cache-control') ?? ''}": a missing file must be a 404 that browsers ask for again`,
      );
    expectNoProblems(problems);
  });
});

test('the other addresses of a page redirect to its one address, on the site, and the not-found page has none', async ({
  get,
  settings,
}) => {
  const problems: string[] = [];
  for (const [from, to] of [
    ['/south-africa/', brief.routes[1]],
    ['/south-africa.html', brief.routes[1]],
    ['/index.html', brief.routes[0]],
  ] as const) {
    // Hop by hop, as a browser follows them: each on the site, the last to the page (production
    // servers take one hop; npm run serve may take two).
    const hops: string[] = [];
    let response = await get(from);
    while (REDIRECT.includes(response.status) && hops.length < MOST_HOPS) {
      const landing = new URL(header(response, 'location') ?? '', response.url);
      hops.push(landing.href);
      if (landing.origin !== settings.site.origin) break;
      response = await get(`${landing.pathname}${landing.search}`);
    }
    const last = hops.at(-1);
    if (!last) problems.push(`${from} answered ${response.status}, not a redirect to ${to}`);
    else if (new URL(last).origin !== settings.site.origin || new URL(last).pathname !== to)
      problems.push(`${from} redirects to ${hops.join(', then ')}, not to ${to} on the site`);
    else if (response.status !== 200)
      problems.push(`${from} leads to ${to}, which answered ${response.status}`);
  }
  for (const address of ['/404', '/404.html']) {
    const response = await get(address);
    if (response.status !== 404 || !response.body.includes(notFound.title))
      problems.push(`${address} answered ${response.status}, not the not-found page with 404`);
  }
  expectNoProblems(problems);
});
