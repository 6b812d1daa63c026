import { expect, test } from '../support/fixtures';
import { pages } from '../support/pages';

/**
 * A short smoke of the server `npm start` uses: it serves every page with its status and heading,
 * the not-found page with 404, and security.txt as text. The whole browser suite runs behind the
 * production servers.
 */
for (const expected of pages) {
  test(`serves the ${expected.name} page with status ${expected.status}`, async ({ page }) => {
    const response = await page.goto(expected.path);
    expect(response?.status()).toBe(expected.status);
    await expect(page).toHaveTitle(expected.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
  });
}

test('serves security.txt as text/plain; charset=utf-8', async ({ request }) => {
  const response = await request.get('/.well-known/security.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await response.text()).toMatch(/^Expires: \S+$/m);
});
