/**
 * One small interface over three drivers, so that the cross-engine tests read the same in every
 * browser: Playwright for Chromium (and for Playwright's own Firefox and WebKit where they are
 * installed), puppeteer-core over WebDriver BiDi for Debian's Firefox ESR, and selenium-webdriver
 * with WebKitWebDriver for WebKitGTK. Elements are found by their role and accessible name, as
 * each engine computes them.
 */

/** A key the tests press. */
export type Key = 'Tab' | 'Shift+Tab' | 'Enter' | 'Escape';

/** What to find: an element's role and accessible name, optionally inside another one. */
export type Query = { role: string; name: string; within?: { role: string; name: string } };

/** An element of the page. */
export interface EngineElement {
  /** Whether a visitor can see it: rendered, not hidden, with an area. */
  isVisible(): Promise<boolean>;
  click(): Promise<void>;
  /** Whether it has the keyboard focus. */
  isFocused(): Promise<boolean>;
  /** Runs a function on the element in the page and returns what it returns (data only). */
  evaluate<T>(fn: (element: HTMLElement) => T): Promise<T>;
}

/** A tab of one engine, pointed at the site under test. */
export interface EnginePage {
  /** Opens a path of the site and waits for the page to load. */
  goto(path: string): Promise<void>;
  setViewport(width: number, height: number): Promise<void>;
  /** Runs a function in the page and returns what it returns (data only). */
  evaluate<T>(fn: () => T): Promise<T>;
  /** The elements with this role and name that the engine exposes to assistive technology. */
  findAll(query: Query): Promise<EngineElement[]>;
  press(key: Key): Promise<void>;
  /** Types a text with the keyboard into the element that has the focus, as a person types it. */
  type(text: string): Promise<void>;
  /**
   * Runs a function body in the page, such as a library's source (axe-core's), outside the page's
   * own scripts and its Content Security Policy, and returns what it returns, awaited.
   */
  runScript<T>(body: string): Promise<T>;
  /** Console messages of every page shown so far, as "type: text". */
  consoleMessages(): Promise<string[]>;
  close(): Promise<void>;
}

/** An engine's browser, shared by the tests of one worker. */
export interface EngineBrowser {
  newPage(baseURL: string): Promise<EnginePage>;
  close(): Promise<void>;
}

/** The one element with this role and name; fails when there is none. */
export async function find(page: EnginePage, query: Query): Promise<EngineElement> {
  const [element] = await page.findAll(query);
  if (!element) throw new Error(`no ${query.role} named "${query.name}" on the page`);
  return element;
}

/** Presses Tab until the element has focus, as a keyboard user does; fails after `most` presses. */
export async function tabTo(
  page: EnginePage,
  target: { isFocused(): Promise<boolean> },
  most: number,
): Promise<void> {
  for (let press = 0; press < most; press += 1) {
    await page.press('Tab');
    if (await target.isFocused()) return;
  }
  throw new Error(`Tab never reached the element in ${most} presses`);
}

/** A console message a test must never see: an error, a failed load, an uncaught exception. */
export function isProblem(message: string): boolean {
  return /^(error|pageerror|requestfailed):/.test(message);
}
