import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { localTls, localTlsPorts } from '../support/local-tls';
import { runSmoke, startProxy } from '../support/smoke-runs';

/**
 * The smoke suite QA point at a deployment (`npm run test:smoke`, e2e/smoke/), run as they run it
 * against the test servers of this run (playwright.config.ts starts them): it passes against nginx,
 * nginx over HTTPS with the run's private authority, and Cloudflare's runtime; against the server of
 * `npm start`, which sends no security headers by design, it names the checks that do not apply, and
 * why, rather than passing them. Through a proxy that writes down every request, it only reads,
 * sends a bounded number of requests, each with its own User-Agent and the headers it was told to
 * send.
 */

// Each run is a whole Playwright run with its own Chromium: one at a time, so that they leave the
// machine's two cores to the rest of the suite. A run takes about ten seconds on an idle machine of
// two cores, and up to a minute while the rest of the suite keeps both busy.
test.describe.configure({ mode: 'default', timeout: 180_000 });

const port = Number(process.env.E2E_PORT ?? 4173);
/** The build the test servers serve, whose freshness the run's global set-up has checked. */
const built = readFileSync('out/build.txt', 'utf8').trim();

/** The most requests a whole smoke run may send: what it sends now, with room to grow. */
const MOST_REQUESTS = 200;
/** The User-Agent the smoke's requests carry, as docs/testing.md gives it to the security team. */
const SMOKE_USER_AGENT = 'PrivateBankSmoke/1 (read-only QA smoke test; docs/testing.md)';
/** A header the smoke is told to send, as the deploy sends Cloudflare's version override. */
const TOLD = {
  name: 'Cloudflare-Workers-Version-Overrides',
  value: 'private-bank-south-africa="smoke-test-version"',
};

test('passes against nginx, reading only, within its bound of requests, each with its User-Agent and the headers it was told to send', async () => {
  const proxy = await startProxy(port + 1);
  try {
    const run = await runSmoke({
      SITE_URL: proxy.url,
      SMOKE_EXPECT_COMMIT: built,
      SMOKE_HEADERS: `${TOLD.name}: ${TOLD.value}`,
    });
    expect(run.status, run.output).toBe(0);
    expect(run.summary).toMatch(/^# Smoke of http:\/\/127\.0\.0\.1:\d+: passed$/m);
    expect(proxy.passed.length).toBeGreaterThan(50);
    expect(proxy.passed.length).toBeLessThanOrEqual(MOST_REQUESTS);
    // The summary's count is a bound of what reached the server: the browser's requests are
    // counted as it makes them, and it may answer one from its cache.
    const counted = Number(/Requests sent: at most (\d+)\./.exec(run.summary)?.[1]);
    expect(proxy.passed.length).toBeLessThanOrEqual(counted);
    expect(counted).toBeLessThanOrEqual(MOST_REQUESTS);
    for (const { method, target, headers } of proxy.passed) {
      expect(['GET', 'HEAD'], target).toContain(method);
      expect(headers['user-agent'], target).toBe(SMOKE_USER_AGENT);
      expect(headers[TOLD.name.toLowerCase()], target).toBe(TOLD.value);
    }
  } finally {
    await proxy.stop();
  }
});

test("passes against Cloudflare's runtime", async () => {
  const run = await runSmoke({
    SITE_URL: `http://127.0.0.1:${port + 2}`,
    SMOKE_EXPECT_COMMIT: built,
  });
  expect(run.status, run.output).toBe(0);
  expect(run.summary).toContain(': passed\n');
});

test('passes against nginx over HTTPS, trusting the private authority it is given', async () => {
  const run = await runSmoke({
    SITE_URL: `https://localhost:${localTlsPorts.https}`,
    SMOKE_HTTP_URL: `http://localhost:${localTlsPorts.http}`,
    SMOKE_CA_FILE: localTls().authority,
    SMOKE_EXPECT_COMMIT: built,
  });
  expect(run.status, run.output).toBe(0);
  expect(run.summary).toContain(': passed\n');
  // Every check applies to an https site on the bank's own domain.
  expect(run.summary).not.toContain('Did not apply');
});

test("against npm start's server, names the checks that do not apply, and why", async () => {
  const run = await runSmoke({
    SITE_URL: `http://127.0.0.1:${port}`,
    SMOKE_EXPECT_COMMIT: built,
    SMOKE_TARGET: 'serve',
  });
  expect(run.status, run.output).toBe(0);
  const notApplied = run.summary.split('## Did not apply\n')[1]?.trim().split('\n') ?? [];
  const noHeaders =
    'does not apply: npm run serve sends no security headers, no policy and no caching rules, by design (SMOKE_TARGET=serve)';
  const plainHttp =
    'does not apply: SITE_URL is plain HTTP, as behind a TLS terminator: no TLS, HTTP/2 or redirect to HTTPS to check';
  expect(notApplied).toEqual([
    `- security headers, policy and caching › every kind of response carries the security headers and one policy: ${noHeaders}`,
    `- security headers, policy and caching › each page's policy runs no inline script and enforces Trusted Types: ${noHeaders}`,
    `- security headers, policy and caching › Trusted Types › every page refuses a string written into innerHTML: ${noHeaders}`,
    `- security headers, policy and caching › pages are revalidated, hashed files kept a year, and a missing file never: ${noHeaders}`,
    `- HTTPS › TLS 1.2 and 1.3, a certificate for the site valid 14 days more, and HTTP/2: ${plainHttp}`,
    `- HTTPS › on the bank's own domain › TLS 1.0 and 1.1 are refused: ${plainHttp}`,
    `- HTTPS › on the bank's own domain › plain HTTP redirects to the same address over HTTPS: ${plainHttp}`,
  ]);
  // The rest passed: every page with its words, security.txt, the redirects.
  expect(run.summary).toMatch(/Checks: \d+ passed, 0 failed, 7 did not apply\./);
});
