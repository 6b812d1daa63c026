import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { editingViewForSpec } from '../support/editing-view';

/**
 * The page beside the form (issue #32, item 3): a change typed in the form shows on the page
 * before it is saved; a click on a text of the page selects its field, and a text made of several
 * fields offers each, those the site works a value out from too; a file shown on no page says
 * where it shows.
 */

const session = editingViewForSpec();

const frame = () => session.page.frameLocator('iframe[title="The page as it will look"]');

/**
 * Clicks a text of the page beside the form once the page is ready to hear it: the view marks the
 * frame busy from each page it loads, and each request to draw it again, until the page's script
 * has drawn what was asked (a click before that is not heard, or lands on a text being replaced).
 */
async function clickOnPage(text: Locator) {
  await expect(session.page.getByTitle('The page as it will look')).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await text.click();
}

test('a text typed in the form shows on its page before it is saved', async () => {
  const heading = session.page.getByRole('textbox', {
    name: 'South Africa page, section 1, heading',
  });
  await heading.focus();
  await expect(session.page.getByRole('combobox', { name: 'Page shown' })).toHaveValue(
    '/south-africa',
  );
  // The page's first drawing, which bundles the site's pages, is done before the editor types.
  await expect(
    frame().getByRole('heading', { name: 'Personal service from a global team' }),
  ).toBeVisible();
  // How quickly is npm run bench's to measure (docs/performance.md), not a test's.
  const typed = 'Personal service, drawn while typing';
  await heading.fill(typed);
  await expect(frame().getByRole('heading', { name: typed })).toBeVisible();
});

test('the page is drawn whole, the tags that find its fields taken out: the logo’s mark keeps its shapes', async () => {
  await session.page.getByRole('combobox', { name: 'Page shown' }).selectOption('/south-africa');
  // The mark is a square and two strokes (components/layout/logo.tsx), in an SVG with no text.
  const logo = frame().getByRole('link', { name: 'Kestrel Bank Private Bank, homepage' });
  await expect(logo.locator('svg rect')).toHaveCount(1);
  await expect(logo.locator('svg path')).toHaveCount(2);
});

test('the field being edited has its text outlined on the page', async () => {
  await session.page.getByRole('textbox', { name: 'South Africa page, contact, heading' }).focus();
  const heading = frame().getByRole('heading', { name: 'Contact your local team' });
  await expect(heading.locator('[data-editor-selected]')).toHaveText('Contact your local team');
  await expect(heading.locator('[data-editor-selected]')).toBeInViewport();
});

test('a click on a text of the page selects its field', async () => {
  await clickOnPage(frame().getByRole('heading', { name: 'Contact your local team' }));
  await expect(
    session.page.getByRole('textbox', { name: 'South Africa page, contact, heading' }),
  ).toBeFocused();
});

test('a click on a text of one word selects its field too', async () => {
  // The menu's button shows on a phone's screen: the page is drawn at a phone's width for it.
  await session.page.getByRole('radio', { name: 'Phone (360 px)' }).check();
  await clickOnPage(frame().getByRole('button', { name: 'Menu', exact: true }));
  await expect(
    session.page.getByRole('textbox', { name: "Navigation, main menu's button" }),
  ).toBeFocused();
  await session.page.getByRole('radio', { name: 'Desktop (1280 px)' }).check();
});

/** The fields the view offers for a text made of several, as the buttons under the page name them. */
const offered = () =>
  session.page.locator('#page-beside-choice').getByRole('button').allTextContents();

test('a text made of several fields offers each of them, those the site works a value out from too', async () => {
  await clickOnPage(frame().getByText(/^09:00 to 17:00 UTC, Monday to Friday/));
  await expect(session.page.getByText('This text is made of several fields:')).toBeVisible();
  // The line's own words, each slot's field, and what the office's times are worked out from.
  expect(await offered()).toEqual([
    'Contact, hours, text',
    'Contact, hours, opens',
    'Contact, hours, closes',
    'Contact, hours, time zone',
    'Contact, hours, from',
    'Contact, hours, to',
    'South Africa page, office, time zone',
    'South Africa page, office, city',
  ]);
  await session.page.getByRole('button', { name: 'Contact, hours, opens' }).click();
  await expect(session.page.getByRole('textbox', { name: 'Contact, hours, opens' })).toBeFocused();
});

test("the footer's copyright line offers the year of the page it is on", async () => {
  await expect(session.page.getByRole('combobox', { name: 'Page shown' })).toHaveValue(
    '/south-africa',
  );
  await clickOnPage(frame().getByText(/^© 2025 /));
  await expect
    .poll(offered)
    .toEqual(['Site, copyright', 'South Africa page, copyright year', 'Site, name']);
});

test('with a keyboard alone, a link of the page offers the fields of its text, and the focus goes to them', async () => {
  const page = session.page;
  await page.getByRole('combobox', { name: 'Page shown' }).selectOption('/south-africa');
  await expect(page.getByTitle('The page as it will look')).toHaveAttribute('aria-busy', 'false');
  // Enter on a link is a click on the link itself, not on the text inside it that a mouse finds.
  const link = frame()
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Where we’re located' });
  await link.focus();
  await link.press('Enter');
  const choice = page.getByRole('group', { name: 'This text is made of several fields:' });
  // The link's label, the line it is in, and the field that line's {parent} is filled from.
  await expect(choice.getByRole('button')).toHaveText([
    'South Africa page, page one level up, label',
    'South Africa page, back to',
    'South Africa page, page one level up',
  ]);
  await expect(
    choice.getByRole('button', { name: 'South Africa page, page one level up, label' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('textbox', { name: 'South Africa page, page one level up, label' }),
  ).toBeFocused();
});

test("a page's description shows as a search result, with the share card's picture", async () => {
  const description = session.page.getByRole('textbox', { name: 'South Africa page, description' });
  await description.fill('Private banking from Johannesburg, as a search result shows it.');
  const searchResult = session.page.getByRole('region', {
    name: 'In search results and share cards',
  });
  await expect(searchResult).toContainText(
    'Private banking from Johannesburg, as a search result shows it.',
  );
  // The share image's description, with the site's name and division filled in.
  await expect(searchResult.getByRole('img')).toHaveAccessibleName(/^Kestrel Bank Private Bank/);
});

test('security.txt is shown as its text, which is on no page', async () => {
  await session.page.getByRole('textbox', { name: 'Security Text, contact' }).focus();
  await expect(frame().locator('pre')).toContainText('Contact: mailto:security@example.com');
});

test("a link whose address is built from the content's texts carries nothing of the editor", async () => {
  await session.page.getByRole('textbox', { name: 'South Africa page, contact, heading' }).focus();
  const callBack = frame().getByRole('link', { name: 'Request a call back' });
  await expect(callBack).toHaveAttribute(
    'href',
    /^mailto:southafrica\.privatebank@example\.com\?subject=Call%20back%20request%3A%20Private%20Bank%20South%20Africa&body=Please%20call%20me%20back/,
  );
  expect(await callBack.getAttribute('href')).not.toMatch(/%EE%80/i);
});

test('a phone number the check refuses leaves the page drawn with the number it accepted', async () => {
  const phone = session.page.getByRole('textbox', {
    name: 'Contact, online banking line 1, phone',
  });
  await phone.fill('0808 157 019X');
  await expect(phone).toHaveAccessibleDescription(/Not saved/);
  const shown = session.page.getByRole('combobox', { name: 'Page shown' });
  await shown.selectOption('/');
  await shown.selectOption('/south-africa');
  await expect(frame().getByRole('link', { name: '0808 157 0192' })).toBeVisible();
  await expect(
    session.page.getByText(
      'The page shows the last accepted value of Contact, online banking line 1, phone',
    ),
  ).toBeVisible();
  await phone.fill('0808 157 0192');
  await phone.press('Tab');
});

test('a value typed and not saved is not drawn on the page once the view is opened again', async () => {
  const heading = session.page.getByRole('textbox', {
    name: 'South Africa page, contact, heading',
  });
  await heading.fill('Typed and left unsaved');
  await expect(frame().getByRole('heading', { name: 'Typed and left unsaved' })).toBeVisible();
  await session.page.goto(session.view.address);
  await heading.focus();
  await expect(frame().getByRole('heading', { name: 'Contact your local team' })).toBeVisible();
});

test('a field is shown on a page that draws it: the hours on the South Africa page, not on the not-found page', async () => {
  const shown = session.page.getByRole('combobox', { name: 'Page shown' });
  await session.page.getByRole('textbox', { name: 'Home page, title' }).focus();
  await expect(shown).toHaveValue('/');
  // A time is no text of a page: the site's own page that draws from its file, before the others.
  await session.page.getByRole('textbox', { name: 'Contact, hours, opens' }).focus();
  await expect(shown).toHaveValue('/south-africa');
  await session.page.getByRole('textbox', { name: 'Home page, title' }).focus();
  await session.page.getByRole('textbox', { name: 'Contact, hours, text' }).focus();
  await expect(shown).toHaveValue('/south-africa');
});

test('"Page shown" names each page in words, and where visitors meet the two with no address', async () => {
  await expect(
    session.page.getByRole('combobox', { name: 'Page shown' }).getByRole('option'),
  ).toHaveText([
    'Home page (/)',
    'South Africa page (/south-africa)',
    'Error page (when a page fails to load)',
    'Not Found page (at any address that is no page)',
    'Security Text (/.well-known/security.txt)',
  ]);
});

test('a click on a phone number or an e-mail address, which carry no tag, finds their fields by value', async () => {
  await session.page.getByRole('textbox', { name: 'South Africa page, contact, heading' }).focus();
  await clickOnPage(frame().getByRole('link', { name: 'southafrica.privatebank@example.com' }));
  await expect(session.page.getByRole('textbox', { name: 'Contact, general email' })).toBeFocused();
  await clickOnPage(frame().getByRole('link', { name: '0808 157 0192' }));
  await expect
    .poll(offered)
    .toEqual([
      'South Africa page, contact, clients, phone line',
      'Contact, online banking line 1, phone',
      'Contact, online banking line 1, label',
      'Contact, online banking line 2, label',
    ]);
});

test('the page outlines the opening hours and a link’s address while they are typed', async () => {
  const opens = session.page.getByRole('textbox', { name: 'Contact, hours, opens' });
  await opens.fill('08:30');
  // The hours show on the South Africa page, which is shown for them.
  await expect(session.page.getByRole('combobox', { name: 'Page shown' })).toHaveValue(
    '/south-africa',
  );
  // The time, and the time in Johannesburg that the site works out from it.
  await expect(frame().locator('[data-editor-selected]')).toHaveText(['08:30', '10:30']);
  const address = session.page.getByRole('combobox', {
    name: 'South Africa page, section 2, paragraph 1, link 1, address',
  });
  await address.fill('/south-africa#contact');
  await expect(frame().locator('[data-editor-selected]')).toHaveCount(1);
  await expect(frame().locator('a[data-editor-selected]')).toHaveAttribute(
    'href',
    '/south-africa#contact',
  );
});

test('a value the check refuses is not drawn: the page keeps the last accepted value, and says so', async () => {
  const opens = session.page.getByRole('textbox', { name: 'Contact, hours, opens' });
  await opens.fill('08:45');
  await opens.press('Enter');
  // The file says when it is saved: the status may still say an earlier save of this field.
  await expect
    .poll(() => readFileSync(path.join(session.view.folder, 'content/contact.ts'), 'utf8'))
    .toContain("opens: '08:45'");
  await opens.fill('25:00');
  await expect(
    session.page.getByText(
      'The page shows the last accepted value of Contact, hours, opens: the check has not accepted what you typed.',
    ),
  ).toBeVisible();
  await expect(frame().getByText(/^08:45 to 17:00 UTC/)).toBeVisible();
  await expect(frame().getByText(/25:00/)).toHaveCount(0);
});

test('choosing a file in the list of files shows its page beside the form', async () => {
  const files = session.page.getByRole('navigation', { name: 'Content files' });
  const shown = session.page.getByRole('combobox', { name: 'Page shown' });
  await files.getByRole('link', { name: 'South Africa page', exact: true }).click();
  await expect(shown).toHaveValue('/south-africa');
  await files.getByRole('link', { name: 'Home page', exact: true }).click();
  await expect(shown).toHaveValue('/');
});

test('the view opens on the page editors change most: its file first, and its page beside', async () => {
  const opened = await session.page.context().newPage();
  await opened.goto(session.view.address);
  await expect(opened.getByRole('combobox', { name: 'Page shown' })).toHaveValue('/south-africa');
  const files = opened.getByRole('navigation', { name: 'Content files' }).getByRole('link');
  await expect(files.first()).toHaveText('South Africa page');
  await opened.close();
});
