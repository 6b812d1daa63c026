import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { home } from '../../content/home';
import { editingViewForSpec } from '../support/editing-view';

/**
 * Nothing the editor typed is lost by anything the view does (issue #39, item 1): with a branch
 * name and a commit message typed, and a value typed that the check refuses (so it stays typed and
 * unsaved), each action of the view leaves all three as they were: a save of another field, Undo,
 * discarding a change, reloading the files after a change on disk, and adding, moving and removing
 * a list's item. Where an action takes away the button that was pressed (a discard, a reload), the
 * focus goes to the field it concerns rather than to nowhere.
 */

// A repository of its own, as a clone is, so that the view lists the changes to discard.
const session = editingViewForSpec({ committed: true });

const BRANCH = 'content/kept-while-working';
const MESSAGE = 'The opening hours, typed and kept';
const REFUSED = '25:00';

const branch = () => session.page.getByRole('textbox', { name: 'New branch' });
const message = () =>
  session.page.getByRole('textbox', { name: 'What you changed, in a sentence' });
const opens = () => session.page.getByRole('textbox', { name: 'Contact, hours, opens' });
const status = () => session.page.getByRole('status');

/** The three things typed are as they were typed. */
async function expectTypedWorkKept(after: string) {
  await expect(branch(), `the branch after ${after}`).toHaveValue(BRANCH);
  await expect(message(), `the message after ${after}`).toHaveValue(MESSAGE);
  await expect(opens(), `the refused time after ${after}`).toHaveValue(REFUSED);
  await expect(opens(), `its message after ${after}`).toHaveAccessibleDescription(
    /Not saved: "25:00" is not a 24-hour time/,
  );
}

test.beforeAll(async () => {
  await branch().fill(BRANCH);
  await message().fill(MESSAGE);
  await opens().fill(REFUSED);
  await opens().press('Enter');
  await expect(status()).toContainText('Not saved: Contact, hours, opens');
});

test('a save of another field keeps what was typed', async () => {
  const title = session.page.getByRole('textbox', { name: 'Home page, title' });
  await title.fill('Kept while saving');
  await title.press('Enter');
  await expect(status()).toContainText('Saved Home page, title');
  await expect(title).toBeFocused();
  await expectTypedWorkKept('a save');
});

test('Undo keeps what was typed', async () => {
  await session.page.getByRole('button', { name: 'Undo the last save' }).click();
  await expect(status()).toContainText('was undone');
  await expect(session.page.getByRole('textbox', { name: 'Home page, title' })).toHaveValue(
    home.title,
  );
  await expectTypedWorkKept('Undo');
});

test('discarding a change keeps what was typed', async () => {
  const lead = session.page.getByRole('textbox', { name: 'Home page, sentence under the heading' });
  await lead.fill('A lead to discard.');
  await lead.press('Enter');
  await expect(status()).toContainText('Saved Home page, sentence under the heading');
  await session.page
    .getByRole('button', { name: 'Discard the change to Home page, sentence under the heading' })
    .click();
  await expect(status()).toContainText(
    'The change to Home page, sentence under the heading was discarded',
  );
  await expect(lead).toHaveValue(home.lead);
  // The discard button went with the change; the focus is on the field it put back.
  await expect(lead).toBeFocused();
  await expectTypedWorkKept('a discard');
});

test('reloading the files after a change on disk keeps what was typed', async () => {
  const file = path.join(session.view.folder, 'content/home.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace(home.title, 'Changed in another program'));
  await session.page.getByRole('button', { name: 'Reload the files' }).click();
  await expect(session.page.getByRole('textbox', { name: 'Home page, title' })).toHaveValue(
    'Changed in another program',
  );
  // The alert went with its button; the focus is on the value typed and not saved.
  await expect(opens()).toBeFocused();
  await expectTypedWorkKept('a reload');
});

test('adding, moving and removing a list’s item keeps what was typed', async () => {
  const page = session.page;
  await page.getByRole('button', { name: 'Add to Security Text, preferred languages' }).click();
  const added = page.getByRole('textbox', { name: 'Security Text, preferred language 2' });
  await expect(added).toBeFocused();
  await added.fill('af');
  await added.press('Enter');
  await expect(status()).toContainText('Saved Security Text, preferred language 2');
  await expectTypedWorkKept('an item added');
  // What the editor sees once each change is saved: the items in their new order, and the save
  // said. "moved to place 1" is said first, for as long as the save takes, which can be too short
  // for any reader to see.
  const first = page.getByRole('textbox', { name: 'Security Text, preferred language 1' });
  await page.getByRole('button', { name: 'Move Security Text, preferred language 2 up' }).click();
  await expect(first).toHaveValue('af');
  await expect(status()).toContainText('Saved Security Text, preferred languages');
  await expectTypedWorkKept('an item moved');
  await page.getByRole('button', { name: 'Remove Security Text, preferred language 1' }).click();
  await expect(added).toHaveCount(0);
  await expect(first).not.toHaveValue('af');
  await expect(status()).toContainText('Saved Security Text, preferred languages');
  await expectTypedWorkKept('an item removed');
});
