import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { editingViewForSpec } from '../support/editing-view';

/**
 * Characters nobody sees, and numbers in their own country, as an editor meets them in the editing
 * view (issue #52): each is said at the field it is typed in, in the check's words, with a button
 * that fixes it; the list of changes shows each such character by a visible marker, so that a
 * reviewer never reads "was X, now X". A number refused in the line's country that is one in
 * another is offered in its international form. The scratch copy is a git repository of its own,
 * as a clone is, so that the view lists the changes.
 */

const session = editingViewForSpec({ committed: true });
let view: typeof session.view;
let page: Page;

test.beforeAll(() => ({ view, page } = session));

const file = (name: string) => readFileSync(path.join(view.folder, 'content', name), 'utf8');
const changes = () => page.getByRole('region', { name: 'Changes since the last commit' });

/** The home page's title as committed, which each case types into. */
const TITLE = 'Oops! Something went wrong';

/**
 * Each character the issue names, typed into the home page's title: what the field says, the
 * button that fixes it, and the marker the list of changes shows it by before the fix. The no-break
 * space, the soft hyphen and the spaces are saved with a warning; the zero-width space, which no
 * text needs, is refused, and fixed the same way.
 */
const cases = [
  {
    name: 'a space at the end',
    typed: `${TITLE} `,
    says: 'Worth a look: has a space at the end, which nobody sees: delete it',
    button: 'Delete the space at the end',
    marker: '⟨space⟩',
  },
  {
    name: 'a space at the start',
    typed: ` ${TITLE}`,
    says: 'Worth a look: has a space at the start, which nobody sees: delete it',
    button: 'Delete the space at the start',
    marker: '⟨space⟩',
  },
  {
    name: 'two spaces in a row',
    typed: 'Oops!  Something went wrong',
    says: 'Worth a look: has 2 spaces in a row after "Oops!", which the page shows as one space: write one',
    button: 'Write one space for the run of spaces',
    marker: '⟨2 spaces⟩',
  },
  {
    name: 'a soft hyphen',
    typed: 'Oops! Some\u00adthing went wrong',
    says: 'Worth a look: has a soft hyphen (U+00AD) after "Oops! Some", which nobody sees unless a line breaks there, and browsers break lines themselves: delete it',
    button: 'Delete the soft hyphen',
    marker: '⟨soft hyphen⟩',
  },
  {
    name: 'a no-break space between two words',
    typed: 'Oops! Something\u00a0went wrong',
    says: 'Worth a look: has a no-break space (U+00A0) after "Oops! Something", which looks like a space but keeps two words on one line, as it should only between a number and its unit (£5 million): make it a plain space',
    button: 'Make the no-break space a plain space',
    marker: '⟨no-break space⟩',
  },
];

for (const slip of cases)
  test(`${slip.name} is said at the field, shown in the list of changes, and fixed by its button`, async () => {
    const title = page.getByRole('textbox', { name: 'Home page, title', exact: true });
    await title.fill(slip.typed);
    await title.press('Enter');
    await expect(page.getByRole('status')).toContainText('Saved Home page, title');
    await expect(title).toHaveAccessibleDescription(new RegExp(escaped(slip.says)));
    // The title is the one change listed, and what was added to it shows the character by its
    // marker, marked as added (the change in words of issue #51).
    await expect(changes().getByRole('listitem')).toHaveCount(1);
    await expect(changes().getByRole('listitem')).toContainText('Home page, title: ');
    await expect(changes().getByRole('insertion').filter({ hasText: slip.marker })).toHaveCount(1);
    await page.getByRole('button', { name: slip.button }).click();
    await expect(title).toHaveValue(TITLE);
    await expect(changes()).toContainText('Nothing has changed since the last commit.');
    expect(file('home.ts')).toContain(`title: '${TITLE}',`);
    await expect(page.getByRole('button', { name: slip.button })).toHaveCount(0);
    await expect(title).not.toHaveAccessibleDescription(/Worth a look/);
  });

test('a zero-width space is refused at the field, and its button deletes it and saves', async () => {
  const title = page.getByRole('textbox', { name: 'Home page, title', exact: true });
  await title.fill('Oops! Something\u200b went wrong');
  await title.press('Enter');
  await expect(page.getByRole('status')).toContainText('Not saved: Home page, title');
  await expect(title).toHaveAccessibleDescription(
    /Not saved: has a zero-width space \(U\+200B\) after "Oops! Something": delete it \(it may come from copying out of a document\)/,
  );
  expect(file('home.ts')).toContain(`title: '${TITLE}',`);
  await page.getByRole('button', { name: 'Delete the zero-width space' }).click();
  await expect(title).toHaveValue(TITLE);
  await expect(title).not.toHaveAccessibleDescription(/Not saved/);
  expect(file('home.ts')).toContain(`title: '${TITLE}',`);
});

test('a Johannesburg number on the line for the UK is refused, with its international form offered', async () => {
  const phone = page.getByRole('textbox', { name: 'Contact, online banking line 1, phone' });
  await phone.fill('011 535 4000');
  await phone.press('Enter');
  await expect(phone).toHaveAccessibleDescription(
    /"011 535 4000" is no phone number \(read as GB\): write it like 0808 157 0192; if it is a number in South Africa, write \+27 11 535 4000/,
  );
  expect(file('contact.ts')).toContain("phone: '0808 157 0192'");
  await page.getByRole('button', { name: 'Write +27 11 535 4000' }).click();
  await expect(phone).toHaveValue('+27 11 535 4000');
  await expect(page.getByRole('status')).toContainText(
    'Saved Contact, online banking line 1, phone',
  );
  expect(file('contact.ts')).toContain("phone: '+27 11 535 4000'");
});

test('a title counts its letters down from the 60 a heading reads well in, as the editor types', async () => {
  const field = page.locator('.field', {
    has: page.getByRole('textbox', { name: 'Home page, title', exact: true }),
  });
  const title = page.getByRole('textbox', { name: 'Home page, title', exact: true });
  // "Oops! Something went wrong" has 26 letters.
  await expect(field).toContainText(
    '34 letters left of the 60 recommended for a heading or a title',
  );
  await title.fill('Personal service from a global team of specialists, wherever your family is');
  await expect(field).toContainText('15 letters over the 60 recommended for a heading or a title');
  await title.fill(TITLE);
  await title.press('Enter');
  await expect(field).toContainText('34 letters left of the 60 recommended');
});

/** A text as a regular expression that matches it exactly. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
