import { home } from '../../content/home';
import { notFound } from '../../content/not-found';
import { site } from '../../content/site';
import { southAfrica } from '../../content/south-africa';
import { brief } from '../support/brief';
import { expect, test } from '../support/fixtures';

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test("carries the brief's title in its tab and its heading", async ({ page }) => {
    expect((await page.title()).startsWith(`${brief.homeTitle} |`)).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(brief.homeTitle);
  });

  test('names its two buttons as the brief does', async ({ page }) => {
    await expect(page.getByRole('link', { name: brief.home.officeButton })).toBeVisible();
    await expect(
      page.getByRole('link', { name: brief.home.errorButton, exact: true }),
    ).toBeVisible();
  });

  test('shows the lead under the heading', async ({ page }) => {
    await expect(page.getByRole('main')).toContainText(home.lead);
  });

  test('opens the South Africa office in a new tab, and says so to screen readers', async ({
    page,
  }) => {
    const office = page.getByRole('link', { name: home.officeLink.label });
    // The notice is part of the accessible name, so screen readers announce it.
    await expect(office).toHaveAccessibleName(`${home.officeLink.label} ${site.newTabNotice}`);
    await expect(office).toHaveAttribute('target', '_blank');
    await expect(office).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(office).toHaveAttribute('href', home.officeLink.href);

    const [tab] = await Promise.all([page.waitForEvent('popup'), office.click()]);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(southAfrica.title);
    // noopener: the new tab cannot reach back into this one.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    await expect(page).toHaveURL('/');
  });

  test('the outlined 404 Error button leads to the not-found page', async ({ page }) => {
    const broken = page.getByRole('link', { name: home.brokenLink.label, exact: true });
    // An outline button: a visible border and no fill.
    await expect(broken).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(broken).toHaveCSS('border-top-style', 'solid');
    await expect(broken).not.toHaveAttribute('target');

    const [response] = await Promise.all([
      page.waitForResponse((response) => response.request().isNavigationRequest()),
      broken.click(),
    ]);
    expect(response.status()).toBe(404);
    await expect(page).toHaveURL(home.brokenLink.href);
    await expect(page.getByText(notFound.message)).toBeVisible();
  });
});
