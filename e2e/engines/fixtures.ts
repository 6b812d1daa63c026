import { chromium, expect, firefox, test as base, webkit } from '@playwright/test';
import { chromiumArgs, type Engine } from '../support/browsers';
import { isProblem, type EngineBrowser, type EnginePage } from './engine';
import { launchFirefox } from './firefox';
import { launchPlaywright } from './playwright';
import { launchWebKit } from './webkit';

/** Starts the browser of an engine, with the driver that can drive it here. */
function launch(engine: Engine): Promise<EngineBrowser> {
  switch (engine.kind) {
    case 'chromium':
      return launchPlaywright(chromium, {
        ...(engine.executablePath && { executablePath: engine.executablePath }),
        args: chromiumArgs,
      });
    case 'firefox':
      return launchFirefox(engine.executablePath);
    case 'webkit':
      return launchWebKit();
    case 'playwright':
      return launchPlaywright(engine.browser === 'firefox' ? firefox : webkit, {});
  }
}

/**
 * `engine`: a tab of the project's engine, on the site under test. Each test fails if the tab met a
 * console error, an uncaught exception or a failed request.
 */
export const test = base.extend<
  {
    engine: EnginePage;
    /** Console errors or page errors a test provokes on purpose; every other one fails it. */
    expectedProblems: readonly RegExp[];
  },
  { engineUnderTest: Engine; engineBrowser: EngineBrowser }
>({
  expectedProblems: [[], { option: true }],
  engineUnderTest: [
    { kind: 'chromium', name: 'chromium' },
    { option: true, scope: 'worker' },
  ],
  engineBrowser: [
    async ({ engineUnderTest }, provide) => {
      const browser = await launch(engineUnderTest);
      await provide(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  engine: async ({ engineBrowser, baseURL, expectedProblems }, provide) => {
    const page = await engineBrowser.newPage(baseURL ?? '');
    await provide(page);
    const problems = (await page.consoleMessages())
      .filter(isProblem)
      .filter((message) => !expectedProblems.some((pattern) => pattern.test(message)));
    await page.close();
    expect(problems, 'console errors, uncaught exceptions and failed requests').toEqual([]);
  },
});

export { expect };
