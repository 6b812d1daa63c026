import { execFileSync } from 'node:child_process';
import { contact } from '../../content/contact';
import { navigation } from '../../content/navigation';
import { southAfrica } from '../../content/south-africa';
import { paintedColours } from '../support/schemes';
import { expect, test } from '../support/fixtures';
import { hoursText } from '../support/pages';

test.describe('printing the South Africa page', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ media: 'print' });
    await page.goto('/south-africa');
  });

  test('leaves out the navigation and the decorative picture', async ({ page }) => {
    for (const name of [
      navigation.groupAccessibleName,
      navigation.mainAccessibleName,
      southAfrica.breadcrumbAccessibleName,
    ]) {
      await expect(page.getByRole('navigation', { name })).toBeHidden();
    }
    await expect(page.locator(`img[src="${southAfrica.hero.src}"]`)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('keeps the contact details and opening hours, in dark ink', async ({ page }) => {
    const card = page.getByRole('article', { name: southAfrica.contact.clients.heading });
    await expect(card.getByRole('link', { name: contact.generalEmail })).toBeVisible();
    for (const line of contact.onlineBankingLines) {
      await expect(card.getByRole('link', { name: line.phone })).toBeVisible();
    }
    await expect(card).toContainText(hoursText);
    // Printers drop background colours: text that sat on them must not stay white.
    for (const element of [
      page.getByRole('heading', { level: 1 }),
      page.getByRole('contentinfo'),
    ]) {
      await expect(element).not.toHaveCSS('color', 'rgb(255, 255, 255)');
    }
  });

  test('in the dark scheme, prints as in the light one: every colour the same, on white', async ({
    page,
  }) => {
    const light = await page.evaluate(paintedColours);
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    expect(await page.evaluate(paintedColours)).toEqual(light);
  });

  test("writes a link's address after it when it leads to another site", async ({ page }) => {
    const after = await page.getByRole('main').evaluate((main) => {
      const link = Object.assign(document.createElement('a'), {
        href: 'https://www.example.org/rates',
      });
      link.textContent = 'Rates';
      main.append(link);
      return getComputedStyle(link, '::after').content;
    });
    expect(after).toBe('" (https://www.example.org/rates)"');
  });

  test('keeps every heading on the page of what it introduces', async ({ page }, testInfo) => {
    const file = testInfo.outputPath('south-africa.pdf');
    await page.pdf({ path: file, format: 'A4' });
    // The printed text, page by page, as pdftotext (poppler-utils) reads it back from the PDF.
    const printed = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
      .split('\f')
      .map((text) => text.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    expect(printed.length).toBeGreaterThan(1);
    const headings = await page.getByRole('heading').allInnerTexts();
    for (const heading of headings.map((text) => text.replace(/\s+/g, ' '))) {
      const on = printed.find((text) => text.includes(heading));
      expect(on, `"${heading}" is printed`).toBeDefined();
      expect(on?.endsWith(heading), `"${heading}" ends a page`).toBe(false);
    }
  });
});
