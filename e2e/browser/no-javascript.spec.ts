import { contact } from '../../content/contact';
import { home } from '../../content/home';
import { legal } from '../../content/legal';
import { navigation } from '../../content/navigation';
import { notFound } from '../../content/not-found';
import { southAfrica } from '../../content/south-africa';
import { brief } from '../support/brief';
import { expect, test } from '../support/fixtures';
import { pages } from '../support/pages';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const expected of pages) {
    test(`the ${expected.name} page shows its heading, content and footer`, async ({ page }) => {
      const response = await page.goto(expected.path);
      expect(response?.status()).toBe(expected.status);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
      await expect(page.getByRole('contentinfo')).toContainText(expected.copyright);
      await expect(page.getByRole('contentinfo')).toContainText(legal.heading);
    });
  }

  test('the home page buttons still lead on', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: home.officeLink.label })).toHaveAttribute(
      'target',
      '_blank',
    );
    await page.getByRole('link', { name: home.brokenLink.label, exact: true }).click();
    await expect(page.getByText(notFound.message)).toBeVisible();
  });

  test('the South Africa page keeps its contact details and working menus on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/south-africa');
    await expect(page.getByRole('link', { name: contact.generalEmail })).toBeVisible();
    for (const line of contact.onlineBankingLines) {
      await expect(page.getByRole('link', { name: line.phone })).toBeVisible();
    }
    // The menus are popovers: they open and close without any script.
    const main = page.getByRole('navigation', { name: navigation.mainAccessibleName });
    await main.getByRole('button', { name: navigation.mainMenu }).click();
    await expect(main.getByRole('link')).toHaveText([...brief.mainNavigation]);
    await main.getByRole('button', { name: navigation.closeMenu }).click();
    await expect(main.getByRole('link')).toHaveCount(0);
    await page
      .getByRole('navigation', { name: southAfrica.breadcrumbAccessibleName })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL('/');
  });

  test('the not-found page offers the homepage, and no back button that cannot work', async ({
    page,
  }) => {
    await page.goto('/no-script-here');
    await expect(page.getByRole('button', { name: notFound.back })).toHaveCount(0);
    await page.getByRole('link', { name: notFound.homeButton.label }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
  });
});
