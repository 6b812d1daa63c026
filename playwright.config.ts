import { existsSync } from 'node:fs';
import { defineConfig, devices, firefox, webkit } from '@playwright/test';
import { buildProblem } from './e2e/support/build-freshness';
import { chromiumLaunchOptions, installedEngines, type Engine } from './e2e/support/browsers';

/** The first of the ports the test servers take on 127.0.0.1; E2E_PORT moves them all. */
const port = Number(process.env.E2E_PORT ?? 4173);

// Once, in the main process: a missing or stale out/ is one line, not a failure on every page.
const problem = process.env.TEST_WORKER_INDEX ? undefined : buildProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}

// A port held by another program fails the run; SIGTERM (as Ctrl+C) lets a server clean up.
const server = (command: string, at: number) => ({
  command,
  env: { PORT: String(at) },
  url: `http://127.0.0.1:${at}`,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
});
const startServer = server('npm run preview', port);
/** The production servers, headers and CSP included: nginx, and Cloudflare's own runtime. */
const productionServers = {
  nginx: server('npm run preview:prod', port + 1),
  cloudflare: server('npm run preview:cloudflare', port + 2),
};

// The out/ checks and the production-server spec prove both servers send the same bytes, so specs
// of appearance alone run behind one server each (behind both, CI ran out of time).
const drawnBehindTheOther: Record<string, string[]> = {
  nginx: ['browser/accessibility.spec.ts'],
  cloudflare: ['browser/screenshots.spec.ts', 'browser/layout.spec.ts', 'browser/print.spec.ts'],
};

const chromium = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions };
const engines = installedEngines();
const chromiumName = engines.find((e) => e.kind === 'chromium')?.name ?? 'chromium';
const chromiumMajor = /\d+/.exec(chromiumName)?.[0];
/** Playwright's own Firefox and WebKit, where `npx playwright install` could fetch them. */
const playwrightEngines = (['firefox', 'webkit'] as const)
  .filter((browser) => existsSync({ firefox, webkit }[browser].executablePath()))
  .map((browser): Engine => ({ kind: 'playwright', name: `${browser} (playwright)`, browser }));

export default defineConfig<object, { engineUnderTest: Engine }>({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One per Chromium project; the third runs the other engines, which mostly wait on their drivers.
  workers: 3,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // No DOM snapshots or screencasts in traces: they cost every passing test a tenth of its time.
  use: {
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
  // Reference screenshots per Chromium major and platform, redrawn only by `npm run screenshots`.
  snapshotPathTemplate: `{testDir}/browser/screenshots/chromium-${chromiumMajor}-{platform}/{arg}{ext}`,
  updateSnapshots: 'none',
  expect: {
    toHaveScreenshot: { threshold: 0, maxDiffPixels: 0, animations: 'disabled', caret: 'hide' },
  },
  projects: [
    // No browser: in-process checks of the site's code, and checks of out/ and what serves it.
    { name: 'unit', testMatch: 'unit/*.spec.ts' },
    { name: 'out', testMatch: 'out/*.spec.ts' },
    ...Object.entries(productionServers).map(([name, { url }]) => ({
      name: `${chromiumName} · ${name}`,
      testMatch: 'browser/*.spec.ts',
      testIgnore: ['browser/smoke.spec.ts', ...(drawnBehindTheOther[name] ?? [])],
      use: { ...chromium, baseURL: url },
      workers: 1,
    })),
    // The cross-engine checks behind nginx, one project per engine: "firefox-esr 140.12.0", ….
    ...[...engines.filter((e) => e.kind !== 'chromium'), ...playwrightEngines].map((engine) => ({
      name: engine.name,
      testMatch: 'engines/*.spec.ts',
      use: { engineUnderTest: engine, baseURL: productionServers.nginx.url },
      workers: 1,
    })),
    // The content check in `npm run dev`: the spec starts its own dev server over a scratch copy.
    { name: 'dev preview', testMatch: 'dev/*.spec.ts', use: chromium, workers: 1 },
    {
      name: 'start server',
      testMatch: 'browser/smoke.spec.ts',
      use: { ...chromium, baseURL: startServer.url },
    },
  ],
  webServer: [startServer, ...Object.values(productionServers)],
});
