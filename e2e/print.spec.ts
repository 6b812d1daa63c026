import { contact } from '../content/contact';
import { navigation } from '../content/navigation';
import { southAfrica } from '../content/south-africa';
import { filled } from './support/copy';
import { expect, test } from './support/fixtures';

test.describe('printing the South Africa page', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ media: 'print' });
    await page.goto('/south-africa');
  });

  test('leaves out the navigation and the decorative picture', async ({ page }) => {
    for (const name of [navigation.groupLabel, navigation.mainLabel, southAfrica.breadcrumbLabel]) {
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
    await expect(card).toContainText(filled(contact.hours.text, contact.hours));
    // Printers drop background colours: text that sat on them must not stay white.
    for (const element of [
      page.getByRole('heading', { level: 1 }),
      page.getByRole('contentinfo'),
    ]) {
      await expect(element).not.toHaveCSS('color', 'rgb(255, 255, 255)');
    }
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
});
