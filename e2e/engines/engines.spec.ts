import { navigation } from '../../content/navigation';
import { home } from '../../content/home';
import { notFound } from '../../content/not-found';
import { find, tabTo, type EnginePage } from './engine';
import { expect, test } from './fixtures';
import { brief } from '../support/brief';
import { menus, pages, sidewaysOverflow, widths } from '../support/pages';

/**
 * The same checks in every engine a visitor uses: Chromium, Firefox ESR (140 and Debian's current
 * one) and WebKitGTK, each driven by the driver that can drive it here (see engines/engine.ts). The
 * project name says which engine ran, and the report's metadata its exact version. Each test also
 * fails on any console error, uncaught exception or failed request.
 */

/** Waits until the page shows this path and has finished loading. */
async function arrivedAt(engine: EnginePage, path: string) {
  await expect
    .poll(() => engine.evaluate(() => `${location.pathname} ${document.readyState}`))
    .toBe(`${path} complete`);
}

/** More Tab presses than any page needs to reach any of its controls. */
const MAX_TAB_PRESSES = 20;

test(`every page renders its heading at ${widths.join(' and ')} px`, async ({ engine }) => {
  for (const width of widths) {
    await engine.setViewport(width, 800);
    for (const expected of pages) {
      await engine.goto(expected.path);
      const heading = await find(engine, { role: 'heading', name: expected.heading });
      expect(await heading.isVisible(), `${expected.name} at ${width} px`).toBe(true);
    }
  }
});

test('at 1280 px the whole navigation shows, with no menu button', async ({ engine }) => {
  await engine.setViewport(1280, 800);
  await engine.goto(brief.routes[1]);
  for (const menu of menus) {
    const nav = await find(engine, { role: 'navigation', name: menu.label });
    // The links a visitor sees in the landmark, in order: every one of them, in place.
    const shown = await nav.evaluate((landmark) =>
      [...landmark.querySelectorAll('a')]
        .filter((link) => link.checkVisibility() && link.getClientRects().length > 0)
        .map((link) => link.textContent?.trim()),
    );
    expect(shown, menu.label).toEqual([...menu.links]);
    const buttons = await engine.findAll({ role: 'button', name: menu.button });
    expect(await Promise.all(buttons.map((b) => b.isVisible())), menu.button).not.toContain(true);
  }
});

test.describe('at 375 px', () => {
  for (const menu of menus) {
    test(`the "${menu.button}" menu opens and closes with a mouse and with the keyboard`, async ({
      engine,
    }) => {
      await engine.setViewport(375, 800);
      await engine.goto(brief.routes[1]);
      const within = { role: 'navigation', name: menu.label };
      const button = await find(engine, { role: 'button', name: menu.button, within });
      // Folded, the links are out of sight and out of the accessibility tree.
      const hidden = await engine.findAll({ role: 'link', name: menu.links[0], within });
      expect(await Promise.all(hidden.map((link) => link.isVisible()))).not.toContain(true);

      await button.click();
      const firstLink = await find(engine, { role: 'link', name: menu.links[0], within });
      const close = await find(engine, { role: 'button', name: navigation.closeMenu, within });
      await expect.poll(() => firstLink.isVisible()).toBe(true);
      await close.click();
      await expect.poll(() => firstLink.isVisible()).toBe(false);

      // From the top of a fresh page, by keyboard alone.
      await engine.goto(brief.routes[1]);
      const again = await find(engine, { role: 'button', name: menu.button, within });
      await tabTo(engine, again, MAX_TAB_PRESSES);
      await engine.press('Enter');
      const link = await find(engine, { role: 'link', name: menu.links[0], within });
      await expect.poll(() => link.isVisible()).toBe(true);
      // Into the open menu: its close button, then its first link.
      const closeButton = await find(engine, {
        role: 'button',
        name: navigation.closeMenu,
        within,
      });
      await engine.press('Tab');
      expect(await closeButton.isFocused()).toBe(true);
      await engine.press('Tab');
      expect(await link.isFocused()).toBe(true);
      // Escape folds it again and gives the focus back to the menu button.
      await engine.press('Escape');
      await expect.poll(() => link.isVisible()).toBe(false);
      expect(await again.isFocused()).toBe(true);
    });
  }
});

test('nothing scrolls sideways at 320 px', async ({ engine }) => {
  await engine.setViewport(320, 640);
  for (const expected of pages) {
    await engine.goto(expected.path);
    expect(await engine.evaluate(sidewaysOverflow), expected.name).toBe(0);
  }
});

test('the not-found page logs the missing path, and its back button goes back one page', async ({
  engine,
}) => {
  await engine.goto(brief.routes[0]);
  await (await find(engine, { role: 'link', name: home.brokenLink.label })).click();
  await arrivedAt(engine, home.brokenLink.href);
  // The button needs the page's script: it joins the page once that has run.
  await expect
    .poll(async () => (await engine.findAll({ role: 'button', name: notFound.back })).length)
    .toBe(1);
  const back = await find(engine, { role: 'button', name: notFound.back });
  await expect.poll(() => back.isVisible()).toBe(true);
  // The island logs from an effect, just after the button shows, and WebKitGTK's driver passes the
  // message on a moment later still: wait for it rather than read the log once.
  await expect
    .poll(() => engine.consoleMessages())
    .toContain(`warn: ${notFound.consoleMessage} ${home.brokenLink.href}`);
  await back.click();
  await arrivedAt(engine, brief.routes[0]);
  // From a page other than the homepage, where the button goes when there is nowhere to go back to.
  await engine.goto(brief.routes[1]);
  await engine.goto(home.brokenLink.href);
  await expect
    .poll(async () => (await engine.findAll({ role: 'button', name: notFound.back })).length)
    .toBe(1);
  await (await find(engine, { role: 'button', name: notFound.back })).click();
  await arrivedAt(engine, brief.routes[1]);
});

test('the not-found page’s back button goes home from the first page of a fresh tab', async ({
  engine,
}) => {
  // Each test has a tab of its own: this address is the first page of its history.
  await engine.goto(home.brokenLink.href);
  expect(await engine.evaluate(() => window.history.length)).toBe(1);
  await expect
    .poll(async () => (await engine.findAll({ role: 'button', name: notFound.back })).length)
    .toBe(1);
  await (await find(engine, { role: 'button', name: notFound.back })).click();
  await arrivedAt(engine, brief.routes[0]);
});

test.describe('Trusted Types', () => {
  // Firefox reports each refused write as an error of the page; nothing else may go wrong.
  test.use({ expectedProblems: [/violates the following directive: .require-trusted-types-for/] });

  test('every page refuses a string written into innerHTML, where the engine has Trusted Types', async ({
    engine,
  }) => {
    const outcomes: string[] = [];
    for (const expected of pages) {
      await engine.goto(expected.path);
      outcomes.push(
        await engine.evaluate(() => {
          const target = document.createElement('div');
          try {
            target.innerHTML = '<img src="/" alt="">';
            return 'written';
          } catch (error) {
            return `refused with a ${(error as Error).name}`;
          }
        }),
      );
    }
    // Firefox ESR 140 predates Trusted Types: there the policy cannot refuse the write.
    const enforced = await engine.evaluate(() => 'trustedTypes' in window);
    expect(outcomes).toEqual(pages.map(() => (enforced ? 'refused with a TypeError' : 'written')));
  });
});
