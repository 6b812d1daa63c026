/**
 * A page as visitors are served it, copied for the record: its HTML byte for byte, every file it
 * loads with its SHA-256, a PDF in screen media (as the page shows on a screen, not as it prints),
 * a full-page picture, and its texts as a reader meets them, which tell what a change changed
 * (text-change.ts). The export is served from its folder on 127.0.0.1, as `npm run serve` serves
 * out/, and Chromium loads each page from there, with no other address reachable.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browsers';
import { exportedPages, notFoundPage, pageRoutes } from '../lib/routes';
import { startStaticServer } from '../scripts/serve/static';
import { attr, elementsOf } from '../scripts/shared/html';
import { type TextBlock, textBlocksOf } from './text-change';

/** A page of the export, by the address it answers at and its file. */
export type SitePage = (typeof exportedPages)[number];

/** One file a page loads: its path on the site, and the SHA-256 of its bytes. */
export type LoadedFile = { path: string; sha256: string };

/** A page as it is served: what tells whether it changed, and what a record keeps of it in words. */
export type PageCopy = {
  html: Buffer;
  /** The page's <title>, as browsers show it. */
  title: string;
  loads: LoadedFile[];
  /** The bytes of each file it loads, by path. */
  loadedBytes: Map<string, Buffer>;
  texts: TextBlock[];
};

/** A page as it was drawn, for a new record: a PDF in screen media and a full-page picture. */
export type PageDrawing = { pdf: Buffer; picture: Buffer };

/** The widths pictures are made at: a phone's (the brief's smallest) and a desktop's. */
export const WIDTHS = { phone: 375, desktop: 1280 } as const;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The address a page is loaded from: its own, or for the not-found page, one that names no page. */
export const addressOf = (page: SitePage) =>
  page.route === notFoundPage.route ? '/records-no-such-page' : page.route;

/** A page's name in a record's reference and its keys: `south-africa`, `home`, `not-found`. */
export const pageSlug = (page: SitePage) =>
  page.route === '/'
    ? 'home'
    : page.route === notFoundPage.route
      ? 'not-found'
      : page.route.slice(1).replace(/[^a-z0-9]+/g, '-');

/** The page an address of the site shows: its own page, or the not-found page for any other. */
export function pageAt(address: string): SitePage {
  const route = address.replace(/\/+$/, '') || '/';
  return (
    exportedPages.find((page) => page.route === route && pageRoutes.includes(route)) ?? notFoundPage
  );
}

/** The file of the export a path of the site names, as the static servers resolve it. */
function fileOf(site: string, sitePath: string): string | undefined {
  const relative = decodeURIComponent(sitePath).replace(/^\/+/, '');
  const root = path.resolve(site);
  for (const candidate of [relative, `${relative}.html`, path.join(relative, 'index.html')]) {
    const file = path.join(root, candidate);
    if (file.startsWith(`${root}${path.sep}`) && existsSync(file) && statSync(file).isFile())
      return file;
  }
  return undefined;
}

/**
 * The files of the site a page names for a browser to load beside it (icons, pictures, scripts,
 * styles), whether or not the headless browser asks for them (it asks for no icon).
 */
function namedFiles(html: string): string[] {
  const named = elementsOf(html).flatMap((element) => {
    if (element.tagName === 'link') {
      const rel = attr(element, 'rel') ?? '';
      return /\b(icon|apple-touch-icon|stylesheet|preload|modulepreload|manifest)\b/.test(rel)
        ? [attr(element, 'href')]
        : [];
    }
    return [
      attr(element, 'src'),
      ...(attr(element, 'srcset') ?? '').split(',').map((entry) => entry.trim().split(/\s+/)[0]),
    ];
  });
  return named.filter((address): address is string => Boolean(address?.startsWith('/')));
}

/** Serves an export's folder on a free port of 127.0.0.1, for as long as `work` runs. */
export async function servingSite<T>(site: string, work: (origin: string) => Promise<T>) {
  const server = await startStaticServer(0, false, site);
  try {
    return await work(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Chromium, for as long as `work` runs. */
export async function withChromium<T>(work: (browser: Browser) => Promise<T>) {
  // Loaded here, by the commands that draw pages, rather than with this module: Playwright is
  // most of a second of loading, which the commands that only read the records (`records at`,
  // `records live`, the compliance log) would pay for nothing.
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

/**
 * Opens a page of the served site at a width, in light colours, with every request to another
 * address refused, and waits until it and everything it loads have arrived.
 * @returns The page, and the paths of the site it requested.
 */
export async function openPage(browser: Browser, origin: string, page: SitePage, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  const requested = new Set<string>();
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) return route.abort('blockedbyclient');
    requested.add(url.pathname);
    return route.continue();
  });
  const tab: Page = await context.newPage();
  const response = await tab.goto(`${origin}${addressOf(page)}`, { waitUntil: 'load' });
  if (!response) throw new Error(`Chromium got no answer for ${page.route}`);
  await tab.evaluate(() => document.fonts.ready);
  return { tab, response, requested, close: () => context.close() };
}

/**
 * A page's copy, from the export in a folder, served at `origin`: its bytes, the files it loads and
 * its texts, without its drawing (drawPage), which only a page with a new record needs.
 */
export async function copyPage(
  browser: Browser,
  site: string,
  origin: string,
  page: SitePage,
): Promise<PageCopy> {
  const html = readFileSync(path.join(site, page.file));
  const { tab, response, requested, close } = await openPage(browser, origin, page, WIDTHS.desktop);
  try {
    if (!(await response.body()).equals(html))
      throw new Error(`the server sent other bytes for ${page.route} than ${page.file} holds`);
    const paths = new Set([...namedFiles(html.toString('utf8')), ...requested]);
    paths.delete(addressOf(page));
    const loadedBytes = new Map<string, Buffer>();
    for (const sitePath of [...paths].map((named) => new URL(named, origin).pathname).sort()) {
      const file = fileOf(site, sitePath);
      if (file) loadedBytes.set(sitePath, readFileSync(file));
    }
    const loads = [...loadedBytes].map(([sitePath, bytes]) => ({
      path: sitePath,
      sha256: sha256(bytes),
    }));
    return { html, title: await tab.title(), loads, loadedBytes, texts: await textBlocksOf(tab) };
  } finally {
    await close();
  }
}

/** A page of the export served at `origin`, drawn at a desktop's width as a picture and a PDF. */
export async function drawPage(
  browser: Browser,
  origin: string,
  page: SitePage,
): Promise<PageDrawing> {
  const { tab, close } = await openPage(browser, origin, page, WIDTHS.desktop);
  try {
    const picture = await tab.screenshot({ fullPage: true, animations: 'disabled' });
    await tab.emulateMedia({ media: 'screen' });
    return { pdf: await tab.pdf({ format: 'A4', printBackground: true }), picture };
  } finally {
    await close();
  }
}
