import type { Page } from '@playwright/test';
import { navigation } from '../content/navigation';
import { accessibilityNodes } from './support/accessibility-tree';
import { expect, test } from './support/fixtures';

const menus = [
  {
    name: 'group websites',
    label: navigation.groupLabel,
    button: navigation.groupMenu,
    first: navigation.group[0]?.label,
  },
  {
    name: 'main navigation',
    label: navigation.mainLabel,
    button: navigation.mainMenu,
    first: navigation.main[0]?.label,
  },
];

/** Presses Tab until the element with this text has focus; fails after 20 presses. */
async function tabTo(page: Page, text: string): Promise<void> {
  for (let press = 0; press < 20; press += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((t) => document.activeElement?.textContent?.trim() === t, text)) return;
  }
  throw new Error(`Tab never reached "${text}"`);
}

test.describe('on a phone, both navigations fold into menus', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const menu of menus) {
    test(`the ${menu.name} opens and closes from the keyboard, announced as such`, async ({
      page,
    }) => {
      await page.goto('/south-africa');
      const nav = page.getByRole('navigation', { name: menu.label });
      const firstLink = nav.getByRole('link', { name: menu.first ?? '', exact: true });
      // Folded: the links are out of sight and out of the screen reader's way.
      await expect(firstLink).toBeHidden();
      expect(await accessibilityNodes(page, menu.button)).toContainEqual(
        expect.objectContaining({ role: 'DisclosureTriangle', expanded: false }),
      );

      await tabTo(page, menu.button);
      await page.keyboard.press('Enter');
      await expect(firstLink).toBeVisible();
      expect(await accessibilityNodes(page, menu.button)).toContainEqual(
        expect.objectContaining({ role: 'DisclosureTriangle', expanded: true }),
      );
      // The next Tab goes into the menu.
      await page.keyboard.press('Tab');
      await expect(firstLink).toBeFocused();

      // Back to the button; Space folds the menu again.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Space');
      await expect(firstLink).toBeHidden();
    });
  }
});

test.describe('on a wide screen, the navigations show in full', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const menu of menus) {
    test(`the ${menu.name} needs no menu button`, async ({ page }) => {
      await page.goto('/south-africa');
      const nav = page.getByRole('navigation', { name: menu.label });
      await expect(nav.getByRole('link', { name: menu.first ?? '', exact: true })).toBeVisible();
      await expect(page.getByText(menu.button, { exact: true })).toBeHidden();
    });
  }
});
