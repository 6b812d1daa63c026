import { defineConfig, devices } from '@playwright/test';
import base, { previewServer } from '../playwright.config';

/**
 * `npm run screenshots`: full-page captures of every page at each width, into screenshots/.
 * Paths in a config resolve from its own folder, hence the adjusted setup and server.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  testIgnore: [],
  globalSetup: './support/require-build.ts',
  projects: [
    {
      name: 'screenshots',
      use: { ...devices['Desktop Chrome'], baseURL: previewServer.url.slice(0, -1) },
    },
  ],
  webServer: { ...previewServer, cwd: '..' },
  reporter: 'list',
});
