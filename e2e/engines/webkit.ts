/**
 * The engine interface (engine.ts) over selenium-webdriver and WebKitWebDriver, for WebKitGTK, the
 * WebKit that Debian ships, in a window of its own on Xvfb.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Key as Keys, WebDriver, type WebElement } from 'selenium-webdriver';
import { Executor, HttpClient } from 'selenium-webdriver/http/index.js';
import { freePort } from '../../scripts/serve/port';
import { spawnGroup, stopGroup } from '../support/process-groups';
import type { EngineBrowser, EngineElement, EnginePage, Key, Query } from './engine';

/**
 * The browser WebKitWebDriver starts: a bare WebKitGTK view in a window of any size (Debian's
 * MiniBrowser cannot be narrower than 447 px). `--record-console` keeps each page's console in
 * window.__console, since this driver has no WebDriver BiDi to report it.
 */
const WEBKIT_HOST_SCRIPT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'webkit-host.py',
);

/** How long a page may take to load, and a window to take its new size, before a test fails. */
const PAGE_LOAD_TIMEOUT_MS = 5000;
const RESIZE_TIMEOUT_MS = 2000;
/**
 * How long a script run in the page may take: axe reads the editing view's two hundred fields for
 * longer than WebDriver's default 30 s under the whole suite's load.
 */
const SCRIPT_TIMEOUT_MS = 120_000;
/** How often, and how many times, to ask whether WebKitWebDriver has started. */
const DRIVER_START_POLL_INTERVAL_MS = 50;
const DRIVER_START_ATTEMPTS = 100;

/** Selectors of the elements that can have each role the tests ask for. */
const CANDIDATES: Record<string, string> = {
  link: 'a[href]',
  button: 'button, [role="button"]',
  heading: 'h1, h2, h3, h4, h5, h6',
  navigation: 'nav',
  textbox: 'input, textarea',
};

/**
 * In the page: the elements under a scope that match a selector and mention a name, in their own
 * text, their aria-label or, for a form field, its labels.
 */
const SIFT = `return [...(arguments[0] || document).querySelectorAll(arguments[1])].filter((element) =>
  ((element.getAttribute('aria-label') || '') + ' ' + element.textContent + ' ' +
    [...(element.labels || [])].map((label) => label.textContent).join(' '))
    .replace(/\\s+/g, ' ')
    .includes(arguments[2]))`;

const KEYS: Record<Key, string[]> = {
  Tab: [Keys.TAB],
  'Shift+Tab': [Keys.SHIFT, Keys.TAB],
  Enter: [Keys.ENTER],
  Escape: [Keys.ESCAPE],
};

/**
 * Starts a program in a process group of its own, which ends with the run however the run ends
 * (process-groups.ts): WebKitWebDriver's with the browser it starts.
 */
function start(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawnGroup(
    command,
    args,
    { env, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    'WebKitGTK under test',
  );
  child.stderr?.resume();
  return child;
}

/** Xvfb on a display it chooses itself (-displayfd), so that parallel workers never collide. */
async function startXvfb(): Promise<{ display: string; xvfb: ChildProcess }> {
  const xvfb = start('Xvfb', [
    '-displayfd',
    '3',
    '-screen',
    '0',
    '1600x1200x24',
    '-nolisten',
    'tcp',
  ]);
  const [number] = (await once(xvfb.stdio[3]!, 'data')) as [Buffer];
  return { display: `:${number.toString().trim()}`, xvfb };
}

class WebKitPage implements EnginePage {
  /** Console messages of pages already left; the current page's are read from it. */
  private readonly earlier: string[] = [];

  constructor(
    private readonly driver: WebDriver,
    private readonly baseURL: string,
  ) {}

  private async currentMessages(): Promise<string[]> {
    const recorded = (await this.driver.executeScript('return window.__console || []')) as Array<{
      level: string;
      text: string;
    }>;
    return recorded.map(
      ({ level, text }) => `${level === 'uncaught' ? 'pageerror' : level}: ${text}`,
    );
  }

  async goto(address: string) {
    this.earlier.push(...(await this.currentMessages()));
    // Marks the page being left: under load, WebKitWebDriver can answer before the new document is
    // the one shown, so this waits until a loaded page without the mark is.
    await this.driver.executeScript('window.__left = true');
    await this.driver.get(new URL(address, this.baseURL).href);
    await this.driver.wait(
      () =>
        this.driver.executeScript("return !window.__left && document.readyState === 'complete'"),
      PAGE_LOAD_TIMEOUT_MS,
    );
  }

  async setViewport(width: number, height: number) {
    // The window is resized before the page sees it: wait until it does.
    await this.driver.manage().window().setRect({ width, height });
    await this.driver.wait(async () => {
      const [innerWidth, innerHeight] = (await this.driver.executeScript(
        'return [innerWidth, innerHeight]',
      )) as number[];
      return innerWidth === width && innerHeight === height;
    }, RESIZE_TIMEOUT_MS);
  }

  async evaluate<T>(fn: () => T): Promise<T> {
    return (await this.driver.executeScript(`return (${fn.toString()})()`)) as T;
  }

  /**
   * The elements that may have the role and whose label or text holds the name (a quick sift in the
   * page), kept if WebKit computes exactly that role and name for them.
   */
  private async match(scope: WebDriver | WebElement, { role, name }: Query): Promise<WebElement[]> {
    const within = scope instanceof WebDriver ? null : scope;
    const candidates = (await this.driver.executeScript(
      SIFT,
      within,
      CANDIDATES[role] ?? '*',
      name,
    )) as WebElement[];
    const matches: WebElement[] = [];
    for (const element of candidates) {
      if ((await element.getAriaRole()) === role && (await element.getAccessibleName()) === name) {
        matches.push(element);
      }
    }
    return matches;
  }

  async findAll(query: Query): Promise<EngineElement[]> {
    const [scope] = query.within ? await this.match(this.driver, query.within) : [this.driver];
    return (scope ? await this.match(scope, query) : []).map((element) => {
      const script = (body: string) => this.driver.executeScript(body, element);
      return {
        isVisible: async () =>
          Boolean(
            await script(
              'return arguments[0].checkVisibility() && arguments[0].getClientRects().length > 0',
            ),
          ),
        click: () => element.click(),
        isFocused: async () =>
          Boolean(await script('return arguments[0] === document.activeElement')),
        evaluate: async <T>(fn: (e: HTMLElement) => T) =>
          (await script(`return (${fn.toString()})(arguments[0])`)) as T,
      };
    });
  }

  async press(key: Key) {
    await this.driver
      .actions()
      .sendKeys(...KEYS[key])
      .perform();
  }

  async type(text: string) {
    await this.driver.actions().sendKeys(text).perform();
  }

  async runScript<T>(body: string): Promise<T> {
    // WebDriver waits for the promise the function returns, within the session's script timeout.
    return (await this.driver.executeScript(`return (async () => {\n${body}\n})()`)) as T;
  }

  async consoleMessages() {
    return [...this.earlier, ...(await this.currentMessages())];
  }

  async close() {
    await this.driver.quit();
  }
}

/** WebKitGTK through WebKitWebDriver, in a window of its own on Xvfb. */
export async function launchWebKit(): Promise<EngineBrowser> {
  const { display, xvfb } = await startXvfb();
  const port = await freePort();
  const driverProcess = start('/usr/bin/WebKitWebDriver', [`--port=${port}`], {
    ...process.env,
    DISPLAY: display,
  });
  const driverUrl = `http://127.0.0.1:${port}`;
  const driverIsReady = () =>
    fetch(`${driverUrl}/status`).then(
      (response) => response.ok,
      () => false,
    );
  for (let attempt = 0; !(await driverIsReady()); attempt += 1) {
    if (attempt > DRIVER_START_ATTEMPTS) throw new Error('WebKitWebDriver did not start');
    await new Promise((resolve) => setTimeout(resolve, DRIVER_START_POLL_INTERVAL_MS));
  }
  const capabilities = {
    'webkitgtk:browserOptions': {
      binary: '/usr/bin/python3',
      args: [WEBKIT_HOST_SCRIPT, '--record-console'],
    },
  };
  return {
    // WebKitWebDriver holds one session at a time: one per test, each in a fresh window.
    newPage: async (baseURL) => {
      const driver = WebDriver.createSession(new Executor(new HttpClient(driverUrl)), capabilities);
      await driver.getSession();
      await driver.manage().setTimeouts({ script: SCRIPT_TIMEOUT_MS });
      return new WebKitPage(driver, baseURL);
    },
    close: async () => {
      await stopGroup(driverProcess);
      await stopGroup(xvfb);
    },
  };
}
