/** The engine interface (engine.ts) over Playwright, for Chromium and Playwright's own browsers. */
import type { Browser, BrowserType, Locator, Page } from '@playwright/test';
import type { EngineBrowser, EngineElement, EnginePage, Key, Query } from './engine';

/** Playwright's role query for a query of ours. */
function locate(page: Page, { role, name, within }: Query): Locator {
  type Role = Parameters<Page['getByRole']>[0];
  const scope = within
    ? page.getByRole(within.role as Role, { name: within.name, exact: true })
    : page;
  return scope.getByRole(role as Role, { name, exact: true });
}

class PlaywrightPage implements EnginePage {
  private readonly messages: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {
    page.on('console', (message) => {
      // Playwright calls console.warn a "warning"; the other drivers, as browsers do, "warn".
      const type = message.type() === 'warning' ? 'warn' : message.type();
      this.messages.push(`${type}: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.messages.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      // A page answering 404 is the not-found page doing its job; a missing file is not.
      const isDocument = response.request().isNavigationRequest();
      if (response.status() >= 400 && !isDocument) {
        this.messages.push(`requestfailed: ${response.status()} ${response.url()}`);
      }
    });
  }

  async goto(path: string) {
    await this.page.goto(new URL(path, this.baseURL).href);
  }

  async setViewport(width: number, height: number) {
    await this.page.setViewportSize({ width, height });
  }

  evaluate<T>(fn: () => T): Promise<T> {
    return this.page.evaluate(fn) as Promise<T>;
  }

  async findAll(query: Query): Promise<EngineElement[]> {
    return (await locate(this.page, query).all()).map((element) => ({
      isVisible: () => element.isVisible(),
      click: () => element.click(),
      isFocused: () => element.evaluate((node) => node === document.activeElement),
      evaluate: <T>(fn: (node: HTMLElement) => T) => element.evaluate(fn) as Promise<T>,
    }));
  }

  async press(key: Key) {
    await this.page.keyboard.press(key);
  }

  async type(text: string) {
    await this.page.keyboard.type(text);
  }

  runScript<T>(body: string): Promise<T> {
    return this.page.evaluate(`(async () => {\n${body}\n})()`) as Promise<T>;
  }

  async consoleMessages() {
    // A page that answered 404 leaves Chromium's "Failed to load resource" note: not a problem.
    return this.messages.filter((message) => !/^error: Failed to load resource.*404/.test(message));
  }

  async close() {
    await this.page.context().close();
  }
}

/** A Playwright browser type (Chromium, or Playwright's own Firefox or WebKit) as an engine. */
export async function launchPlaywright(
  type: BrowserType,
  options: Parameters<BrowserType['launch']>[0],
): Promise<EngineBrowser> {
  const browser: Browser = await type.launch(options);
  return {
    newPage: async (baseURL) =>
      new PlaywrightPage(await (await browser.newContext()).newPage(), baseURL),
    close: () => browser.close(),
  };
}
