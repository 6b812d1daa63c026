import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium';

const isCI = Boolean(process.env.CI);
const port = Number(process.env.E2E_PORT ?? 4173);

/** Serves out/ and answers unknown and malformed paths with 404.html and status 404, as production does. */
export const previewServer = {
  command: 'npm run preview',
  env: { PORT: String(port) },
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: !isCI,
};

/** Smoke tests against the built export in out/, served by a real static server on 127.0.0.1. */
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
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(chromiumPath && { executablePath: chromiumPath }),
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: previewServer,
});
