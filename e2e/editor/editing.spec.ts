import {
  closeSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import prettier from 'prettier';
import { contact } from '../../content/contact';
import { errorPage } from '../../content/error-page';
import { home } from '../../content/home';
import { legal } from '../../content/legal';
import { navigation } from '../../content/navigation';
import { notFound } from '../../content/not-found';
import { securityTxt } from '../../content/security-txt';
import { site } from '../../content/site';
import { southAfrica } from '../../content/south-africa';
import { brief } from '../support/brief';
import { editingViewForSpec, startEditingView } from '../support/editing-view';

/**
 * The editing view as an editor works in it (issue #32, items 2, 4, 5 and 9), over a scratch copy:
 * change a text and find only that value changed in its file, which still passes Prettier's check;
 * see a save replace its file whole; type a time the check rejects and read the check's words at
 * the field, the file unchanged; add, fill, reorder and remove a list's item, the comments in the
 * list staying; change a file on disk while the view is open; undo.
 */

const session = editingViewForSpec();

const fileOf = (name: string) => path.join(session.view.folder, 'content', name);
const read = (name: string) => readFileSync(fileOf(name), 'utf8');

/** Every content file's value, by its export name, as the view's scratch copy starts with it. */
const content = {
  contact,
  errorPage,
  home,
  legal,
  navigation,
  notFound,
  securityTxt,
  site,
  southAfrica,
};

/** The lines of `after` that differ from `before`'s, with their line numbers. */
function changedLines(before: string, after: string) {
  const [old, now] = [before.split('\n'), after.split('\n')];
  expect(now).toHaveLength(old.length);
  return now.flatMap((line, i) => (line === old[i] ? [] : [`${i + 1}: ${line.trim()}`]));
}

/** The line number of the line of a source that holds a text. */
const lineOf = (source: string, text: string) =>
  source.slice(0, source.indexOf(text)).split('\n').length;

/** Whether a file is laid out as `prettier --check` wants, with the project's settings. */
async function passesPrettier(name: string) {
  const options = await prettier.resolveConfig(fileOf(name));
  return prettier.check(read(name), { ...options, filepath: fileOf(name) });
}

/**
 * A developer's edit of a content file while the view is open, as an editor then sees it: the
 * view says the file changed on disk, and once the editor reloads the files, says nothing more.
 * The file's text `from`, which must be in it, becomes `to`.
 */
async function editOnDiskAndReload(name: string, from: string, to: string) {
  expect(read(name)).toContain(from);
  writeFileSync(fileOf(name), read(name).replace(from, to));
  await expect(session.page.getByRole('alert')).toContainText(`content/${name} changed on disk`);
  await session.page.getByRole('button', { name: 'Reload the files' }).click();
  await expect(session.page.getByRole('alert')).toBeHidden();
}

test('every value of every content file has an input of its own', async () => {
  // The values as the content files hold them, each named as the check names fields.
  const names: string[] = [];
  const walk = (value: unknown, name: string) => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${name}[${i}]`));
    else if (value && typeof value === 'object')
      for (const [key, field] of Object.entries(value)) walk(field, `${name}.${key}`);
    else names.push(name);
  };
  for (const [name, value] of Object.entries(content)) walk(value, name);
  expect(names.length).toBeGreaterThan(150);
  await expect(session.page.getByRole('textbox', { name: 'Home page, title' })).toBeVisible();
  const withoutInput = await session.page.evaluate(
    (fields) =>
      fields.filter(
        (field) =>
          !document.querySelector(
            `.field[data-field="${CSS.escape(field)}"] :is(input, textarea, select)`,
          ),
      ),
    names,
  );
  expect(withoutInput).toEqual([]);
});

test('every field has its name in words, its help text, and its path behind "Details"', async () => {
  // A link's input offers the site's pages, so it is a combobox.
  const link = session.page.getByRole('combobox', {
    name: 'South Africa page, section 2, paragraph 1, link 1, address',
  });
  await expect(link).toHaveValue('#');
  await expect(link).toHaveAccessibleDescription(
    /^Where the link goes: a page of this site.* southAfrica\.sections\[1\]\.paragraphs\[0\]\[1\]\.href /,
  );
  // The path is a developer's word: it waits behind the field's "Details", closed until opened.
  const field = session.page.locator('.field', { has: link });
  const path = field.getByText('southAfrica.sections[1].paragraphs[0][1].href', { exact: true });
  await expect(path).toBeHidden();
  await field.getByText('Details', { exact: true }).click();
  await expect(path).toBeVisible();
  // The go-live placeholder is a reminder, not an error.
  await expect(link).toHaveAccessibleDescription(
    /Before going live: # is a placeholder link that goes nowhere/,
  );
});

test('each kind of field has its input: a time zone to choose, a multi-line text, statutory words marked', async () => {
  await expect(
    session.page.getByRole('combobox', { name: 'Contact, hours, time zone' }),
  ).toHaveValue('UTC');
  await expect(
    session.page.getByRole('combobox', { name: 'Contact, hours, time zone' }).getByRole('option', {
      name: 'Africa/Johannesburg',
    }),
  ).toBeAttached();
  // A link's input offers the site's pages by name.
  const pages = session.page.locator(
    `datalist#${await session.page
      .getByRole('combobox', { name: 'South Africa page, page one level up, address' })
      .getAttribute('list')}`,
  );
  await expect(pages.locator('option[value="/south-africa"]')).toHaveText('South Africa');
  await expect(pages.locator('option[value="/"]')).toHaveText(brief.homeTitle);
  await expect(
    session.page.getByRole('combobox', { name: 'South Africa page, picture at the top, file' }),
  ).toHaveValue('/images/south-africa-hero.svg');
  await expect(
    session.page.getByRole('spinbutton', { name: 'Home page, copyright year' }),
  ).toHaveValue('2025');
  await expect(session.page.getByRole('textbox', { name: 'Contact, help phone' })).toHaveAttribute(
    'type',
    'tel',
  );
  // The call-back e-mail's body keeps its line breaks.
  const body = session.page.getByRole('textbox', {
    name: 'South Africa page, contact, card for new clients, call back, e-mail text',
  });
  await expect(body).toHaveValue(/^Please call me back.*\n\nName:\n/s);
  await expect(
    session.page.getByRole('textbox', { name: 'Legal, licence' }),
  ).toHaveAccessibleDescription(/Statutory wording: the check holds its words/);
  await expect(
    session.page.getByRole('textbox', { name: 'Legal, heading' }),
  ).not.toHaveAccessibleDescription(/Statutory wording/);
});

test('a changed text is saved into its file, only its own line changing', async () => {
  const before = read('south-africa.ts');
  const heading = session.page.getByRole('textbox', {
    name: 'South Africa page, section 1, heading',
  });
  await heading.fill('Personal service from one global team');
  await heading.press('Tab');
  await expect(session.page.getByRole('status')).toContainText(
    'Saved South Africa page, section 1, heading',
  );
  const line = lineOf(before, "heading: 'Personal service from a global team',");
  expect(changedLines(before, read('south-africa.ts'))).toEqual([
    `${line}: heading: 'Personal service from one global team',`,
  ]);
  expect(await passesPrettier('south-africa.ts')).toBe(true);
  // The comments stay where they were.
  expect(read('south-africa.ts')).toContain('// Empty on purpose: the picture is decoration');
});

test('a save puts a whole new file in place of the old one, never rewriting it where it lies', async () => {
  // A reader that opened the file before the save (the dev server, an editor's code editor) goes on
  // reading the old file whole, and nothing is left behind: the new file was written beside it and
  // renamed over it, so no reader ever sees half of it.
  const before = read('contact.ts');
  const contentFiles = () => readdirSync(path.join(session.view.folder, 'content')).sort();
  const filesBefore = contentFiles();
  const opened = openSync(fileOf('contact.ts'), 'r');
  try {
    const email = session.page.getByRole('textbox', { name: 'Contact, general email' });
    await email.fill('hello.privatebank@example.com');
    await email.press('Enter');
    await expect(session.page.getByRole('status')).toContainText('Saved Contact, general email');
    expect(read('contact.ts')).toContain("'hello.privatebank@example.com'");
    expect(readFileSync(opened, 'utf8')).toBe(before);
    expect(statSync(fileOf('contact.ts')).ino).not.toBe(fstatSync(opened).ino);
    expect(contentFiles()).toEqual(filesBefore);
  } finally {
    closeSync(opened);
  }
});

test("a time the check rejects shows the check's words at the field and is not written", async () => {
  const before = read('contact.ts');
  const opens = session.page.getByRole('textbox', { name: 'Contact, hours, opens' });
  await opens.fill('9am');
  // As the editor types, before leaving the field.
  await expect(opens).toHaveAccessibleDescription(
    /"9am" is not a 24-hour time: write it like 09:00/,
  );
  await opens.press('Tab');
  await expect(session.page.getByRole('status')).toContainText('Not saved: Contact, hours, opens');
  await expect(opens).toHaveValue('9am');
  expect(read('contact.ts')).toBe(before);
  await opens.fill('08:30');
  await opens.press('Enter');
  await expect(session.page.getByRole('status')).toContainText('Saved Contact, hours, opens');
  const line = lineOf(before, "opens: '09:00',");
  expect(changedLines(before, read('contact.ts'))).toEqual([`${line}: opens: '08:30',`]);
});

test('a rejected value keeps its message while the editor types in another field', async () => {
  const { page } = session;
  const opens = page.getByRole('textbox', { name: 'Contact, hours, opens' });
  await opens.fill('9am');
  await expect(opens).toHaveAccessibleDescription(/"9am" is not a 24-hour time/);
  // Another field checked after it, with a slip of its own, so that its check is seen to be done.
  const lead = page.getByRole('textbox', { name: 'Home page, sentence under the heading' });
  const leadBefore = await lead.inputValue();
  await lead.fill('');
  await expect(lead).toHaveAccessibleDescription(/is empty/);
  await expect(opens).toHaveAccessibleDescription(/"9am" is not a 24-hour time/);
  await lead.fill(leadBefore);
  await lead.press('Enter');
  await opens.fill('08:30');
  await opens.press('Enter');
  await expect(opens).not.toHaveAccessibleDescription(/is not a 24-hour time/);
});

test('a value that breaks a rule relating it to another field says so at the field typed in', async () => {
  const before = read('navigation.ts');
  const id = session.page.getByRole('textbox', {
    name: 'Navigation, main menu link 3, short name',
  });
  await id.fill('offices');
  const message =
    'with this value, South Africa page, main menu link it belongs to: "locations" is not the id of an item of navigation.main';
  await expect(id).toHaveAccessibleDescription(new RegExp(message.replace(/[.,]/g, '\\$&')));
  await id.press('Tab');
  await expect(session.page.getByRole('status')).toContainText(
    'Not saved: Navigation, main menu link 3, short name — see the message at the field',
  );
  expect(read('navigation.ts')).toBe(before);
  await id.fill('locations');
  await id.press('Tab');
  await expect(id).not.toHaveAccessibleDescription(/with this value/);
  // The value the file holds is saved back: the test ends once that is done, not during it.
  await expect(session.page.getByRole('status')).toContainText(
    'Saved Navigation, main menu link 3, short name',
  );
});

test("a list's item is added, filled, moved and removed, each saved into the file, the focus staying with it", async () => {
  const { page } = session;
  const languages = () => /preferredLanguages: \[(.*)\]/.exec(read('security-txt.ts'))?.[1];
  expect(languages()).toBe("'en'");
  await page
    .getByRole('button', { name: 'Add to Security Text, preferred languages' })
    .press('Enter');
  // The new item waits in the form, unsaved and with no message yet, for the editor to fill it in.
  const added = page.getByRole('textbox', { name: 'Security Text, preferred language 2' });
  await expect(added).toBeFocused();
  await expect(added).not.toHaveAccessibleDescription(/Not saved/);
  expect(languages()).toBe("'en'");
  // An empty language is no language tag: said as the editor types, and not saved.
  await page.keyboard.type('a');
  await page.keyboard.press('Backspace');
  await expect(added).toHaveAccessibleDescription(/"" is not a language tag: write it like en/);
  await page.keyboard.type('af');
  await page.keyboard.press('Tab');
  // This save's own words: the test before ended with a save, which the bar may still say.
  await expect(page.getByRole('status')).toContainText('Saved Security Text, preferred language 2');
  expect(languages()).toBe("'en', 'af'");
  await page
    .getByRole('button', { name: 'Move Security Text, preferred language 2 up' })
    .press('Enter');
  await expect.poll(languages).toBe("'af', 'en'");
  await expect(
    page.getByRole('textbox', { name: 'Security Text, preferred language 1' }),
  ).toHaveValue('af');
  // The moved item keeps the focus: at the top, on its button that moves it back down.
  await expect(
    page.getByRole('button', { name: 'Move Security Text, preferred language 1 down' }),
  ).toBeFocused();
  await page
    .getByRole('button', { name: 'Remove Security Text, preferred language 1' })
    .press('Enter');
  await expect.poll(languages).toBe("'en'");
  // The item that takes the removed one's place has the focus.
  await expect(
    page.getByRole('button', { name: 'Remove Security Text, preferred language 1' }),
  ).toBeFocused();
  expect(await passesPrettier('security-txt.ts')).toBe(true);
});

test('comments inside a list stay, and move with their items, as items are added, moved and removed', async () => {
  /** The navigation's service list as the file writes it, of the item lines given. */
  const serviceList = (...items: string[]) => ['  service: [', ...items, '  ],'].join('\n');
  // A developer's comments, above an item, after an item's comma and after the last item.
  const contactComment = '    // Contact comes first: most visitors look for it.';
  const contact = "    { id: 'contact', label: 'Contact us', href: '#' },";
  const about =
    "    { id: 'about', label: 'About us', href: '#' }, // The group's page until ours is written.";
  const lastComment = '    // Room for a third link: the bar holds three at 320 px.';
  await editOnDiskAndReload(
    'navigation.ts',
    serviceList(contact, "    { id: 'about', label: 'About us', href: '#' },"),
    serviceList(contactComment, contact, about, lastComment),
  );
  const service = () =>
    /\n {2}service: \[[^]*?\n {2}\],/.exec(read('navigation.ts'))?.[0].slice(1) ?? '';

  await session.page
    .getByRole('button', { name: 'Move Navigation, link after log in 2 up' })
    .click();
  await expect.poll(service).toBe(serviceList(about, contactComment, contact, lastComment));

  // A new item is written with its fields in the schema's order.
  await session.page.getByRole('button', { name: 'Add to Navigation, links after log in' }).click();
  for (const [role, field, value] of [
    ['textbox', 'label', 'Careers'],
    ['combobox', 'address', '#'],
    ['textbox', 'short name', 'careers'],
  ] as const) {
    const input = session.page.getByRole(role, {
      name: `Navigation, link after log in 3, ${field}`,
    });
    await input.fill(value);
    await input.press('Tab');
    // Until the new item is whole, the bar says which of its fields the check holds it back at.
    if (field === 'label')
      await expect(session.page.getByRole('status')).toHaveText(
        'Not saved: Navigation, link after log in 3, label — see the message at Navigation, link after log in 3, short name',
      );
  }
  const careers = "    { label: 'Careers', href: '#', id: 'careers' },";
  await expect
    .poll(service)
    .toBe(serviceList(about, contactComment, contact, careers, lastComment));

  // The comment above the item removed was about it, and goes with it.
  await session.page
    .getByRole('button', { name: 'Remove Navigation, link after log in 2' })
    .click();
  await expect.poll(service).toBe(serviceList(about, careers, lastComment));
  expect(await passesPrettier('navigation.ts')).toBe(true);
});

test('an optional field is filled and emptied, the comments in its group staying', async () => {
  const commented = "        variant: 'primary', // The page's one filled button.\n";
  await editOnDiskAndReload('south-africa.ts', "        variant: 'primary',\n", commented);
  const before = read('south-africa.ts');
  const address = session.page.getByRole('combobox', {
    name: 'South Africa page, contact, card for new clients, call back, address',
  });
  await address.fill('/south-africa#contact');
  await address.press('Tab');
  await expect(session.page.getByRole('status')).toContainText(
    'Saved South Africa page, contact, card for new clients, call back, address',
  );
  const callBack = () => /callBack: \{[^}]*\}/.exec(read('south-africa.ts'))?.[0] ?? '';
  expect(callBack()).toContain(commented.trim());
  expect(callBack()).toMatch(/\n {8}href: '\/south-africa#contact',\n {6}\}$/);
  await address.fill('');
  await address.press('Tab');
  // Emptied, the field is left out of the file, which is as it was before it was filled.
  await expect.poll(() => read('south-africa.ts')).toBe(before);
  expect(await passesPrettier('south-africa.ts')).toBe(true);
});

test('a save the editing view itself fails says so, and does not send the editor to a message that is not there', async () => {
  const { page } = session;
  await page.route('**/api/save', (route) =>
    route.fulfill({ status: 500, json: { error: 'the editor failed: Error: disk full' } }),
  );
  const lead = page.getByRole('textbox', { name: 'Home page, sentence under the heading' });
  const leadBefore = await lead.inputValue();
  try {
    await lead.fill('Typed as the disk filled up.');
    await lead.press('Enter');
    await expect(page.getByRole('status')).toHaveText(
      'Not saved: Home page, sentence under the heading. The editing view failed (the editor failed: Error: disk full): tell a developer; what you typed stays in the field',
    );
    await expect(lead).toHaveValue('Typed as the disk filled up.');
  } finally {
    await page.unroute('**/api/save');
  }
  // Put back as it was, or leaving the field would save what was typed, as it should.
  await lead.fill(leadBefore);
  await lead.press('Enter');
  await expect(page.getByRole('status')).toContainText(
    'Saved Home page, sentence under the heading',
  );
});

test('the last save is undone, and only the last', async () => {
  const before = read('home.ts');
  const title = session.page.getByRole('textbox', { name: 'Home page, title' });
  await title.fill('Sorry, that page is not here');
  await title.press('Enter');
  await expect(session.page.getByRole('status')).toContainText('Saved Home page, title');
  const afterTitle = read('home.ts');
  const lead = session.page.getByRole('textbox', { name: 'Home page, sentence under the heading' });
  await lead.fill('Our South Africa office can help.');
  await lead.press('Enter');
  await expect(session.page.getByRole('status')).toContainText(
    'Saved Home page, sentence under the heading',
  );
  const undo = session.page.getByRole('button', { name: 'Undo the last save' });
  await undo.click();
  await expect(session.page.getByRole('status')).toHaveText(
    "This tab's last save, Home page, sentence under the heading in content/home.ts, was undone",
  );
  expect(read('home.ts')).toBe(afterTitle);
  await expect(lead).toHaveValue(/The page you asked for isn’t here/);
  // The save before it is the file's history, for git to keep: Undo goes no further.
  await expect(undo).toBeDisabled();
  await title.fill('Oops! Something went wrong');
  await title.press('Enter');
  await expect.poll(() => read('home.ts')).toBe(before);
});

test('a file changed on disk is not overwritten, and what was typed survives the reload', async () => {
  const developers = read('home.ts').replace("title: 'Oops!", "title: 'Whoops!");
  writeFileSync(fileOf('home.ts'), developers);
  // The view notices on its own, before anything is saved over the file.
  await expect(session.page.getByRole('alert')).toContainText('content/home.ts changed on disk');
  const lead = session.page.getByRole('textbox', { name: 'Home page, sentence under the heading' });
  await lead.fill('Typed while a developer changed the file.');
  await lead.press('Enter');
  await expect(session.page.getByRole('alert')).toContainText('content/home.ts changed on disk');
  expect(read('home.ts')).toBe(developers);
  await session.page.getByRole('button', { name: 'Reload the files' }).click();
  await expect(session.page.getByRole('textbox', { name: 'Home page, title' })).toHaveValue(
    'Whoops! Something went wrong',
  );
  await expect(lead).toHaveValue('Typed while a developer changed the file.');
  await session.page
    .getByRole('button', { name: 'Save what you typed (Home page, sentence under the heading)' })
    .click();
  await expect(session.page.getByRole('status')).toContainText(
    'Saved Home page, sentence under the heading',
  );
  expect(read('home.ts')).toContain("title: 'Whoops! Something went wrong'");
  expect(read('home.ts')).toContain('Typed while a developer changed the file.');
});

test('the view fits every width from 320 to 1920 px, the page beside the form on wide screens', async () => {
  for (const width of [320, 768, 1280, 1920]) {
    await session.page.setViewportSize({ width, height: 900 });
    const overflow = await session.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scrolling at ${width} px`).toBe(0);
    const frame = session.page.getByTitle('The page as it will look');
    const show = session.page.getByRole('button', { name: 'Show the page' });
    // Beside the form from 1100 px (editor/browser/view.css); on narrower screens, opened on
    // demand.
    if (width >= 1280) {
      const form = await session.page
        .getByRole('textbox', { name: 'Home page, title' })
        .boundingBox();
      expect((await frame.boundingBox())!.x, `at ${width} px`).toBeGreaterThan(
        form!.x + form!.width,
      );
      await expect(show, `at ${width} px`).toBeHidden();
    } else {
      await expect(frame, `at ${width} px`).toBeHidden();
      await expect(show, `at ${width} px`).toBeVisible();
    }
  }
});

test('the view has no accessibility violations, and its fields are reached by keyboard', async () => {
  // axe reads some two hundred fields and the page beside them: 16 s under the whole suite's load.
  test.setTimeout(90_000);
  // axe.run in the view, which asks the same-origin frame beside the form for its results, where
  // the default runs each frame apart and joins their results in a blank page: the same rules over
  // the same elements, in a third of the time. Only violations are listed in full; the elements
  // that pass are what axe spends the rest of its time naming.
  const results = await new AxeBuilder({ page: session.page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  // The page beside the form was read too: a frame axe could not enter would be "incomplete".
  expect(results.passes.map((rule) => rule.id)).toContain('frame-tested');
  await session.page.getByRole('link', { name: 'Contact', exact: true }).focus();
  await session.page.keyboard.press('Enter');
  await session.page.keyboard.press('Tab');
  await expect(session.page.getByRole('textbox', { name: 'Contact, general email' })).toBeFocused();
});

test("a file with a typing slip shows the check's words for it, and its fields wait", async () => {
  const good = read('navigation.ts');
  writeFileSync(
    fileOf('navigation.ts'),
    good.replace("groupAccessibleName: 'Our websites',", "groupAccessibleName: 'Our websites'"),
  );
  await expect(session.page.getByRole('alert')).toContainText(
    'content/navigation.ts changed on disk',
  );
  await session.page.getByRole('button', { name: 'Reload the files' }).click();
  const section = session.page.getByRole('region', { name: 'Navigation content/navigation.ts' });
  await expect(section).toContainText('content/navigation.ts cannot be read as it is');
  await expect(section).toContainText('a comma or a closing quote is probably missing');
  await expect(
    session.page.getByRole('textbox', { name: "Navigation, top bar's menu button" }),
  ).toHaveCount(0);
  writeFileSync(fileOf('navigation.ts'), good);
  await session.page.getByRole('button', { name: 'Reload the files' }).click();
  await expect(
    session.page.getByRole('textbox', { name: "Navigation, top bar's menu button" }),
  ).toHaveValue('Our websites');
});

test('far down the form, the status and Undo stay in view, and no field reached by Shift+Tab is under them', async () => {
  const { page } = session;
  await page.setViewportSize({ width: 1280, height: 800 });
  const heading = page.getByRole('textbox', { name: 'South Africa page, section 2, heading' });
  await heading.fill('Creating the right service for each of you');
  await heading.press('Tab');
  await expect(page.getByRole('status')).toContainText(
    'Saved South Africa page, section 2, heading',
  );
  await expect(page.getByRole('status')).toBeInViewport();
  const undo = page.getByRole('button', { name: 'Undo the last save' });
  await expect(undo).toBeInViewport();
  // Going back up the form, each field the keyboard reaches is scrolled into view below the bar.
  const barBottom = (await undo.boundingBox())!.y + (await undo.boundingBox())!.height;
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Shift+Tab');
    const top = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    expect(top, `the field ${press + 1} Shift+Tab up`).toBeGreaterThanOrEqual(barBottom);
  }
});

test('a second editing view on a port in use says so in words, and stops', async () => {
  const { port } = session.view;
  const second = startEditingView({ port });
  await expect(second).rejects.toThrow(
    `The editing view cannot start: port ${port} is in use, perhaps by another npm run edit. Close that one, or start this one without PORT to take any free port.`,
  );
  await expect(second).rejects.not.toThrow(/ {4}at /);
});

test('a server that no longer takes the page, or stopped, is said once in words, and what was typed stays', async () => {
  const { page } = session;
  /** Asks the view to look at the files now, as it does when the editor comes back to it. */
  const comeBack = () => page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const failedRequests: string[] = [];
  page.on('requestfailed', (request) => failedRequests.push(request.url()));

  // With a key the server does not take, as a page opened before `npm run edit` was started again
  // has: the tab keeps its key in its sessionStorage (editor/browser/token.ts).
  await page.evaluate(() => sessionStorage.setItem('editor-token', '0'.repeat(48)));
  await comeBack();
  await expect(page.getByRole('alert')).toHaveText(
    /^The editing view was started again with a new key, which this page does not have\. What you typed and did not save stays in this page until you close it/,
  );
  await page.goto(session.view.address);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const lead = page.getByRole('textbox', { name: 'Home page, sentence under the heading' });
  await lead.fill('Typed as the server stopped.');
  await session.view.stop();
  for (let time = 1; time <= 3; time += 1) await comeBack();
  await expect.poll(() => failedRequests.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('alert')).toHaveText(
    /^The editing view's server is not answering: was npm run edit stopped\?/,
  );
  await expect(page.getByRole('alert')).toBeInViewport();
  await expect(page.getByText('The editing view failed')).toHaveCount(0);
  // Nothing can be saved until the view is opened again: no button offers to.
  await expect(page.getByRole('button', { name: /^Save what you typed/ })).toHaveCount(0);
  // On a phone the warning scrolls within the bar, which leaves most of the window to the form.
  await page.setViewportSize({ width: 320, height: 640 });
  const barHeight = await page
    .getByRole('alert')
    .evaluate((alert) => alert.closest('.bar')!.getBoundingClientRect().height);
  expect(barHeight).toBeLessThanOrEqual(640 * 0.4);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(lead).toHaveValue('Typed as the server stopped.');
});

test('a page’s fields come in the order the page shows them, then those its text does not show', async () => {
  const section = session.page.getByRole('region', {
    name: 'South Africa page content/south-africa.ts',
  });
  // The names of the file's own fields and groups, and the heading between the two kinds, in order.
  const shown = await section
    .locator(':scope > div > fieldset > legend, :scope > div > .field > label, :scope > div > h3')
    .allTextContents();
  const place = (name: string) => {
    expect(shown, name).toContain(name);
    return shown.indexOf(name);
  };
  const elsewhere =
    "Also in this file, not in the page's text: for search results, for the site to work with, or shown in another way";
  // The title is the page's heading, above its opening paragraphs.
  expect(place('South Africa page, back to')).toBeLessThan(place('South Africa page, title'));
  expect(place('South Africa page, title')).toBeLessThan(
    place('South Africa page, opening paragraphs'),
  );
  expect(place('South Africa page, opening paragraphs')).toBeLessThan(
    place('South Africa page, sections'),
  );
  expect(place('South Africa page, sections')).toBeLessThan(place('South Africa page, contact'));
  expect(place('South Africa page, contact')).toBeLessThan(
    place('South Africa page, important information'),
  );
  expect(place('South Africa page, important information')).toBeLessThan(place(elsewhere));
  expect(place(elsewhere)).toBeLessThan(place('South Africa page, description'));
  // The picture at the top shows no words of the page: it is shown in another way.
  expect(place(elsewhere)).toBeLessThan(place('South Africa page, picture at the top'));
});
