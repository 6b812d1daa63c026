import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium';

const isCI = Boolean(process.env.CI);
const port = Number(process.env.E2E_PORT ?? 4173);
const nginxPort = port + 1;

/** Serves out/ and answers unknown and malformed paths with 404.html and status 404, as production does. */
export const previewServer = {
  command: 'npm run preview',
  env: { PORT: String(port) },
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: !isCI,
};

/** Serves out/ through the production nginx configuration, headers and CSP included. */
const productionServer = {
  command: 'npm run preview:prod',
  env: { PORT: String(nginxPort) },
  url: `http://127.0.0.1:${nginxPort}/`,
  reuseExistingServer: !isCI,
};

/** Specs that read out/ or run tools, with no server involved: run once, not per server. */
const buildOnly = ['budgets.spec.ts', 'content-check.spec.ts', 'validity.spec.ts'];

/**
 * Smoke tests against the built export in out/, served on 127.0.0.1 twice: by the light preview
 * server, and by nginx with the production configuration, where headers and hostile addresses are
 * tested too.
 */
export default defineConfig({
  testDir: './e2e',
  testIgnore: ['screenshots.spec.ts'],
  globalSetup: './e2e/support/require-build.ts',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: 0,
  workers: 2,
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      ...(chromiumPath && { executablePath: chromiumPath }),
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'preview',
      testIgnore: ['screenshots.spec.ts', 'production-server.spec.ts'],
      use: { ...devices['Desktop Chrome'], baseURL: previewServer.url.slice(0, -1) },
    },
    {
      name: 'nginx',
      testIgnore: ['screenshots.spec.ts', ...buildOnly],
      use: { ...devices['Desktop Chrome'], baseURL: productionServer.url.slice(0, -1) },
    },
  ],
  webServer: [previewServer, productionServer],
});
