import { existsSync } from 'node:fs';
import path, { basename } from 'node:path';
import { defineConfig, devices, firefox, webkit } from '@playwright/test';
import {
  chromiumLaunchOptions,
  chromiumPath,
  installedEngines,
  type Engine,
} from './e2e/support/browsers';
import { localTls } from './e2e/support/local-tls';
import { serverPorts } from './e2e/support/ports';
import { RUNNER_VARIABLE, stopLeftoverWebServers } from './e2e/support/process-groups';
import { LOCAL_SERVER_NAME, publicKeyHash } from './scripts/serve/tls';

// In the runner itself (the workers load this file too, with TEST_WORKER_INDEX set): the test
// servers that a run killed outright left are stopped before this run starts its own, and the
// run's processes learn the runner's number (e2e/support/process-groups.ts).
if (!process.env.TEST_WORKER_INDEX) {
  process.env[RUNNER_VARIABLE] ??= String(process.pid);
  for (const left of stopLeftoverWebServers())
    console.log(`Stopped, left by an earlier run: ${left}`);
}

// The run starts Node hundreds of times (workers, servers, tsx, npm, wrangler, the commands under
// test), each compiling the same modules again: with Node's compile cache, which every process the
// run starts inherits from this variable, the first compiles them and the others read the code
// compiled, a fifth less of each start's processor time. Node checks each entry against its
// module's bytes and its own version, so an edited file is compiled afresh.
process.env.NODE_COMPILE_CACHE ??= path.resolve('.cache/node-compile-cache');

/**
 * The test servers' ports on 127.0.0.1: free ports the system gives, picked once by the runner and
 * read by each worker from the environment (e2e/support/ports.ts).
 */
const ports = serverPorts();

/**
 * The command of a test server, run through e2e/support/web-server.ts, which writes its process
 * group down for a later run to stop should this one be killed outright.
 */
const recorded = (command: string) => `node --import tsx e2e/support/web-server.ts ${command}`;

/**
 * A test server Playwright starts before the run and stops after it. A port already held by another
 * program fails the run rather than testing that program; SIGTERM, as Ctrl+C would, lets a server
 * clean up after itself.
 */
function testServer(command: string, serverPort: number) {
  return {
    command: recorded(command),
    // No reporting address: the headers tests expect none (e2e/support/security-headers.ts).
    env: { PORT: String(serverPort), CSP_REPORT_URI: '' },
    url: `http://127.0.0.1:${serverPort}`,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  };
}

/**
 * nginx over real TLS, with the throwaway certificates made for this run, and its plain-HTTP server
 * that redirects to it: `npm run serve:tls`. Like a production server, it answers for one name
 * alone, here localhost (LOCAL_SERVER_NAME), and refuses a handshake that names no server, as a
 * browser's for https://127.0.0.1 would be.
 */
const tls = localTls();
const tlsUrl = `https://${LOCAL_SERVER_NAME}:${ports.https}`;
const tlsServer = {
  command: recorded('npm run serve:tls'),
  env: {
    CSP_REPORT_URI: '',
    PORT: String(ports.https),
    HTTP_PORT: String(ports.httpRedirect),
    TLS_DIR: path.dirname(tls.certificate),
    ACME_CHALLENGE_DIR: tls.acmeChallengeDir,
  },
  // Ready once it takes connections: an address would have the runner resolve localhost, and trust
  // an authority made after the runner's own process started.
  port: ports.https,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
};
/**
 * The server `npm start` uses, which the smoke tests check as QA run them (e2e/out/smoke.spec.ts),
 * with the production servers below.
 */
const startServer = testServer('npm run serve', ports.start);
/** The production servers, headers and CSP included: nginx, and Cloudflare's own runtime. */
const productionServers = {
  nginx: testServer('npm run serve:nginx', ports.nginx),
  cloudflare: testServer('npm run serve:cloudflare', ports.cloudflare),
};

/**
 * The browser specs that test what a server itself decides: headers and policies, statuses,
 * redirects, caching, cookies and hostile addresses, and the pages' scripts running under each
 * server's Content-Security-Policy, Trusted Types included. They run behind both production servers.
 */
const serverSpecs = [
  'production-server',
  'cookies',
  'pages',
  'not-found',
  'error-boundary',
  'metadata',
  'trusted-types',
];
/**
 * The browser specs whose result depends only on the bytes served: appearance, accessibility,
 * controls and text. The `out` project and the production-server spec prove that both servers send
 * the same bytes, so these run behind nginx only.
 */
const pageSpecs = [
  'accessibility',
  'controls',
  'home',
  'layout',
  'legal',
  'menus',
  'no-javascript',
  'print',
  'screenshots',
  'south-africa',
];
const browserSpecs = (names: string[]) => names.map((name) => `browser/${name}.spec.ts`);
/** Which browser specs run behind which production server. */
const specsBehind: Record<keyof typeof productionServers, string[]> = {
  nginx: browserSpecs([...serverSpecs, ...pageSpecs, 'server-errors', 'oversized-cookie']),
  cloudflare: browserSpecs(serverSpecs),
};

const chromium = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions };
/** Chromium trusts the HTTPS server's certificate by its key, and no other certificate error. */
const chromiumOverTls = {
  ...chromium,
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      `--ignore-certificate-errors-spki-list=${publicKeyHash(tls.certificate)}`,
    ],
  },
};

const engines = installedEngines();
const chromiumVersion = engines.find((engine) => engine.kind === 'chromium')?.version;
const chromiumMajor = chromiumVersion?.split('.')[0];
/** The Chromium build under test, with the program that runs it: "chromium 156.0.8078.79 (chromium-headless-shell)". */
const chromiumUnderTest =
  chromiumVersion && `chromium ${chromiumVersion} (${basename(chromiumPath ?? 'playwright')})`;
/** Playwright's own Firefox and WebKit, where `npx playwright install` could fetch them. */
const playwrightEngines = (['firefox', 'webkit'] as const)
  .filter((browser) => existsSync({ firefox, webkit }[browser].executablePath()))
  .map((browser): Engine => ({ kind: 'playwright', name: `${browser} (playwright)`, browser }));
const otherEngines = [...engines.filter((e) => e.kind !== 'chromium'), ...playwrightEngines];

export default defineConfig<object, { engineUnderTest: Engine }>({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Two cores run the Chromium projects; the third worker mostly waits on the other engines' drivers.
  workers: 3,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Stops what an earlier run cut off left running (e2e/support/process-groups.ts), refuses a
  // missing or stale out/ in one line, and names the browsers' exact versions.
  globalSetup: './e2e/support/global-setup.ts',
  // Removes the HTTPS server's throwaway certificates, and stops what a worker killed outright left.
  globalTeardown: './e2e/support/global-teardown.ts',
  // The browsers' exact versions, which the HTML report shows beside the results.
  metadata: {
    browsers: [chromiumUnderTest, ...otherEngines.map(describe)].filter(Boolean).join(', '),
  },
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
    // The projects whose tests run one after another come first, so that they do not end the run
    // alone (started last, the editing view's specs were its last minute). The editing view of
    // `npm run edit`: one over a scratch copy for the specs of a worker, put back before each
    // spec, and a view of its own for a spec that needs one (e2e/support/editing-view.ts).
    // Its views start while every other project does: a first drawing of the page beside the form
    // has taken over five seconds then, so its expectations wait up to ten.
    {
      name: 'editor',
      testMatch: 'editor/*.spec.ts',
      use: chromium,
      expect: { timeout: 10_000 },
    },
    // The cross-engine checks behind nginx, one project per engine: "firefox-esr · 140", …. Early,
    // as their tests mostly wait on the engines' drivers, beside the Chromium tests' work.
    ...otherEngines.map((engine) => ({
      name: engine.name,
      testMatch: 'engines/*.spec.ts',
      use: { engineUnderTest: engine, baseURL: productionServers.nginx.url },
      metadata: { version: engine.version },
      // One at a time: each test drives one window of the engine's own driver.
      workers: 1,
    })),
    // The content check in `npm run dev`: the spec starts its own dev server over a scratch copy.
    { name: 'dev server', testMatch: 'dev/*.spec.ts', use: chromium, workers: 1 },
    // nginx over TLS: what HTTPS adds (protocols, HTTP/2, the redirect, slow handshakes). Early
    // too, as testssl.sh's one test takes half a minute: started among the last, it was the last
    // test of the run to end.
    {
      name: 'https',
      testMatch: 'tls/*.spec.ts',
      use: { baseURL: tlsUrl },
    },
    // No browser: in-process checks of the site's code, and checks of out/ and what serves it.
    { name: 'unit', testMatch: 'unit/**/*.spec.ts' },
    { name: 'out', testMatch: 'out/*.spec.ts' },
    // The browser suite in Chromium, behind each production server: "chromium · nginx", ….
    ...Object.entries(productionServers).map(([server, { url }]) => ({
      name: `chromium · ${server}`,
      testMatch: specsBehind[server as keyof typeof productionServers],
      use: { ...chromium, baseURL: url },
    })),
    // The headers and the error pages again over TLS, with Chromium trusting the throwaway
    // certificate.
    {
      name: 'chromium · nginx https',
      testMatch: browserSpecs(['production-server', 'server-errors']),
      use: { ...chromiumOverTls, baseURL: tlsUrl },
    },
  ],
  webServer: [startServer, ...Object.values(productionServers), tlsServer],
});

/** An engine as the report names it: its project's name and the exact version found. */
function describe(engine: Engine): string {
  return engine.version ? `${engine.name} (${engine.version})` : engine.name;
}
