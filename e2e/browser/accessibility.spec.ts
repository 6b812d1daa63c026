import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { contact } from '../../content/contact';
import { navigation } from '../../content/navigation';
import { southAfrica } from '../../content/south-africa';
import { accessibilityNodes } from '../support/accessibility-tree';
import { brief } from '../support/brief';
import { expect, test } from '../support/fixtures';
import { openNotFound, pages, sidewaysOverflow, widths } from '../support/pages';
import { colorSchemes, darkPalette, paintedColours } from '../support/schemes';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core on the page and returns each violation with the elements it found. Two additions
 * to axe's defaults: label-content-name-mismatch (WCAG 2.5.3, label in name), which axe ships
 * switched off, and controls whose text has its own background's colour, which axe files under
 * "incomplete" (a 1:1 ratio), yet nobody can read.
 */
async function violations(page: Page) {
  // axe.run in the page, where the default runs each frame apart and joins their results in a blank
  // page it opens (the site's pages have no frames). Elements that pass are named for one of each
  // rule only: naming every one is most of what axe spends its time on, and none is read here.
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .setLegacyMode()
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations', 'incomplete'],
    })
    .analyze();
  // Every frame was read: a frame of another origin, which axe.run does not enter, is incomplete.
  expect(results.incomplete.map((result) => result.id)).not.toContain('frame-tested');
  // The rule did run: the logo link, named by its aria-label, is on every page.
  expect(results.passes.map((result) => result.id)).toContain('label-content-name-mismatch');
  const unreadableControls = results.incomplete
    .filter((result) => result.id === 'color-contrast')
    .flatMap((result) => result.nodes)
    .filter((node) => /^<(a|button)\b/.test(node.html))
    .filter((node) => node.any.some((check) => check.data?.messageKey === 'equalRatio'));
  return [
    ...results.violations.map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => node.target),
    })),
    ...unreadableControls.map((node) => ({
      rule: 'color-contrast (incomplete)',
      nodes: [node.target],
    })),
  ];
}

for (const scheme of colorSchemes) {
  for (const expected of pages) {
    test(`the ${expected.name} page has no axe violations at ${widths.join(' or ')} px in the ${scheme} scheme`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(expected.path);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        expect(await violations(page), `${width} px`).toEqual([]);
      }
    });
  }
}

test.describe('at 320 px, the narrowest phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no page scrolls sideways, even with a 60-letter word in every text', async ({ page }) => {
    const word = 'Privatebankingandwealthplanningforfamilyofficesandfounders60';
    expect(word).toHaveLength(60);
    for (const expected of pages) {
      // Where a script runs, the text changes only once it has run; changed before, the island
      // would write the back button's words over the changed ones.
      if (expected.scripts) await openNotFound(page, expected.path);
      else await page.goto(expected.path);
      await page.evaluate((longWord) => {
        const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          if (text.textContent?.trim()) text.textContent += ` ${longWord}`;
        }
      }, word);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(word);
      expect(await page.evaluate(sidewaysOverflow), expected.name).toBe(0);
    }
  });

  for (const scheme of colorSchemes) {
    for (const menu of [navigation.groupMenu, navigation.mainMenu]) {
      test(`the South Africa page with the "${menu}" menu open has no axe violations in the ${scheme} scheme`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(brief.routes[1]);
        await page.getByRole('button', { name: menu }).click();
        await expect(page.getByRole('button', { name: navigation.closeMenu })).toBeVisible();
        expect(await violations(page)).toEqual([]);
        expect(await page.evaluate(sidewaysOverflow)).toBe(0);
      });
    }
  }
});

for (const scheme of colorSchemes) {
  test(`in forced colours, only the current navigation items are marked, in the ${scheme} scheme`, async ({
    page,
  }) => {
    await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
    await page.goto(brief.routes[1]);
    for (const label of [navigation.groupAccessibleName, navigation.mainAccessibleName]) {
      const links = page.getByRole('navigation', { name: label }).getByRole('link');
      // A mark the system colours keep: a bar under the link (a bottom border alone; 'Log in',
      // drawn as a button, has a border all round) or an underline.
      const marks = await links.evaluateAll((all) =>
        all.map((link) => {
          const style = getComputedStyle(link);
          const drawn = (side: 'Top' | 'Bottom') =>
            style[`border${side}Style`] !== 'none' && parseFloat(style[`border${side}Width`]) > 0;
          return (
            (drawn('Bottom') && !drawn('Top')) || style.textDecorationLine.includes('underline')
          );
        }),
      );
      const current = await links.evaluateAll((all) =>
        all.map((link) => link.hasAttribute('aria-current')),
      );
      expect(current.filter(Boolean)).toHaveLength(1);
      expect(marks, label).toEqual(current);
    }
  });
}

test("in forced colours, the dark scheme keeps none of its own colours: the system's hold", async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
  for (const expected of pages) {
    await page.goto(expected.path);
    const painted = await page.evaluate(paintedColours);
    const ours = Object.values(darkPalette);
    expect(
      painted.filter((line) => ours.some((colour) => line.includes(colour))),
      expected.name,
    ).toEqual([]);
  }
});

test('the dark scheme applies: a navy page, off-white text and light blue links, where light is white', async ({
  page,
}) => {
  for (const expected of pages) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(expected.path);
    const body = page.locator('body');
    await expect(body, expected.name).toHaveCSS('background-color', darkPalette.page);
    await expect(body, expected.name).toHaveCSS('color', darkPalette.ink);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(body, expected.name).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(brief.routes[1]);
  const trail = page.getByRole('navigation', { name: southAfrica.breadcrumbAccessibleName });
  await expect(trail.getByRole('link')).toHaveCSS('color', darkPalette.link);
  await expect(trail).toHaveCSS('background-color', darkPalette.surface);
});

test('e-mail links are named by their address alone, with no stray space', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(brief.routes[1]);
  for (const email of [contact.generalEmail, contact.onlineBankingEmail]) {
    // Chromium's own accessibility tree: what a screen reader is told.
    expect(await accessibilityNodes(page, email)).toContainEqual(
      expect.objectContaining({ role: 'link', name: email }),
    );
  }
});

for (const width of [320, 375]) {
  test(`at ${width} px, an e-mail address breaks only after its @ or before a dot, and keeps its name`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(brief.routes[1]);
    const wrapped: string[] = [];
    for (const email of [contact.generalEmail, contact.onlineBankingEmail]) {
      for (const link of await page.getByRole('link', { name: email, exact: true }).all()) {
        // Where each line of the link's text starts, found from the boxes of its characters.
        const starts = await link.evaluate((element) => {
          const range = document.createRange();
          const tops: number[] = [];
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let offset = 0; offset < (node.textContent ?? '').length; offset += 1) {
              range.setStart(node, offset);
              range.setEnd(node, offset + 1);
              tops.push(Math.round(range.getBoundingClientRect().top));
            }
          }
          // A character that sits lower than the one before it starts a new line.
          return tops.flatMap((top, index) => (index > 0 && top > tops[index - 1]! ? [index] : []));
        });
        for (const start of starts) {
          const [before, after] = [email.slice(0, start), email.slice(start)];
          expect(before.endsWith('@') || after.startsWith('.'), `${before} / ${after}`).toBe(true);
        }
        if (starts.length > 0) wrapped.push(email);
      }
      expect(await accessibilityNodes(page, email)).toContainEqual(
        expect.objectContaining({ role: 'link', name: email }),
      );
    }
    // At 320 px the general enquiries address is too long for its line: the rule above is tested.
    if (width === 320) expect(wrapped).toContain(contact.generalEmail);
  });
}
