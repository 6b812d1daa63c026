import { expect, test } from '../support/fixtures';
import { pages } from '../support/pages';

/**
 * A short smoke of the server `npm start` uses: it serves every page with its status and heading,
 * and the not-found page with 404. The whole browser suite runs behind the production server.
 */
for (const expected of pages) {
  test(`serves the ${expected.name} page with status ${expected.status}`, async ({ page }) => {
    const response = await page.goto(expected.path);
    expect(response?.status()).toBe(expected.status);
    await expect(page).toHaveTitle(expected.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
  });
}
