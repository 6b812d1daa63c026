import { contact } from '../../content/contact';
import { home } from '../../content/home';
import { legal } from '../../content/legal';
import { navigation } from '../../content/navigation';
import { notFound } from '../../content/not-found';
import { southAfrica } from '../../content/south-africa';
import { brief } from '../support/brief';
import { expect, test } from '../support/fixtures';
import { menus } from '../support/pages';
import { colorSchemes } from '../support/schemes';
import { expectUsable } from '../support/usable';

/**
 * Every control the brief names can be seen and used, in the light and the dark scheme: shown,
 * opaque, readable against its own background and big enough to tap. A button drawn with opacity 0,
 * or with text the colour of its background, passes axe's checks (it files the latter under
 * "incomplete"), but fails here.
 */

const [homePath, southAfricaPath] = brief.routes;

for (const scheme of colorSchemes) {
  test.describe(`on a laptop, in the ${scheme} scheme`, () => {
    test.use({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });

    test("the homepage's two buttons", async ({ page }) => {
      await page.goto(homePath);
      await expectUsable(page.getByRole('link', { name: home.officeLink.label }));
      await expectUsable(page.getByRole('link', { name: home.brokenLink.label, exact: true }));
    });

    test("every page's legal links, each with a focus ring in its own colour", async ({ page }) => {
      for (const path of [homePath, southAfricaPath, home.brokenLink.href]) {
        await page.goto(path);
        const list = page
          .getByRole('contentinfo')
          .getByRole('navigation', { name: legal.linksAccessibleName });
        await expect(list.getByRole('link')).toHaveCount(5);
        for (const link of await list.getByRole('link').all()) {
          await expectUsable(link);
          await link.focus();
          // The ring takes the link's own colour, which expectUsable held at 4.5:1 on the footer.
          const ring = await link.evaluate((element) => {
            const style = getComputedStyle(element);
            return [
              style.outlineStyle,
              parseFloat(style.outlineWidth),
              style.outlineColor === style.color,
            ];
          });
          expect(ring, `${path}: focus ring of ${await link.innerText()}`).toEqual([
            'solid',
            3,
            true,
          ]);
        }
      }
    });

    test("the South Africa page's navigation, links and call-back button", async ({ page }) => {
      await page.goto(southAfricaPath);
      const top = page.getByRole('navigation', { name: navigation.groupAccessibleName });
      for (const name of brief.topNavigation) {
        await expectUsable(top.getByRole('link', { name, exact: true }));
      }
      const main = page.getByRole('navigation', { name: navigation.mainAccessibleName });
      for (const name of brief.mainNavigation) {
        await expectUsable(main.getByRole('link', { name, exact: true }));
      }
      const trail = page.getByRole('navigation', { name: southAfrica.breadcrumbAccessibleName });
      await expectUsable(trail.getByRole('link', { name: southAfrica.parent.label }), {
        inSentence: true,
      });
      const services = page.getByRole('region', { name: southAfrica.sections[1]?.heading ?? '' });
      for (const link of await services.getByRole('link').all()) {
        await expectUsable(link, { inSentence: true });
      }
      await expect(services.getByRole('link')).toHaveCount(3);
      await expectUsable(
        page.getByRole('link', { name: southAfrica.contact.prospects.callBack.label }),
      );
      for (const email of [contact.generalEmail, contact.onlineBankingEmail]) {
        await expectUsable(page.getByRole('link', { name: email }), { inSentence: true });
      }
    });

    test("the not-found page's buttons and help links", async ({ page }) => {
      await page.goto(home.brokenLink.href);
      const main = page.getByRole('main');
      await expectUsable(main.getByRole('link', { name: notFound.homeButton.label }));
      await expectUsable(main.getByRole('button', { name: notFound.back }));
      await expectUsable(main.getByRole('link', { name: contact.helpPhone }), { inSentence: true });
      await expectUsable(main.getByRole('link', { name: notFound.helpCentre.label }), {
        inSentence: true,
      });
    });
  });

  test.describe(`on a phone, in the ${scheme} scheme`, () => {
    test.use({ viewport: { width: 375, height: 800 }, colorScheme: scheme });

    for (const menu of menus) {
      test(`the "${menu.button}" menu button, and the menu it opens`, async ({ page }) => {
        await page.goto(southAfricaPath);
        const nav = page.getByRole('navigation', { name: menu.label });
        await expectUsable(nav.getByRole('button', { name: menu.button }));
        await nav.getByRole('button', { name: menu.button }).click();
        for (const name of menu.links) {
          await expectUsable(nav.getByRole('link', { name, exact: true }));
        }
        await expectUsable(nav.getByRole('button', { name: navigation.closeMenu }));
      });
    }
  });
}
