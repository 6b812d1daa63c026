import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { commitToNewBranch, editingViewForSpec } from '../support/editing-view';

/**
 * What changed, and proposing it (issue #32, items 5 and 6), as an editor works: the panel lists
 * each field changed since the last commit with its old and new value; a change is discarded back
 * to the committed value; the changes are committed on a new branch with the editor's message. The
 * scratch copy is made a git repository of its own first, as a clone is.
 */

/**
 * The view's environment: a HOME of its own, with no git settings, as on a computer nobody has
 * committed from, so that whose commit it is comes from the repository's own settings, which a
 * test can take away. The folder is made by the first hook, before the view starts and reads it.
 */
const environment: Record<string, string> = { GIT_CONFIG_NOSYSTEM: '1' };
test.beforeAll(() => {
  environment.HOME = mkdtempSync(path.join(tmpdir(), 'editor-home-'));
});
test.afterAll(() => rmSync(environment.HOME!, { recursive: true, force: true }));

const session = editingViewForSpec({ own: { environment }, committed: true });
let view: typeof session.view;
let page: Page;
/** Runs git in the scratch copy, a repository of its own. */
let git: typeof session.git;
test.beforeAll(() => ({ view, page, git } = session));

const homeFile = () => readFileSync(path.join(view.folder, 'content/home.ts'), 'utf8');
const changes = () => page.getByRole('region', { name: 'Changes since the last commit' });

test('a saved change is listed with its old and new value, and discarded back', async () => {
  await expect(changes()).toContainText('Nothing has changed since the last commit.');
  await expect(page.getByRole('textbox', { name: 'New branch' })).toHaveAccessibleDescription(
    'The new branch starts from main, the branch the project is on, and holds what was committed there too.',
  );
  const committed = homeFile();
  const title = page.getByRole('textbox', { name: 'Home page, title' });
  await title.fill('Sorry, that page is not here');
  await title.press('Enter');
  await expect(changes()).toContainText(
    'Home page, title: “(removed: Oops! Something went wrong)(added: Sorry, that page is not here)”',
  );
  await page.getByRole('button', { name: 'Discard the change to Home page, title' }).click();
  await expect(page.getByRole('status')).toContainText(
    'The change to Home page, title was discarded',
  );
  expect(homeFile()).toBe(committed);
  await expect(title).toHaveValue('Oops! Something went wrong');
  await expect(changes()).toContainText('Nothing has changed since the last commit.');
  // A discard is a save like any other: Undo brings the change back.
  await page.getByRole('button', { name: 'Undo the last save' }).click();
  await expect(title).toHaveValue('Sorry, that page is not here');
  await expect(changes()).toContainText(
    'Home page, title: “(removed: Oops! Something went wrong)(added: Sorry, that page is not here)”',
  );
  await page.getByRole('button', { name: 'Discard the change to Home page, title' }).click();
  await expect(changes()).toContainText('Nothing has changed since the last commit.');
  expect(homeFile()).toBe(committed);
});

test("a list's change is listed item by item, a paragraph's links by their words and address", async () => {
  await page
    .getByRole('button', { name: 'Add a text to South Africa page, section 2, paragraphs' })
    .click();
  const added = page.getByRole('textbox', { name: 'South Africa page, section 2, paragraph 2' });
  await added.fill('Ask us about a banker who speaks your language.');
  await added.press('Tab');
  await expect(changes()).toContainText(
    // The paragraph as content/south-africa.ts writes it, its links by their words and address,
    // once, with what was removed and added marked (and said to a screen reader), and the spaces
    // at the ends of its texts, which the page runs into the links, shown.
    'South Africa page, section 2, paragraphs: (removed: 1 item)(added: 2 items): [“Every client’s needs are different. Together we shape an offshore service around you, drawing on our⟨space⟩”; a link “banking” to #; “,⟨space⟩”; a link “investment” to #; “⟨space⟩and⟨space⟩”; a link “advisory” to #; “⟨space⟩services.”](added: ; “Ask us about a banker who speaks your language.”)',
  );
  await page
    .getByRole('button', { name: 'Discard the change to South Africa page, section 2, paragraphs' })
    .click();
  await expect(changes()).toContainText('Nothing has changed since the last commit.');
});

test('a value typed and not saved keeps the changes from being committed, and is named', async () => {
  const opens = page.getByRole('textbox', { name: 'Contact, hours, opens' });
  await opens.fill('9am');
  await page.getByRole('button', { name: 'Commit the changes to a new branch' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Not committed: Contact, hours, opens is typed and not saved. Correct it until saved, or put back what is saved, then commit. Your message stays.',
  );
  expect(git('branch', '--list', 'content/*')).toBe('');
  await opens.fill('09:00');
  await opens.press('Enter');
  await expect(page.getByRole('status')).toContainText('Saved Contact, hours, opens');
});

test('a commit stopped by a value typed keeps its message, and the value typed can be put back', async () => {
  const title = page.getByRole('textbox', { name: 'Home page, title' });
  await title.fill('Sorry, that page is not here');
  await title.press('Enter');
  await expect(page.getByRole('status')).toContainText('Saved Home page, title');
  const message = page.getByRole('textbox', { name: 'What you changed, in a sentence' });
  await message.fill('A kinder title for the missing page');
  const opens = page.getByRole('textbox', { name: 'Contact, hours, opens' });
  const saved = await opens.inputValue();
  await opens.fill('9am');
  await page.getByRole('button', { name: 'Commit the changes to a new branch' }).click();
  await expect(page.getByRole('status')).toContainText('Not committed: Contact, hours, opens');
  await page
    .getByRole('button', { name: 'Put back what is saved (Contact, hours, opens)' })
    .click();
  await expect(opens).toHaveValue(saved);
  await expect(message).toHaveValue('A kinder title for the missing page');
  await expect(
    page.getByRole('button', { name: /^Put back what is saved/ }),
    'nothing typed is left to put back',
  ).toHaveCount(0);
  // The commit itself is the last test's, once git is tried without knowing whose it is.
  expect(git('branch', '--list', 'content/*')).toBe('');
});

test('a commit git refuses says why in words, and leaves the project on its branch with nothing staged', async () => {
  const title = page.getByRole('textbox', { name: 'Home page, title' });
  await title.fill('Sorry, that page is not here');
  await title.press('Enter');
  await expect(changes()).toContainText('Home page, title');
  // As on a computer where nobody has told git their name and e-mail.
  git('config', '--unset', 'user.name');
  git('config', '--unset', 'user.email');
  try {
    await commitToNewBranch(page, 'content/kinder-title', 'A kinder title for the home page');
    await expect(page.getByRole('status')).toHaveText(
      'Not committed: git does not know your name and e-mail yet, which every commit carries. GitHub Desktop sets them (File › Options › Git, or GitHub Desktop › Settings › Git on a Mac); in a terminal, git config --global user.name "Your Name" and git config --global user.email "you@example.com". Then commit again',
    );
    expect(git('branch', '--show-current')).toBe('main');
    expect(git('branch', '--list', 'content/*')).toBe('');
    expect(git('diff', '--cached', '--name-only')).toBe('');
    expect(git('status', '--porcelain', 'content')).toBe('M content/home.ts');
  } finally {
    git('config', 'user.name', 'An Editor');
    git('config', 'user.email', 'editor@bank.example');
  }
  // Any other refusal (here a team's own check before each commit) is passed on as git said it.
  const hook = path.join(view.folder, '.git/hooks/pre-commit');
  writeFileSync(hook, '#!/bin/sh\necho "The team\'s check: commits wait for Monday" >&2\nexit 1\n');
  chmodSync(hook, 0o755);
  try {
    await page.getByRole('button', { name: 'Commit the changes to a new branch' }).click();
    await expect(page.getByRole('status')).toHaveText(
      "Not committed: git refused the commit: The team's check: commits wait for Monday. Show this to a developer",
    );
    expect(git('branch', '--show-current')).toBe('main');
  } finally {
    rmSync(hook);
  }
});

test('the changes are committed on a new branch with the message the editor wrote', async () => {
  // The change the commit before refused, committed again once git knows whose it is.
  await expect(changes()).toContainText('Home page, title');
  await commitToNewBranch(page, 'content/kinder-title', 'A kinder title for the home page');
  await expect(page.getByRole('status')).toContainText(
    'Committed to the new branch content/kinder-title',
  );
  expect(git('branch', '--show-current')).toBe('content/kinder-title');
  // The next new branch starts from this one, and the form says so.
  await expect(page.getByRole('textbox', { name: 'New branch' })).toHaveAccessibleDescription(
    'The new branch starts from content/kinder-title, the branch the project is on, and holds what was committed there too.',
  );
  expect(git('log', '-1', '--format=%s')).toBe('A kinder title for the home page');
  expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('content/home.ts');
  expect(git('status', '--porcelain', 'content')).toBe('');
  await expect(changes()).toContainText('Nothing has changed since the last commit.');
});
