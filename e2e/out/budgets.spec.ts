import { readFileSync, readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { southAfrica } from '../../content/south-africa';
import { strip } from '../../scripts/build/strip-js';
import { FIRST_ROUND_TRIP, PAGE_BUDGETS } from '../support/budgets';
import { BuiltPage, gzipSize } from '../support/built-page';

/**
 * Byte budgets on the export in out/: deterministic, so they belong in the test suite. Sizes are
 * Node's gzip at level 9, a little above what nginx sends (the build's Zopfli twins); Cloudflare
 * compresses on its own. Speed itself is measured by `npm run bench`, not here.
 */

/**
 * The static pages: zero JavaScript, everything needed to render in the first round trip. Each
 * lists the images it shows, so that an image test always has something to check.
 */
const staticPages = [
  { file: 'index.html', totalBudget: PAGE_BUDGETS['index.html'], images: [] },
  {
    file: 'south-africa.html',
    totalBudget: PAGE_BUDGETS['south-africa.html'],
    images: [southAfrica.hero.src],
  },
];

/**
 * The not-found page's JavaScript: its island, MissingPathLog and BackButton compiled with Preact's
 * hooks, with room for small changes; docs/performance.md has what the island and the Next.js
 * runtime it replaces weigh.
 */
const NOT_FOUND_JS_BUDGET = 6_000;

/**
 * How many times its plain-HTML limit the not-found page may weigh, cold: the limit is what it
 * would weigh with no script (its HTML without scripts, and everything else it loads but scripts),
 * as `npm run bench` reckons it.
 */
const NOT_FOUND_TOTAL_RATIO = 2.5;

for (const { file, totalBudget, images } of staticPages) {
  test.describe(file, () => {
    const page = new BuiltPage(file);

    test('has no script but JSON-LD, and preloads no script', () => {
      expect(page.executableScripts()).toHaveLength(0);
      expect(page.links('modulepreload')).toHaveLength(0);
      const scriptPreloads = page
        .links('preload')
        .filter((link) => BuiltPage.attr(link, 'as') === 'script');
      expect(scriptPreloads).toHaveLength(0);
    });

    test(`sends its HTML and render-blocking CSS in the first round trip (${FIRST_ROUND_TRIP} B)`, () => {
      const renderBlocking = page
        .resources()
        .filter((resource) => resource.type === 'html' || resource.type === 'css');
      const bytes = renderBlocking.reduce((sum, resource) => sum + resource.bytes, 0);
      expect(bytes).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
    });

    test(`weighs at most ${totalBudget} B in all`, () => {
      const bytes = page.resources().reduce((sum, resource) => sum + resource.bytes, 0);
      expect(bytes).toBeLessThanOrEqual(totalBudget);
    });

    test(`shows ${images.length} image(s), each with its size, and preloads only those`, () => {
      const shown = page.all('img');
      expect(shown.map((img) => BuiltPage.attr(img, 'src'))).toEqual(images);
      // Width and height reserve the space: nothing moves when the image arrives.
      for (const img of shown) {
        for (const side of ['width', 'height']) {
          expect(
            Number(BuiltPage.attr(img, side)),
            `${BuiltPage.attr(img, 'src')} ${side}`,
          ).toBeGreaterThan(0);
        }
      }
      const preloaded = page.links('preload').map((link) => BuiltPage.attr(link, 'href'));
      expect(images).toEqual(expect.arrayContaining(preloaded));
    });
  });
}

/** The hero picture's budget, compressed or not: a CDN may send it either way. */
const HERO_IMAGE_BUDGET = 20_000;

test(`the hero image weighs at most ${HERO_IMAGE_BUDGET / 1000} kB, compressed or not`, () => {
  const hero = readFileSync(`public${southAfrica.hero.src}`);
  expect(hero.length).toBeLessThanOrEqual(HERO_IMAGE_BUDGET);
  expect(gzipSize(hero)).toBeLessThanOrEqual(HERO_IMAGE_BUDGET);
});

test('no page waits for a web font', () => {
  const css = readdirSync('out/_next/static/chunks')
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(`out/_next/static/chunks/${file}`, 'utf8'))
    .join('\n');
  expect(css).not.toContain('@font-face');
  for (const file of ['index.html', 'south-africa.html', '404.html']) {
    const fontPreloads = new BuiltPage(file)
      .links('preload')
      .filter((link) => BuiltPage.attr(link, 'as') === 'font');
    expect(fontPreloads, file).toHaveLength(0);
  }
});

test.describe('404.html', () => {
  const page = new BuiltPage('404.html');

  test(`loads its JavaScript in one request, of at most ${NOT_FOUND_JS_BUDGET} B, and none inline`, () => {
    const scripts = page.executableScripts().map((s) => BuiltPage.attr(s, 'src') ?? 'inline');
    expect(scripts).toEqual([expect.stringMatching(/^\/_next\/static\/island\/[\w.-]+\.js$/)]);
    expect(page.links('modulepreload')).toHaveLength(0);
    expect(page.scriptBytes()).toBeLessThanOrEqual(NOT_FOUND_JS_BUDGET);
  });

  test(`weighs at most ${NOT_FOUND_TOTAL_RATIO} times its plain-HTML limit in all`, () => {
    const resources = page.resources();
    const total = resources.reduce((sum, r) => sum + r.bytes, 0);
    const others = resources
      .filter((r) => r.type !== 'html' && r.type !== 'js')
      .reduce((sum, r) => sum + r.bytes, 0);
    const limit = gzipSize(strip(page.html).html) + others;
    expect(total).toBeLessThanOrEqual(NOT_FOUND_TOTAL_RATIO * limit);
  });
});
