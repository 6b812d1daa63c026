import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { navigation } from '../content/navigation';
import { expect, test } from './support/fixtures';
import { pages, widths } from './support/pages';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** How far the page is wider than the window, in CSS pixels. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Runs axe-core on the page and returns each violation with the elements it found. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target) }));
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const expected of pages) {
      test(`${expected.name} page has no axe violations`, async ({ page }) => {
        await page.goto(expected.path);
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}

for (const width of [320, ...widths, 1920]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no page scrolls sideways', async ({ page }) => {
      for (const expected of pages) {
        await page.goto(expected.path);
        expect(await sidewaysOverflow(page), expected.name).toBe(0);
      }
    });
  });
}

test.describe('at 320 px, the narrowest phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no page scrolls sideways, even with a 60-letter word in every text', async ({ page }) => {
    const word = 'Privatebankingandwealthplanningforfamilyofficesandfounders60';
    expect(word).toHaveLength(60);
    for (const expected of pages) {
      await page.goto(expected.path);
      await page.evaluate((longWord) => {
        const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          if (text.textContent?.trim()) text.textContent += ` ${longWord}`;
        }
      }, word);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(word);
      expect(await sidewaysOverflow(page), expected.name).toBe(0);
    }
  });

  test('the South Africa page with both menus open has no axe violations and no sideways scroll', async ({
    page,
  }) => {
    await page.goto('/south-africa');
    await page.getByText(navigation.groupMenu, { exact: true }).click();
    await page.getByText(navigation.mainMenu, { exact: true }).click();
    const main = page.getByRole('navigation', { name: navigation.mainLabel });
    await expect(main.getByRole('link').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});
