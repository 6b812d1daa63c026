import { readFileSync } from 'node:fs';
import { contact } from '../../content/contact';
import { home } from '../../content/home';
import { notFound } from '../../content/not-found';
import { site } from '../../content/site';
import { southAfrica } from '../../content/south-africa';
import { brief } from '../support/brief';
import { filled } from '../support/visible-text';
import { expect, test } from '../support/fixtures';
import { international } from '../support/phone';
import { pages } from '../support/pages';

const [homePath, southAfricaPath] = brief.routes;
/** An address of this site, absolute, from the site's address in content. */
const absoluteUrl = (path: string) => new URL(path, site.url).href;
const descriptions: Record<string, string> = {
  [homePath]: filled(home.description, site),
  [southAfricaPath]: southAfrica.description,
};

test.describe('metadata', () => {
  for (const expected of pages) {
    test(`the ${expected.name} page describes itself for search and sharing`, async ({ page }) => {
      const response = await page.goto(expected.path);
      const meta = (key: string) => page.locator(`meta[name="${key}"], meta[property="${key}"]`);
      const description = descriptions[expected.path] ?? notFound.description;
      await expect(page.locator('html')).toHaveAttribute('lang', site.language);
      await expect(meta('description')).toHaveAttribute('content', description);
      // The browser's own bar takes the navy of the page's band (its footer), in both schemes.
      const themeColor = (await meta('theme-color').getAttribute('content')) ?? '';
      expect(themeColor).toMatch(/^#[0-9a-f]{6}$/i);
      const [red, green, blue] = [1, 3, 5].map((at) => parseInt(themeColor.slice(at, at + 2), 16));
      await expect(page.getByRole('contentinfo')).toHaveCSS(
        'background-color',
        `rgb(${red}, ${green}, ${blue})`,
      );
      // Share cards: title, description and a 1200 × 630 picture, at absolute addresses.
      await expect(meta('og:title')).toHaveAttribute('content', expected.title);
      await expect(meta('og:description')).toHaveAttribute('content', description);
      await expect(meta('og:image')).toHaveAttribute('content', absoluteUrl(site.shareImage.src));
      await expect(meta('og:image:width')).toHaveAttribute('content', '1200');
      await expect(meta('og:image:height')).toHaveAttribute('content', '630');
      await expect(meta('og:image:alt')).toHaveAttribute(
        'content',
        filled(site.shareImage.alt, site),
      );
      await expect(meta('twitter:card')).toHaveAttribute('content', 'summary_large_image');
      // Icons: SVG, a PNG fallback, and one for the iOS home screen.
      await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveCount(1);
      await expect(page.locator('link[rel="icon"][type="image/png"]')).toHaveCount(1);
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);

      const canonical = page.locator('link[rel="canonical"]');
      if (expected.status === 200) {
        // Compared as URLs: Next.js writes the homepage without its trailing slash.
        const asUrl = (value: string | null) => new URL(value ?? '').href;
        expect(asUrl(await canonical.getAttribute('href'))).toBe(absoluteUrl(expected.path));
        expect(asUrl(await meta('og:url').getAttribute('content'))).toBe(
          absoluteUrl(expected.path),
        );
      } else {
        // The not-found page answers every missing address, so it has no canonical link. Its
        // status, 404, keeps it out of search engines' indexes (production-server.spec.ts checks
        // that its own file names answer 404 too), so it carries no robots tag: Lighthouse, which
        // reads the page's HTML alone, would count a noindex against it.
        expect(response?.status()).toBe(404);
        await expect(canonical).toHaveCount(0);
      }
      await expect(meta('robots')).toHaveCount(0);
    });
  }

  test('robots.txt allows crawling and points to the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-Agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toContain(`Sitemap: ${absoluteUrl('/sitemap.xml')}`);
  });

  test('the sitemap lists the two pages, and only them', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(locations).toEqual(brief.routes.map((path) => absoluteUrl(path)));
  });

  test('the share image is a 1200 × 630 PNG', () => {
    const png = readFileSync(`public${site.shareImage.src}`);
    // A PNG's header holds its width and height at bytes 16 and 20.
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

test.describe('structured data on the South Africa page', () => {
  type Thing = Record<string, unknown> & { '@type': string };

  test('describes the office as the page does, with hours in local time', async ({ page }) => {
    await page.goto(southAfricaPath);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0] ?? '{}') as { '@context': string; '@graph': Thing[] };
    expect(data['@context']).toBe('https://schema.org');
    const office = data['@graph'].find((thing) => thing['@type'] === 'FinancialService');

    expect(office).toMatchObject({
      name: filled(southAfrica.office.name, site),
      url: absoluteUrl(southAfricaPath),
      address: {
        '@type': 'PostalAddress',
        addressLocality: brief.office.locality,
        addressCountry: brief.office.country,
      },
      email: contact.generalEmail,
      telephone: international(contact.onlineBankingLines[1].phone),
      // 09:00 to 17:00 UTC is 11:00 to 19:00 in South Africa (UTC+2, no daylight saving).
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: brief.supportHoursInJohannesburg.days.map(
            (day) => `https://schema.org/${day}`,
          ),
          opens: brief.supportHoursInJohannesburg.opens,
          closes: brief.supportHoursInJohannesburg.closes,
        },
      ],
    });
    expect(office?.contactPoint).toEqual(
      contact.onlineBankingLines.map((line) =>
        expect.objectContaining({
          '@type': 'ContactPoint',
          telephone: international(line.phone),
          email: contact.onlineBankingEmail,
        }),
      ),
    );
  });

  test("lists the breadcrumb trail that 'Back to:' shows", async ({ page }) => {
    await page.goto(southAfricaPath);
    const block = await page.locator('script[type="application/ld+json"]').textContent();
    const graph = (JSON.parse(block ?? '{}') as { '@graph': Thing[] })['@graph'];
    const trail = graph.find((thing) => thing['@type'] === 'BreadcrumbList');
    expect(trail?.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        name: southAfrica.parent.label,
        item: absoluteUrl(southAfrica.parent.href),
      },
      {
        '@type': 'ListItem',
        position: 2,
        name: southAfrica.title,
        item: absoluteUrl(southAfricaPath),
      },
    ]);
    // The same trail a visitor sees.
    await expect(
      page
        .getByRole('navigation', { name: southAfrica.breadcrumbAccessibleName })
        .getByRole('link'),
    ).toHaveText(southAfrica.parent.label);
  });
});
