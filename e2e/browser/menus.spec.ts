import type { Page } from '@playwright/test';
import { navigation } from '../../content/navigation';
import { accessibilityNodes } from '../support/accessibility-tree';
import { brief } from '../support/brief';
import { expect, test } from '../support/fixtures';
import { menus } from '../support/pages';

/** More Tab presses than the page needs to reach any of its controls. */
const MAX_TAB_PRESSES = 20;

/** Presses Tab until the element with this text has focus; fails after MAX_TAB_PRESSES presses. */
async function tabTo(page: Page, text: string): Promise<void> {
  for (let press = 0; press < MAX_TAB_PRESSES; press += 1) {
    await page.keyboard.press('Tab');
    const focusedText = (wanted: string) => document.activeElement?.textContent?.trim() === wanted;
    if (await page.evaluate(focusedText, text)) return;
  }
  throw new Error(`Tab never reached "${text}"`);
}

/** Whether Chromium tells screen readers that this menu button's menu is expanded. */
async function announcedExpanded(page: Page, button: string): Promise<boolean | undefined> {
  const nodes = await accessibilityNodes(page, button);
  return nodes.find((node) => node.role === 'button')?.expanded;
}

test.describe('on a phone, both navigations fold behind menu buttons', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const menu of menus) {
    test(`the ${menu.name} opens from the keyboard, takes the focus in, and Escape folds it`, async ({
      page,
    }) => {
      await page.goto(brief.routes[1]);
      const nav = page.getByRole('navigation', { name: menu.label });
      const button = nav.getByRole('button', { name: menu.button });
      const firstLink = nav.getByRole('link', { name: menu.links[0], exact: true });
      // Folded: the links are out of sight and out of the screen reader's way.
      await expect(firstLink).toBeHidden();
      expect(await announcedExpanded(page, menu.button)).toBe(false);

      await tabTo(page, menu.button);
      await page.keyboard.press('Enter');
      await expect(firstLink).toBeVisible();
      expect(await announcedExpanded(page, menu.button)).toBe(true);
      // The next Tab goes into the open menu: its Close button, then its links.
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('button', { name: navigation.closeMenu })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(firstLink).toBeFocused();

      // Escape folds it and gives the focus back to its button.
      await page.keyboard.press('Escape');
      await expect(firstLink).toBeHidden();
      await expect(button).toBeFocused();
      expect(await announcedExpanded(page, menu.button)).toBe(false);
    });

    test(`the ${menu.name} opens with a tap and closes with its Close button`, async ({ page }) => {
      await page.goto(brief.routes[1]);
      const nav = page.getByRole('navigation', { name: menu.label });
      await nav.getByRole('button', { name: menu.button }).click();
      const links = nav.getByRole('link');
      await expect(links).toHaveText([...menu.links]);
      // Open, the menu covers the page: where the heading was, the visitor sees the menu.
      const covered = (heading: Element) => {
        const box = heading.getBoundingClientRect();
        return !heading.contains(document.elementFromPoint(box.x + 4, box.y + 4));
      };
      expect(await page.getByRole('heading', { level: 1 }).evaluate(covered)).toBe(true);
      await nav.getByRole('button', { name: navigation.closeMenu }).click();
      await expect(links.first()).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test.describe('on a wide screen, the navigations show in full', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const menu of menus) {
    test(`the ${menu.name} needs no menu button`, async ({ page }) => {
      await page.goto(brief.routes[1]);
      const nav = page.getByRole('navigation', { name: menu.label });
      await expect(nav.getByRole('link', { name: menu.links[0], exact: true })).toBeVisible();
      await expect(nav.getByRole('button')).toHaveCount(0);
    });
  }
});
