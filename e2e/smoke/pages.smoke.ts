/**
 * Every page with its status and the words the deployed commit's content and the brief give it,
 * with a picture of each in the report; the not-found page's log of the missing path and its back
 * button. The page fixture fails a test on any script error, failed request or policy violation.
 */
import { home } from '../../content/home';
import { notFound } from '../../content/not-found';
import { brief } from '../support/brief';
import { openNotFound, pages } from '../support/pages';
import { expect, test } from './fixtures';

/** The words of the brief each page must show, besides its title, heading and footer. */
const briefWords: Record<string, readonly string[]> = {
  home: [brief.home.officeButton, brief.home.errorButton],
  'south africa': [brief.southAfrica.callBack, brief.freeNumbers],
  'not found': [brief.notFound.message, brief.notFound.back, brief.notFound.helpCentre],
};

for (const expected of pages) {
  test(`the ${expected.name} page answers ${expected.status} with its words`, async ({
    page,
  }, testInfo) => {
    const response = await page.goto(expected.path);
    await testInfo.attach(`the ${expected.name} page`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    expect.soft(response?.status(), `the status of ${page.url()}`).toBe(expected.status);
    await expect.soft(page, 'the title of the tab').toHaveTitle(expected.title);
    await expect
      .soft(page.getByRole('heading', { level: 1 }), 'the one top-level heading')
      .toHaveText(expected.heading);
    await expect
      .soft(page.getByRole('contentinfo'), 'the footer, with its copyright line')
      .toContainText(expected.copyright);
    for (const words of briefWords[expected.name] ?? []) {
      await expect.soft(page.getByText(words).first(), `the brief's "${words}"`).toBeVisible();
    }
    if (expected.name === 'south africa') {
      await expect
        .soft(
          page
            .getByRole('heading', { level: 1 })
            .or(page.getByRole('main').getByRole('heading', { level: 2 })),
          "the headings, in the brief's order",
        )
        .toHaveText([...brief.southAfricaHeadings.levels1And2]);
    }
  });
}

test('the not-found page logs the missing path, and its back button returns', async ({ page }) => {
  await page.goto(brief.routes[0]);
  const [message] = await Promise.all([
    page.waitForEvent('console', (message) => message.text().startsWith(notFound.consoleMessage)),
    page.getByRole('link', { name: home.brokenLink.label, exact: true }).click(),
  ]);
  expect(message.text(), "the not-found page's log").toBe(
    `${notFound.consoleMessage} ${home.brokenLink.href}`,
  );
  await page.getByRole('button', { name: brief.notFound.back }).click();
  await expect(page, 'where the back button led').toHaveURL(brief.routes[0]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
  // The log of an address typed rather than followed, query and all.
  const typed = await openNotFound(page, '/smoke/no-such-page?from=smoke');
  expect(typed.text()).toBe(`${notFound.consoleMessage} /smoke/no-such-page?from=smoke`);
});
