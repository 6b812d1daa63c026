import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { brief } from '../support/brief';
import { pages, sidewaysOverflow } from '../support/pages';

/**
 * The layout holds at every width from 320 px and with the settings visitors change: text at 200%
 * (the browser's font size, which every rem on the site follows) and WCAG 1.4.12 text spacing.
 */
const settings = {
  'default settings': '',
  'text at 200%': 'html { font-size: 200% !important; }',
  'WCAG 1.4.12 text spacing':
    '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
};

/**
 * Applies a visitor's style sheet as a constructed style sheet, which the page's
 * Content-Security-Policy allows (it blocks inline <style>, as it should).
 */
async function apply(page: Page, css: string) {
  await page.evaluate((rules) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(rules);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);
}

/**
 * The banner's visible controls (the logo and, on small screens, the menu buttons), each with its
 * box, read in one pass: visible as Playwright means it, a box with an area and not hidden.
 */
function headerControls(page: Page) {
  const banner = page.getByRole('banner');
  return banner
    .getByRole('link')
    .or(banner.getByRole('button'))
    .evaluateAll((controls) =>
      controls.flatMap((control) => {
        const { x, y, width, height } = control.getBoundingClientRect();
        const visible =
          width > 0 && height > 0 && control.checkVisibility({ visibilityProperty: true });
        return visible ? [{ name: (control as HTMLElement).innerText, x, y, width, height }] : [];
      }),
    );
}

for (const [setting, css] of Object.entries(settings)) {
  test.describe(`with ${setting}`, () => {
    test('nothing in the header lies over anything else, from 320 to 1280 px', async ({ page }) => {
      await page.goto(brief.routes[1]);
      await apply(page, css);
      for (const width of [320, 375, 414, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const boxes = await headerControls(page);
        expect(boxes.length, `${width} px`).toBeGreaterThanOrEqual(3);
        for (const [i, a] of boxes.entries()) {
          for (const b of boxes.slice(i + 1)) {
            const apart =
              a.x + a.width <= b.x ||
              b.x + b.width <= a.x ||
              a.y + a.height <= b.y ||
              b.y + b.height <= a.y;
            expect(apart, `"${a.name}" and "${b.name}" at ${width} px`).toBe(true);
          }
        }
        expect(await page.evaluate(sidewaysOverflow), `${width} px`).toBe(0);
      }
    });

    test('no page scrolls sideways, from 320 to 1920 px', async ({ page }) => {
      for (const expected of pages) {
        await page.goto(expected.path);
        await apply(page, css);
        for (const width of [320, 375, 768, 1280, 1920]) {
          await page.setViewportSize({ width, height: 800 });
          expect(await page.evaluate(sidewaysOverflow), `${expected.name} at ${width} px`).toBe(0);
        }
      }
    });
  });
}
