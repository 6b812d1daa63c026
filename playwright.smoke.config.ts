/**
 * The smoke tests QA point at any deployment (`SITE_URL=https://… npm run test:smoke`): no server
 * started and no build needed, only the address, and the settings of e2e/smoke/settings.ts. One
 * worker sends one request at a time, a bounded number in all, all of them reads, each with the
 * smoke's own User-Agent. docs/testing.md, "Smoke tests", has the command and every setting.
 */
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/browsers';
import { TRUSTED_KEY_VARIABLE } from './e2e/smoke/global-setup';
import {
  readSettings,
  SettingRefused,
  SMOKE_USER_AGENT,
  type SmokeSettings,
} from './e2e/smoke/settings';

let settings: SmokeSettings;
try {
  settings = readSettings();
} catch (error) {
  if (!(error instanceof SettingRefused)) throw error;
  console.error(`smoke refused: ${error.message}`);
  process.exit(2);
}

// The authority reaches the workers' own clients (Node reads it as a worker starts); the browser
// trusts the site's key, which the global set-up verified against it.
if (settings.caFile) process.env.NODE_EXTRA_CA_CERTS = path.resolve(settings.caFile);
const trustedKey = process.env[TRUSTED_KEY_VARIABLE];

export default defineConfig({
  testDir: './e2e/smoke',
  testMatch: '*.smoke.ts',
  // One request at a time, in a known order and number: gentle on production, and bounded.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  globalSetup: './e2e/smoke/global-setup.ts',
  outputDir: path.join(settings.reportDir, 'results'),
  reporter: [
    ['list'],
    ['html', { outputFolder: path.join(settings.reportDir, 'html'), open: 'never' }],
    ['./e2e/smoke/summary.ts'],
  ],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...chromiumLaunchOptions,
      args: [
        ...chromiumLaunchOptions.args,
        ...(trustedKey ? [`--ignore-certificate-errors-spki-list=${trustedKey}`] : []),
      ],
    },
    baseURL: settings.site.origin,
    userAgent: SMOKE_USER_AGENT,
    extraHTTPHeaders: settings.headers,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
