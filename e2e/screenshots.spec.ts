import { expect, test } from '@playwright/test';
import { pages, widths } from './support/pages';

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const expected of pages) {
      test(`captures the ${expected.name} page`, async ({ page }) => {
        await page.goto(expected.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
        await page.screenshot({
          path: `screenshots/${expected.name.replaceAll(' ', '-')}-${width}.png`,
          fullPage: true,
        });
      });
    }
  });
}
