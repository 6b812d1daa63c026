import { renderToStaticMarkup } from 'react-dom/server';
import GlobalError from '../../app/global-error';
import { errorPage } from '../../content/error-page';
import { home } from '../../content/home';
import { legal } from '../../content/legal';
import { notFound } from '../../content/not-found';
import { site } from '../../content/site';
import { filled } from '../support/visible-text';
import { expect, test } from '../support/fixtures';

test.describe('error boundaries', () => {
  // React reports the error it caught to the console: expected here, and only here.
  test.use({ expectedErrors: [/simulated component failure/] });

  test('a component that fails in the browser gives way to the error page, with a way home', async ({
    page,
  }) => {
    // Make the not-found page's client component fail while it runs, as a bug would.
    await page.addInitScript((logPrefix) => {
      const warn = console.warn.bind(console);
      console.warn = (...args: unknown[]) => {
        if (String(args[0]).startsWith(logPrefix)) throw new Error('simulated component failure');
        warn(...args);
      };
    }, notFound.consoleMessage);
    await page.goto('/page-that-breaks');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(errorPage.heading);
    await expect(page.getByText(errorPage.message)).toBeVisible();
    // The root layout survives the failure: the skip link is still there.
    await expect(page.getByRole('link', { name: site.skipLink })).toHaveCount(1);
    // The page still ends with the legal and regulatory block every page carries.
    await expect(page.getByRole('contentinfo').getByRole('heading', { level: 2 })).toHaveText(
      legal.heading,
    );
    await expect(page.getByRole('contentinfo')).toContainText(
      'Ombud for Financial Services Providers',
    );
    await page.getByRole('link', { name: errorPage.homeButton.label }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
  });

  test('the global error page brings its own document with the same message and a way home', async ({
    page,
  }) => {
    // The root layout is static HTML that cannot fail in the browser, so this boundary cannot be
    // reached on the export; render the component itself and read it as a browser does.
    await page.setContent(`<!DOCTYPE html>${renderToStaticMarkup(GlobalError())}`);
    await expect(page).toHaveTitle(filled(site.pageTitle, { ...site, page: errorPage.title }));
    await expect(page.locator('html')).toHaveAttribute('lang', site.language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(errorPage.heading);
    await expect(page.getByText(errorPage.message)).toBeVisible();
    await expect(page.getByRole('link', { name: errorPage.homeButton.label })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('contentinfo')).toContainText(legal.heading);
  });
});
