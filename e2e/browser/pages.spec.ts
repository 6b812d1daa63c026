import { legal } from '../../content/legal';
import { site } from '../../content/site';
import { filled } from '../support/visible-text';
import { expect, test } from '../support/fixtures';
import { pages } from '../support/pages';

for (const expected of pages) {
  test.describe(`${expected.name} page`, () => {
    test('answers with its status and title, and has its landmarks and headings in order', async ({
      page,
    }) => {
      const response = await page.goto(expected.path);
      // A missing page must say so to browsers and crawlers, not only to people.
      expect(response?.status()).toBe(expected.status);
      await expect(page).toHaveTitle(expected.title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);

      // The banner with the logo, one main landmark, and the footer: the legal block, its links and
      // the copyright line last.
      const banner = page.getByRole('banner');
      await expect(
        banner.getByRole('link', { name: filled(site.logoAccessibleName, site) }),
      ).toHaveAttribute('href', site.logoHref);
      await expect(page.getByRole('main')).toHaveCount(1);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('heading', { level: 2 })).toHaveText(legal.heading);
      await expect(
        footer.getByRole('navigation', { name: legal.linksAccessibleName }),
      ).toBeVisible();
      await expect(footer.getByRole('paragraph').last()).toHaveText(expected.copyright);

      // Headings never skip a level.
      const levels = await page
        .getByRole('heading')
        .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
      expect(levels[0]).toBe(1);
      levels.slice(1).forEach((level, index) => {
        expect(
          level - (levels[index] ?? 0),
          `heading ${index + 2} of ${levels}`,
        ).toBeLessThanOrEqual(1);
      });
    });

    test('offers a skip link as the first stop of the keyboard', async ({ page }) => {
      await page.goto(expected.path);
      await page.keyboard.press('Tab');
      const skipLink = page.getByRole('link', { name: site.skipLink });
      await expect(skipLink).toBeFocused();
      await expect(skipLink).toBeVisible();
      // Following it moves focus into the main content, so the next Tab starts there.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
      ).toBe(true);
    });

    test(`downloads ${expected.scripts ? 'only its island, one file' : 'no JavaScript'}`, async ({
      page,
      baseURL,
    }) => {
      const scripts: URL[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()));
      });
      await page.goto(expected.path, { waitUntil: 'networkidle' });
      // None on a static page; on the not-found page one file of the site's own build, its island,
      // and no Next.js runtime. Its size is pinned in budgets.spec.ts.
      expect(scripts).toHaveLength(expected.scripts ? 1 : 0);
      for (const script of scripts) {
        expect(script.origin, script.href).toBe(new URL(baseURL ?? '').origin);
        expect(script.pathname).toMatch(/^\/_next\/static\/island\/not-found\.[\w-]+\.js$/);
      }
    });
  });
}
