import { existsSync } from 'node:fs';
import { defineConfig, devices, firefox, webkit } from '@playwright/test';
import { buildProblem } from './e2e/support/build-freshness';
import { chromiumArgs, chromiumPath, installedEngines, type Engine } from './e2e/support/browsers';

const isCI = Boolean(process.env.CI);
/** The first of the ports the test servers take on 127.0.0.1; E2E_PORT moves them all. */
const port = Number(process.env.E2E_PORT ?? 4173);

// Before any server starts, in the main process only: the suite tests out/, so it must be there and
// newer than the sources. One line says so, rather than a failure on every page.
if (!process.env.TEST_WORKER_INDEX) {
  const problem = buildProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

/**
 * A test server; a port already held by anything else fails the run, never gets tested. It is
 * stopped as Ctrl+C would, so that it removes what it wrote (a kill would leave it behind).
 */
const server = (command: string, at: number) => ({
  command,
  env: { PORT: String(at) },
  url: `http://127.0.0.1:${at}/`,
  reuseExistingServer: false,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
});

/** The server `npm start` uses: serves out/ with clean URLs and the not-found page. */
const startServer = server('npm run preview', port);
/** The production servers, headers and CSP included: nginx, and Cloudflare's own runtime. */
const productionServers = {
  nginx: server('npm run preview:prod', port + 1),
  cloudflare: server('npm run preview:cloudflare', port + 2),
};

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { ...(chromiumPath && { executablePath: chromiumPath }), args: chromiumArgs },
};

/** The browsers installed here, each named with its version. */
const engines = installedEngines();
/** The Chromium the suite drives, named with its version; its reference screenshots are its own. */
const chromiumName = engines.find((e) => e.kind === 'chromium')?.name ?? 'chromium';
const chromiumMajor = /\d+/.exec(chromiumName)?.[0];

/** Playwright's own Firefox and WebKit, where `npx playwright install` could fetch them. */
const playwrightEngines = (
  [
    { kind: 'playwright', name: 'firefox (playwright)', browser: 'firefox' },
    { kind: 'playwright', name: 'webkit (playwright)', browser: 'webkit' },
  ] as const
).filter((engine) =>
  existsSync((engine.browser === 'firefox' ? firefox : webkit).executablePath()),
);

/**
 * The browser suite runs in Chromium behind each production server: the nginx configuration, and
 * the Cloudflare deployment on Cloudflare's own runtime. The cross-engine checks run in every
 * engine behind nginx. A short smoke proves that the server `npm start` uses serves every page and
 * the not-found page. The unit and out/ checks need no browser.
 */
export default defineConfig<object, { engineUnderTest: Engine }>({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: 0,
  // Three at once, one per browser project (below): both Chromium projects run side by side, each in
  // one worker, and the other engines' tests, which mostly wait on their drivers, run in the third.
  workers: 3,
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // A failed test keeps a trace of its actions, console and network, and a screenshot of where it
  // stopped. Traces without DOM snapshots and screencasts: those cost every passing test a tenth of
  // its time on two cores.
  use: {
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
  // Reference screenshots depend on the browser and its fonts: they are committed, one folder per
  // Chromium major version and platform, and compared; never written by a run that compares them
  // (`npm run screenshots` redraws them on purpose). The tolerance, and why, is in screenshots.spec.ts.
  snapshotPathTemplate: `{testDir}/browser/screenshots/chromium-${chromiumMajor}-{platform}/{arg}{ext}`,
  updateSnapshots: 'none',
  expect: {
    toHaveScreenshot: { threshold: 0, maxDiffPixels: 0, animations: 'disabled', caret: 'hide' },
  },
  // Each kind of check has a folder of e2e/ and a script of its own: `npm run test:unit`,
  // `test:out`, `test:browser`, `test:engines`. `npm test` runs them all.
  projects: [
    // In-process checks of the site's own code (the content check), with no browser.
    { name: 'unit', testMatch: 'unit/*.spec.ts' },
    // Checks of the build in out/ and of the servers and tools that take it, with no browser.
    { name: 'out', testMatch: 'out/*.spec.ts' },
    ...Object.entries(productionServers).map(([name, { url }]) => ({
      name: `${chromiumName} · ${name}`,
      testMatch: 'browser/*.spec.ts',
      testIgnore: 'browser/smoke.spec.ts',
      use: { ...chromium, baseURL: url.slice(0, -1) },
      workers: 1,
    })),
    // One project per other engine and version, named so: "firefox-esr 140.12.0", "webkitgtk 2.50.6".
    // (Chromium runs the whole browser suite, in the projects above.)
    ...[...engines.filter((e) => e.kind !== 'chromium'), ...playwrightEngines].map((engine) => ({
      name: engine.name,
      testMatch: 'engines/*.spec.ts',
      use: { engineUnderTest: engine, baseURL: productionServers.nginx.url.slice(0, -1) },
      workers: 1,
    })),
    {
      name: 'start server',
      testMatch: 'browser/smoke.spec.ts',
      use: { ...chromium, baseURL: startServer.url.slice(0, -1) },
    },
  ],
  webServer: [startServer, ...Object.values(productionServers)],
});
