import { notFound } from '../content/not-found';
import { expect, test } from './support/fixtures';
import { pages, widths } from './support/pages';

/**
 * Reference screenshots of every page, whole, at a phone's width and a laptop's: a change to the CSS
 * that moves or recolours anything fails here until the references are redrawn on purpose with
 * `npm run screenshots`. References are kept per Chromium version and platform (see
 * playwright.config.ts); on one that has none yet, they are written, and the test passes.
 */
for (const expected of pages) {
  test(`the ${expected.name} page looks as it did at ${widths.join(' and ')} px`, async ({
    page,
  }) => {
    await page.goto(expected.path);
    if (expected.scripts) {
      // The back button shows once the page's script has run.
      await expect(page.getByRole('button', { name: notFound.back })).toBeVisible();
    }
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page).toHaveScreenshot(`${expected.name.replaceAll(' ', '-')}-${width}.png`, {
        fullPage: true,
      });
    }
  });
}
