import { contact } from '../../content/contact';
import { errorPage } from '../../content/error-page';
import { home } from '../../content/home';
import { notFound } from '../../content/not-found';
import { southAfrica } from '../../content/south-africa';
import { brief } from '../support/brief';
import { expect, test } from '../support/fixtures';
import { telHref } from '../support/phone';
import { openNotFound } from '../support/pages';

test.describe('not-found page', () => {
  test('explains, and offers the homepage, the way back and help', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByText(notFound.exclamation)).toBeVisible();
    await expect(main.getByText(notFound.heading)).toBeVisible();
    await expect(main.getByText(notFound.message)).toBeVisible();
    await expect(main.getByRole('link', { name: notFound.homeButton.label })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(main.getByRole('button', { name: notFound.back })).toBeVisible();
    const phone = main.getByRole('link', { name: contact.helpPhone });
    await expect(phone).toHaveAttribute('href', telHref(contact.helpPhone));
    await expect(main.getByRole('link', { name: notFound.helpCentre.label })).toHaveAttribute(
      'href',
      '/',
    );
  });

  test('says what the brief says, word for word', async ({ page }) => {
    await page.goto('/no/such/page');
    const main = page.getByRole('main');
    const { exclamation, heading, message, back, helpCentre } = brief.notFound;
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(`${exclamation} ${heading}`);
    await expect(main.getByText(message, { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: back, exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: helpCentre, exact: true })).toBeVisible();
  });

  test('logs the missing path and query to the console', async ({ page }) => {
    const message = await openNotFound(page, '/private/clients?ref=newsletter&x=1');
    // A warning: the visitor's mistyped address is not a fault of the site.
    expect(message.type()).toBe('warning');
    expect(message.text()).toBe(`${notFound.consoleMessage} /private/clients?ref=newsletter&x=1`);
  });

  test('logs a malformed address as it came, without a script error', async ({ page }) => {
    // The fixture fails the test on any script error; decoding this path would throw one.
    const message = await openNotFound(page, '/%E0%A4%A');
    expect(message.text()).toBe(`${notFound.consoleMessage} /%E0%A4%A`);
    await expect(page.getByText(notFound.message)).toBeVisible();
  });

  test('the homepage button and the help centre link lead home', async ({ page }) => {
    for (const name of [notFound.homeButton.label, notFound.helpCentre.label]) {
      await page.goto('/gone');
      await page.getByRole('main').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
    }
  });

  test('Go back returns to the previous page', async ({ page }) => {
    // From the homepage's '404 Error' button, as the brief has it; then from a page other than the
    // homepage, where the button would go when there is no page to go back to.
    await page.goto('/');
    await page.getByRole('link', { name: home.brokenLink.label, exact: true }).click();
    await expect(page.getByText(notFound.message)).toBeVisible();
    await page.getByRole('button', { name: notFound.back }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
    await page.goto('/south-africa');
    await page.goto('/no-longer-here');
    await page.getByRole('button', { name: notFound.back }).click();
    await expect(page).toHaveURL('/south-africa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(southAfrica.title);
  });

  test('Go back returns to a previous page on another site', async ({ page, baseURL }) => {
    // localhost and 127.0.0.1 are different origins: the previous page is "another site".
    const elsewhere = new URL('/south-africa', baseURL).href.replace('127.0.0.1', 'localhost');
    await page.goto(elsewhere);
    await page.goto('/arrived-from-elsewhere');
    await page.getByRole('button', { name: notFound.back }).click();
    await expect(page).toHaveURL(elsewhere);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(southAfrica.title);
  });

  test('Go back goes to the homepage when the tab has no previous page', async ({ page }) => {
    await page.goto('/');
    // A link opened in a new tab starts that tab's history: there is no page to go back to.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => window.open('/opened-in-a-new-tab', '_blank', 'noopener')),
    ]);
    await expect(tab.getByText(notFound.message)).toBeVisible();
    expect(await tab.evaluate(() => window.history.length)).toBe(1);
    await tab.getByRole('button', { name: notFound.back }).click();
    await expect(tab).toHaveURL('/');
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(home.title);
  });

  test('Go back goes to the homepage from the first page of a tab, even with pages after it', async ({
    page,
  }) => {
    await page.goto('/');
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => window.open('/first-in-its-tab', '_blank', 'noopener')),
    ]);
    // Visit the homepage, then come back with the browser: the tab now has a page after this one.
    await tab.getByRole('link', { name: notFound.homeButton.label }).click();
    await tab.goBack();
    expect(await tab.evaluate(() => window.history.length)).toBe(2);
    await tab.getByRole('button', { name: notFound.back }).click();
    await expect(tab).toHaveURL('/');
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(home.title);
  });
});

test.describe('not-found page without its script', () => {
  // Chromium reports the file it was told not to fetch; nothing else may go wrong.
  test.use({ expectedErrors: [/^Failed to load resource: net::ERR_BLOCKED_BY_CLIENT\b/] });

  test('still reads right and offers its links, and keeps the button’s place unseen', async ({
    page,
  }) => {
    // Blocked as an ad blocker or a firewall would; a browser too old for modules skips it alike.
    await page.route('**/_next/static/island/**', (route) => route.abort('blockedbyclient'));
    const blocked = page.waitForEvent('requestfailed');
    const response = await page.goto('/island-blocked');
    expect(response?.status()).toBe(404);
    expect((await blocked).url()).toContain('/_next/static/island/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(
      `${notFound.exclamation} ${notFound.heading}`,
    );
    await expect(main.getByText(notFound.message)).toBeVisible();
    await expect(main.getByRole('link', { name: contact.helpPhone })).toBeVisible();
    await expect(main.getByRole('link', { name: notFound.helpCentre.label })).toBeVisible();
    // The button that needs the script is out of sight and out of reach, yet holds its place.
    await expect(main.getByRole('button', { name: notFound.back })).toHaveCount(0);
    const button = main.getByRole('button', { name: notFound.back, includeHidden: true });
    await expect(button).toBeHidden();
    expect((await button.boundingBox())?.width).toBeGreaterThan(0);
    // The error page, kept for a script that throws, stays out of sight too.
    await expect(page.getByText(errorPage.message)).toHaveCount(0);
    await main.getByRole('link', { name: notFound.homeButton.label }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
  });
});
