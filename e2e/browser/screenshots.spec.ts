import { existsSync } from 'node:fs';
import path from 'node:path';
import { notFound } from '../../content/not-found';
import { expect, test } from '../support/fixtures';
import { pages, widths } from '../support/pages';
import { colorSchemes } from '../support/schemes';

/**
 * Reference screenshots of every page, whole, at a phone's width and a laptop's, in the light and
 * the dark scheme (home-375.png, home-375-dark.png): a change to the CSS that moves or recolours
 * anything fails here until the references are redrawn on purpose with `npm run screenshots` and
 * committed. They are kept per Chromium major version and platform (see playwright.config.ts) and
 * never written by the run that compares them.
 *
 * Tolerance: none, not one pixel (threshold 0, maxDiffPixels 0). Headless Chromium rasterises in
 * software, and `npm run setup` installs the same fonts everywhere, so the same page comes out the
 * same to the bit: measured over repeated runs, behind both servers and in fresh clones, 0 pixels
 * differed. There is no noise to absorb, so any tolerance would only let a real change through.
 */
for (const scheme of colorSchemes) {
  // Light references keep their names; dark ones end in -dark.
  const suffix = scheme === 'light' ? '' : `-${scheme}`;
  for (const expected of pages) {
    test(`the ${expected.name} page looks as it did at ${widths.join(' and ')} px in the ${scheme} scheme`, async ({
      page,
    }, testInfo) => {
      const names = widths.map(
        (width) => `${expected.name.replaceAll(' ', '-')}-${width}${suffix}.png`,
      );
      const missing = names
        .map((name) => testInfo.snapshotPath(name, { kind: 'screenshot' }))
        .filter((file) => !existsSync(file));
      // Updating (npm run screenshots) writes them; any other run only compares.
      if (testInfo.config.updateSnapshots === 'none' && missing.length > 0) {
        const where = missing.map((file) => path.relative('.', file)).join(', ');
        throw new Error(
          `no reference screenshot ${where}: run npm run screenshots, then commit it`,
        );
      }
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(expected.path);
      if (expected.scripts) {
        // The back button shows once the page's script has run.
        await expect(page.getByRole('button', { name: notFound.back })).toBeVisible();
      }
      for (const [index, width] of widths.entries()) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page).toHaveScreenshot(names[index]!, { fullPage: true });
      }
    });
  }
}
