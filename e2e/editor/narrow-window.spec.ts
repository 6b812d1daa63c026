import { expect, test } from '@playwright/test';
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
