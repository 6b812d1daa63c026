/**
 * The smoke tests QA point at any deployment (`SITE_URL=https://… npm run test:smoke`): no server
 * started and no build needed, only the address, and the settings of e2e/smoke/settings.ts. One
 * worker sends one request at a time, a bounded number in all, all of them reads, each with the
 * smoke's own User-Agent. docs/testing.md, "Smoke tests", has the command and every setting.
 */
import { isIPv6 } from 'node:net';
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

/** An IP address as a host of a rule: an IPv6 one between brackets. */
const hostOf = (address: string) => (isIPv6(address) ? `[${address}]` : address);

// With SMOKE_CA_FILE, the browser trusts the site's key, which the global set-up verified against
// that authority; with SMOKE_CONNECT_TO, it takes the site's name for that address.
const trustedKey = process.env[TRUSTED_KEY_VARIABLE];
const browserArgs = [
  ...(trustedKey ? [`--ignore-certificate-errors-spki-list=${trustedKey}`] : []),
  ...(settings.connectTo
    ? [`--host-resolver-rules=MAP ${settings.site.hostname} ${hostOf(settings.connectTo)}`]
    : []),
];

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
      args: [...chromiumLaunchOptions.args, ...browserArgs],
    },
    baseURL: settings.site.origin,
    userAgent: SMOKE_USER_AGENT,
    extraHTTPHeaders: settings.headers,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
