/**
 * The engine interface (engine.ts) over puppeteer-core and WebDriver BiDi, for Debian's Firefox
 * ESR, which Playwright cannot drive: its Firefox is a patched build of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import type { EngineBrowser, EngineElement, EnginePage, Key, Query } from './engine';

/**
 * Preferences that keep Firefox off the network (telemetry, updates, remote settings, captive-portal
 * checks, safe browsing…) and make navigation predictable for a driver. Anything else that would
 * leave the machine goes to a closed local port and fails at once; 127.0.0.1 is reached directly.
 */
const OFFLINE_PREFS: Record<string, string | number | boolean> = {
  'services.settings.server': 'data:,#remote-settings-dummy/v1',
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.telemetry.server': '',
  'datareporting.healthreport.uploadEnabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'app.normandy.enabled': false,
  'app.update.disabledForTesting': true,
  'extensions.update.enabled': false,
  'extensions.systemAddon.update.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.region.network.url': '',
  'browser.region.update.enabled': false,
  'network.trr.mode': 5,
  'security.OCSP.enabled': 0,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'browser.newtabpage.activity-stream.feeds.topsites': false,
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.share_proxy_settings': false,
  'network.proxy.allow_hijacking_localhost': false,
  'network.proxy.failover_direct': false,
  // After history.back() restores a page from the back-forward cache, puppeteer stops following
  // that tab's navigations; without the cache every page loads afresh.
  'browser.sessionhistory.max_total_viewers': 0,
};

/** puppeteer's ARIA query: role and accessible name, as Firefox computes them. */
const aria = ({ role, name }: { role: string; name: string }) =>
  `::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`;

class FirefoxPage implements EnginePage {
  private readonly messages: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {
    page.on('console', (message) => this.messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => this.messages.push(`pageerror: ${String(error)}`));
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.request().isNavigationRequest()) {
        this.messages.push(`requestfailed: ${response.status()} ${response.url()}`);
      }
    });
  }

  async goto(address: string) {
    await this.page.goto(new URL(address, this.baseURL).href, { waitUntil: 'load' });
  }

  async setViewport(width: number, height: number) {
    await this.page.setViewport({ width, height });
  }

  evaluate<T>(fn: () => T): Promise<T> {
    return this.page.evaluate(fn) as Promise<T>;
  }

  async findAll(query: Query): Promise<EngineElement[]> {
    const scope = query.within ? await this.page.$(aria(query.within)) : this.page;
    const elements = ((await scope?.$$(aria(query))) ?? []) as ElementHandle<HTMLElement>[];
    return elements.map((element) => ({
      isVisible: () =>
        element.evaluate((node) => node.checkVisibility() && node.getClientRects().length > 0),
      click: () => element.click(),
      isFocused: () => element.evaluate((node) => node === document.activeElement),
      evaluate: <T>(fn: (node: HTMLElement) => T) => element.evaluate(fn) as Promise<T>,
    }));
  }

  async press(key: Key) {
    if (key === 'Shift+Tab') {
      await this.page.keyboard.down('Shift');
      await this.page.keyboard.press('Tab');
      await this.page.keyboard.up('Shift');
    } else {
      await this.page.keyboard.press(key);
    }
  }

  async type(text: string) {
    await this.page.keyboard.type(text);
  }

  runScript<T>(body: string): Promise<T> {
    return this.page.evaluate(`(async () => {\n${body}\n})()`) as Promise<T>;
  }

  async consoleMessages() {
    return [...this.messages];
  }

  async close() {
    await this.page.browserContext().close();
  }
}

/** Firefox ESR, headless, driven over WebDriver BiDi, with a private home and profile. */
export async function launchFirefox(executablePath: string): Promise<EngineBrowser> {
  const home = mkdtempSync(path.join(tmpdir(), 'firefox-home-'));
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    extraPrefsFirefox: OFFLINE_PREFS,
    env: {
      ...process.env,
      HOME: home,
      // Release builds honour services.settings.server above only with this set.
      MOZ_REMOTE_SETTINGS_DEVTOOLS: '1',
      MOZ_CRASHREPORTER_DISABLE: '1',
    },
    timeout: 60_000,
  });
  return {
    newPage: async (baseURL) => {
      // A context of its own per test: nothing carries over from the one before.
      const context = await browser.createBrowserContext();
      return new FirefoxPage(await context.newPage(), baseURL);
    },
    close: async () => {
      await browser.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
