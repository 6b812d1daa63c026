import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { runSmoke, startProxy, type Fault } from '../support/smoke-runs';

/**
 * The smoke suite fails, saying what is wrong in words, against a server that serves one fault: a
 * throwaway proxy on 127.0.0.1 in front of this run's nginx (playwright.config.ts starts it), which
 * changes nginx's answers in one way each. Each run is limited to the checks that must catch its
 * fault (--grep), since e2e/out/smoke.spec.ts runs the whole suite against the servers themselves;
 * and a run refused for its settings, or for the build the site serves, sends no check at all.
 */

test.describe.configure({ mode: 'default', timeout: 120_000 });

const nginxPort = Number(process.env.E2E_PORT ?? 4173) + 1;
/** The build nginx serves. */
const built = readFileSync('out/build.txt', 'utf8').trim();
/** Another commit's id. */
const ANOTHER_COMMIT = 'deadbeef'.repeat(5);

/** The answer with one header left out, on every response. */
const without =
  (name: string): Fault =>
  (_, answer) => {
    const headers = { ...answer.headers };
    delete headers[name];
    return { ...answer, headers };
  };

/** The answer for one address replaced, and every other passed on. */
const at =
  (path: string, change: Fault): Fault =>
  (request, answer) =>
    new URL(request.url ?? '/', 'http://site').pathname === path ? change(request, answer) : answer;

const faults: Array<{ fault: string; serve: Fault; checks: string; says: RegExp[] }> = [
  {
    fault: 'a missing security header',
    serve: without('x-content-type-options'),
    checks: 'carries the security headers',
    says: [
      /^ {2}\/south-africa \(200\): X-Content-Type-Options is missing; it should be "nosniff"$/m,
    ],
  },
  {
    fault: 'a page answering 500',
    serve: at('/south-africa', (_, answer) => ({ ...answer, status: 500 })),
    checks: 'the south africa page answers',
    says: [
      /the status of http:\/\/127\.0\.0\.1:\d+\/south-africa/,
      /Expected: 200\s+Received: 500/,
    ],
  },
  {
    fault: 'a policy that allows inline scripts',
    serve: (_, answer) => {
      const policy = String(answer.headers['content-security-policy'] ?? '');
      const headers = {
        ...answer.headers,
        'content-security-policy': policy.replace(
          /script-src [^;]*/,
          "script-src 'self' 'unsafe-inline'",
        ),
      };
      return { ...answer, headers };
    },
    checks: 'runs no inline script|carries the security headers',
    says: [
      /^ {2}\/south-africa: the policy's script-src is "'self' 'unsafe-inline'", not "'none'"$/m,
      /: \/ \(200\): the policy's script-src allows 'self' 'unsafe-inline': inline or evaluated code$/m,
    ],
  },
  {
    fault: 'an expired security.txt',
    serve: at('/.well-known/security.txt', (_, answer) => ({
      ...answer,
      body: Buffer.from(
        answer.body.toString().replace(/^Expires: .*$/m, 'Expires: 2025-01-31T00:00:00Z'),
      ),
    })),
    checks: 'security.txt',
    says: [
      /\/\.well-known\/security\.txt expired on 2025-01-31T00:00:00Z: researchers are told not to trust it \(RFC 9116\)\. Renew content\/security-txt\.ts and deploy\./,
    ],
  },
  {
    fault: 'a redirect off the site',
    // A server that drops a trailing slash by copying the path into Location as it came.
    serve: (request, answer) => {
      const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
      return path.length > 1 && path.endsWith('/')
        ? { status: 301, headers: { location: path.slice(0, -1) }, body: Buffer.alloc(0) }
        : answer;
    },
    checks: 'no redirect leaves the site',
    says: [
      /^- no redirect leaves the site: \d+ addresses that start like another host: \/\/smoke-other-host\.example\/: redirects off the site, to http:\/\/smoke-other-host\.example \(Location: \/\/smoke-other-host\.example\)$/m,
    ],
  },
];

for (const { fault, serve, checks, says } of faults) {
  test(`fails against a server with ${fault}, saying so`, async () => {
    const proxy = await startProxy(nginxPort, serve);
    try {
      const run = await runSmoke({ SITE_URL: proxy.url, SMOKE_EXPECT_COMMIT: built }, [
        '--grep',
        checks,
      ]);
      expect(run.status, run.output).toBe(1);
      expect(run.summary).toMatch(/^# Smoke of http:\/\/127\.0\.0\.1:\d+: failed$/m);
      for (const words of says) expect(run.summary).toMatch(words);
    } finally {
      await proxy.stop();
    }
  });
}

test("refuses a server with another commit's build, after reading it again within its bound", async () => {
  const proxy = await startProxy(
    nginxPort,
    at('/build.txt', (_, answer) => ({ ...answer, body: Buffer.from(`${ANOTHER_COMMIT}\n`) })),
  );
  try {
    const run = await runSmoke({
      SITE_URL: proxy.url,
      SMOKE_EXPECT_COMMIT: built,
      SMOKE_WAIT_FOR_BUILD: '6',
    });
    expect(run.status, run.output).toBe(1);
    expect(run.summary).toMatch(/^# Smoke of http:\/\/127\.0\.0\.1:\d+: refused$/m);
    expect(run.summary).toContain(
      `serves the build of commit ${ANOTHER_COMMIT}, not ${built} (SMOKE_EXPECT_COMMIT), after 2 reads in 6 s. The words it would check are ${built}'s. To check what the site serves, run it from a checkout of ${ANOTHER_COMMIT} (git checkout ${ANOTHER_COMMIT}); to check ${built}, deploy it first. A server on this machine serves its out/: run npm run build, then start the server again.`,
    );
    // Nothing but the build file was asked for: no check ran.
    expect(proxy.passed.map(({ target }) => target)).toEqual(['/build.txt', '/build.txt']);
  } finally {
    await proxy.stop();
  }
});

test('waits for the build it expects, as the deploy does while a new version spreads', async () => {
  let reads = 0;
  const proxy = await startProxy(
    nginxPort,
    at('/build.txt', (_, answer) =>
      (reads += 1) === 1 ? { ...answer, body: Buffer.from(`${ANOTHER_COMMIT}\n`) } : answer,
    ),
  );
  try {
    const run = await runSmoke(
      { SITE_URL: proxy.url, SMOKE_EXPECT_COMMIT: built, SMOKE_WAIT_FOR_BUILD: '30' },
      ['--grep', 'security.txt'],
    );
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain(
      `serves the build of commit ${ANOTHER_COMMIT}, not ${built} (SMOKE_EXPECT_COMMIT); reading /build.txt again in 5 s.`,
    );
    expect(run.output).toContain(`serves the build of ${built}, the commit expected.`);
    expect(reads).toBe(2);
  } finally {
    await proxy.stop();
  }
});

test('refuses in words, and sends nothing, without an address', async () => {
  // Each slip of every setting is e2e/unit/smoke-settings.spec.ts's, in-process; this is the words
  // as the command prints them, alone, and its exit status.
  const run = await runSmoke({});
  expect(run.status).toBe(2);
  expect(run.output.trim()).toBe(
    'smoke refused: SITE_URL is not set: name the site to check, e.g. SITE_URL=https://private-bank.example.com npm run test:smoke',
  );
});
