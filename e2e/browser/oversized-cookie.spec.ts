import { errorPage } from '../../content/error-page';
import { expect, test } from '../support/fixtures';

/**
 * What a visitor sees when the bank's other sites have set more cookies on the whole domain than
 * nginx reads (8 kB of request header over HTTP/1.1): the site's error page, with status 400, never
 * nginx's bare page. Over HTTP/2 nginx reads up to 32 kB of header, so the same cookies are served
 * the page itself (e2e/tls/https.spec.ts checks its limits there); e2e/browser/server-errors.spec.ts
 * checks the headers.
 */

test.describe('an oversized cookie', () => {
  // The browser reports the page's status 400 in its console, as it does any error status.
  test.use({ expectedErrors: [/status of 400/] });

  test('an oversized cookie gets the site’s error page, status 400', async ({ page, context }) => {
    // Cookies the bank's other sites could set on the whole domain, together larger than the 8 kB
    // nginx reads (a browser keeps each under 4 kB); here on the page's path only, so that the
    // page's icons, which would be refused too, load.
    const { hostname } = new URL(test.info().project.use.baseURL ?? '');
    await context.addCookies(
      ['first', 'second', 'third'].map((name) => ({
        name: `other-site-${name}`,
        value: 'x'.repeat(3_000),
        domain: hostname,
        path: '/south-africa',
      })),
    );
    const response = await page.goto('/south-africa', { waitUntil: 'load' });
    expect(response?.status()).toBe(400);
    await expect(page).toHaveTitle(new RegExp(`^${errorPage.title} \\|`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(errorPage.heading);
    await expect(page.getByText(errorPage.message)).toBeVisible();
    await expect(page.getByRole('link', { name: errorPage.homeButton.label })).toHaveAttribute(
      'href',
      errorPage.homeButton.href,
    );
    await expect(page.getByText(/nginx/i)).toHaveCount(0);
  });
});
