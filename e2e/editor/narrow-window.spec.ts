import { expect, test, type Page } from '@playwright/test';
import { editingViewForSpec } from '../support/editing-view';

/**
 * The view at a phone's width and with large text (issue #39, item 3; WCAG 2.2's reflow, at
 * 320 CSS px, what 400% zoom of 1280 px gives): the field being edited, its message and the status
 * bar stay in view, after a click on the page beside the form and after a value the check refuses;
 * at 320 px the page beside is something the editor opens, not something the window scrolls to.
 */

const session = editingViewForSpec();

const frame = () => session.page.frameLocator('iframe[title="The page as it will look"]');

for (const { what, width, textSize } of [
  { what: 'a 320 CSS px window', width: 320, textSize: '100%' },
  { what: 'text at 200%', width: 1280, textSize: '200%' },
])
  test(`with ${what}, the field and its message stay in view`, async () => {
    const page = session.page;
    await page.setViewportSize({ width, height: 640 });
    await page.evaluate((size) => (document.documentElement.style.fontSize = size), textSize);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'sideways scrolling').toBe(0);

    const show = page.getByRole('button', { name: 'Show the page' });
    // On a narrow window, the page beside the form waits to be opened, over the form.
    if (width < 1100) {
      await expect(page.getByTitle('The page as it will look')).toBeHidden();
      await show.click();
    } else await expect(show).toBeHidden();
    await page.getByRole('combobox', { name: 'Page shown' }).selectOption('/south-africa');
    await expect(page.getByTitle('The page as it will look')).toHaveAttribute('aria-busy', 'false');
    await frame().getByRole('heading', { name: 'Contact your local team' }).click();
    const heading = page.getByRole('textbox', { name: 'South Africa page, contact, heading' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.getByRole('status')).toBeInViewport();
    if (width < 1100) await expect(page.getByTitle('The page as it will look')).toBeHidden();

    const opens = page.getByRole('textbox', { name: 'Contact, hours, opens' });
    await opens.fill('9 in the morning');
    await opens.press('Enter');
    const message = page.getByText('Not saved: "9 in the morning" is not a 24-hour time');
    await expect(message).toBeInViewport();
    await expect(opens).toBeInViewport();
    await expect(page.getByRole('status')).toBeInViewport();
    await expect(page.getByRole('status')).toContainText('Not saved: Contact, hours, opens');
    await opens.fill('09:00');
    await opens.press('Enter');
    await expect(page.getByRole('status')).toContainText('Saved Contact, hours, opens');
  });

for (const { what, width } of [
  { what: 'a 320 CSS px window', width: 320 },
  { what: 'a 1280 px window zoomed to 200%', width: 640 },
])
  test(`with ${what}, the page beside shows the field's text at the window's width, without sideways scrolling`, async () => {
    const page = session.page;
    await page.setViewportSize({ width, height: 640 });
    await page.evaluate(() => (document.documentElement.style.fontSize = ''));
    const heading = page.getByRole('textbox', { name: 'South Africa page, section 2, heading' });
    await heading.focus();
    await page.getByRole('button', { name: 'Show the page' }).click();
    const beside = page.getByTitle('The page as it will look');
    await expect(beside).toHaveAttribute('aria-busy', 'false');
    // No width was chosen: the page is drawn as wide as the pane, not scaled down from a desktop.
    await expect(page.getByRole('radio', { name: 'As wide as this pane' })).toBeChecked();
    const box = (await beside.boundingBox())!;
    expect(box.x, 'the frame starts in the window').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the frame ends in the window').toBeLessThanOrEqual(width);
    const text = await heading.inputValue();
    const selected = frame().locator('[data-editor-selected]').first();
    await expect(selected).toHaveText(text);
    await expect(selected).toBeInViewport();
    const inFrame = (await beside.elementHandle())!;
    const overflow = await (await inFrame.contentFrame())!.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'sideways scrolling in the page beside').toBe(0);
    await page.getByRole('button', { name: 'Close the page' }).first().click();
  });

/**
 * The top bar keeps to one line (issue #52, item 4): at 320 CSS px and with text at 200%, a long
 * message does not push the form down the window; every button in the bar keeps its whole name,
 * and the message can be read whole on request.
 */
for (const { what, width, textSize } of [
  { what: 'a 320 CSS px window', width: 320, textSize: '100%' },
  { what: 'text at 200%', width: 1280, textSize: '200%' },
])
  test(`with ${what}, the top bar keeps to one line and every control in it keeps its name`, async () => {
    const page = session.page;
    await page.setViewportSize({ width, height: 640 });
    await page.evaluate((size) => (document.documentElement.style.fontSize = size), textSize);
    const opens = page.getByRole('textbox', { name: 'Contact, hours, opens' });
    await opens.fill('9 in the morning');
    await opens.press('Enter');
    const status = page.getByRole('status');
    await expect(status).toContainText('Not saved: Contact, hours, opens');

    // Measured in the page: the bar's items share one line, each is one line of text tall, and
    // the bar is no taller than its tallest item and its own padding.
    const bar = await status.evaluate((line) => {
      const bar = line.parentElement!;
      const px = (element: Element, property: string) =>
        parseFloat(getComputedStyle(element).getPropertyValue(property)) || 0;
      const items = [...bar.children, ...bar.children[0]!.children].filter(
        (item) => item.getBoundingClientRect().height > 0 && item !== bar.children[0],
      );
      const boxes = items.map((item) => {
        const box = item.getBoundingClientRect();
        const style = getComputedStyle(item);
        const lineHeight =
          style.lineHeight === 'normal' ? 1.3 * px(item, 'font-size') : px(item, 'line-height');
        const oneLine =
          Math.max(lineHeight, px(item, 'min-height')) +
          px(item, 'padding-top') +
          px(item, 'padding-bottom') +
          px(item, 'border-top-width') +
          px(item, 'border-bottom-width');
        return { name: item.textContent, top: box.top, bottom: box.bottom, oneLine };
      });
      const own =
        px(bar, 'padding-top') +
        px(bar, 'padding-bottom') +
        px(bar, 'border-top-width') +
        px(bar, 'border-bottom-width');
      return {
        boxes,
        shareALine: Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom)),
        height: bar.getBoundingClientRect().height,
        tallest: Math.max(...boxes.map((b) => b.bottom - b.top)) + own,
        sideways: bar.scrollWidth - bar.clientWidth,
      };
    });
    expect(bar.shareALine, `the bar's items share a line: ${JSON.stringify(bar.boxes)}`).toBe(true);
    for (const box of bar.boxes)
      expect(box.bottom - box.top, `"${box.name}" is one line tall`).toBeLessThanOrEqual(
        box.oneLine + 1,
      );
    expect(bar.height, 'the bar is one line tall').toBeLessThanOrEqual(bar.tallest + 1);
    expect(bar.sideways, 'sideways scrolling in the bar').toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'sideways scrolling').toBe(0);

    // Every control keeps its whole name and stays in view; the message opens whole and closes.
    await expect(page.getByRole('button', { name: 'Undo the last save' })).toBeInViewport();
    if (width < 1100)
      await expect(page.getByRole('button', { name: 'Show the page' })).toBeInViewport();
    // A message cut short is offered whole; one that fits is shown whole, with nothing to open.
    const whole = page.getByRole('button', { name: 'Show the whole message' });
    const unseen = () => status.evaluate((line) => line.scrollWidth - line.clientWidth);
    if (width < 1100 || (await unseen()) > 0) {
      await expect(whole).toHaveAttribute('aria-expanded', 'false');
      await whole.click();
      await expect(whole).toHaveAttribute('aria-expanded', 'true');
      expect(await unseen(), 'the whole message shows').toBe(0);
      await whole.click();
      await expect(whole).toHaveAttribute('aria-expanded', 'false');
    } else await expect(whole).toHaveCount(0);

    await opens.fill('09:00');
    await opens.press('Enter');
    await expect(status).toContainText('Saved Contact, hours, opens');
  });

/**
 * Whether the element that has the keyboard's focus can be seen: what the window shows at its
 * middle is it, or inside it, rather than something laid over it.
 * @returns Nothing where it can; else what covers it, for the test's message.
 */
const focusCovered = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 'nothing has the focus';
    const box = focused.getBoundingClientRect();
    const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const name = (element: Element | null) =>
      `${element?.tagName} “${element?.textContent?.trim().slice(0, 60)}”`;
    return seen && (focused === seen || focused.contains(seen))
      ? ''
      : `${name(focused)} is under ${name(seen)}`;
  });

/**
 * An editor with a phone's width and a keyboard alone (WCAG 2.2's focus not obscured): the page
 * opened over the form, from the top of the view, leaves the bar in sight; the keyboard goes from
 * the bar into the page, never to the fields under it; and closing the page, by its button or by
 * Escape, gives the focus back to the button that opened it.
 */
test('with a 320 CSS px window and a keyboard alone, the page opened over the form takes the keyboard, and gives it back as it closes', async () => {
  const page = session.page;
  await page.setViewportSize({ width: 320, height: 640 });
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '';
    scrollTo(0, 0);
  });
  const show = page.getByRole('button', { name: 'Show the page' });
  await show.focus();
  await page.keyboard.press('Enter');
  const toggle = page.getByRole('button', { name: 'Close the page', expanded: true });
  await expect(toggle).toBeFocused();
  expect(await focusCovered(page), 'the button pressed').toBe('');
  await expect(page.getByTitle('The page as it will look')).toHaveAttribute('aria-busy', 'false');

  const beside = page.getByRole('complementary', { name: 'The page beside the form' });
  const close = beside.getByRole('button', { name: 'Close the page' });
  // From the bar (its buttons, and the whole message where it is cut), on into the page.
  for (let stop = 1; stop <= 3; stop += 1) {
    await page.keyboard.press('Tab');
    expect(await focusCovered(page), `Tab stop ${stop}`).toBe('');
    if (await close.evaluate((button) => button === document.activeElement)) break;
  }
  await expect(close).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(beside.getByRole('combobox', { name: 'Page shown' })).toBeFocused();
  expect(await focusCovered(page), 'the choice of page').toBe('');

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByTitle('The page as it will look')).toBeHidden();
  await expect(show).toBeFocused();
  expect(await focusCovered(page), 'the button that opens the page again').toBe('');

  // Escape closes it too, from inside the page's frame, where the keyboard goes after its choices.
  await page.keyboard.press('Enter');
  await beside.getByRole('combobox', { name: 'Page shown' }).focus();
  await page.keyboard.press('Tab');
  await expect(frame().getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTitle('The page as it will look')).toBeHidden();
  await expect(show).toBeFocused();
});

test('with a 320 CSS px window, a paragraph added to a list is written in a box of several lines, every letter in sight', async () => {
  const page = session.page;
  await page.setViewportSize({ width: 320, height: 640 });
  await page
    .getByRole('button', { name: 'Add a text to South Africa page, opening paragraphs' })
    .focus();
  await page.keyboard.press('Enter');
  const added = page.getByRole('textbox', { name: 'South Africa page, opening paragraph 3' });
  await expect(added).toBeFocused();
  await page.keyboard.type(
    'Our bankers in Johannesburg speak your language and know the rules of both countries, so that your money moves as you mean it to.',
  );
  expect(
    await added.evaluate((box) => box.scrollWidth - box.clientWidth),
    'letters out of sight, sideways in the box',
  ).toBe(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('status')).toContainText(
    'Saved South Africa page, opening paragraph 3',
  );
});
