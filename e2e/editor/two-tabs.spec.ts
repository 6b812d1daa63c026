import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { home } from '../../content/home';
import { editingViewForSpec } from '../support/editing-view';

/**
 * Two tabs of one editing view (issue #39, item 5), as an editor who opened the printed address
 * twice has them: a save over the other tab's save is not written, and the alert says it was the
 * other tab, shows both values and lets the editor keep either; Undo undoes the tab's own save
 * only. (The server's side of it, request by request, is tabs.spec.ts's.)
 */

const session = editingViewForSpec({ own: true });

const title = (page: Page) => page.getByRole('textbox', { name: 'Home page, title' });
const homeFile = () => readFileSync(path.join(session.view.folder, 'content/home.ts'), 'utf8');

test('a save over another tab’s is refused with both values; the tab keeps its own; Undo is each tab’s', async () => {
  const first = session.page;
  const second = await first.context().newPage();
  await second.goto(session.view.address);
  await expect(title(second)).toHaveValue(home.title);

  await title(first).fill('Saved from the first tab');
  await title(first).press('Enter');
  await expect(first.getByRole('status')).toContainText('Saved Home page, title');

  await title(second).fill('Saved from the second tab');
  await title(second).press('Enter');
  const alert = second.getByRole('alert');
  await expect(alert).toContainText('content/home.ts was saved from another tab of this view');
  await expect(alert).toContainText('“Saved from the first tab”');
  await expect(alert).toContainText('“Saved from the second tab”');
  expect(homeFile()).toContain("title: 'Saved from the first tab'");

  await second.getByRole('button', { name: 'Keep what you typed' }).click();
  await expect(second.getByRole('status')).toContainText('Saved Home page, title');
  expect(homeFile()).toContain("title: 'Saved from the second tab'");

  // The first tab's last save was saved over: its Undo would undo the other tab's work.
  await first.getByRole('button', { name: 'Undo the last save' }).click();
  await expect(first.getByRole('status')).toContainText(
    'Not undone: content/home.ts changed since this tab saved it',
  );
  expect(homeFile()).toContain("title: 'Saved from the second tab'");
  // The second tab's Undo takes back its own save, to the first tab's value.
  await second.getByRole('button', { name: 'Undo the last save' }).click();
  await expect(second.getByRole('status')).toContainText("This tab's last save");
  expect(homeFile()).toContain("title: 'Saved from the first tab'");
  await second.close();
});

test('keeping the value in the file drops what the tab typed', async () => {
  const first = session.page;
  const second = await first.context().newPage();
  await second.goto(session.view.address);
  await expect(title(second)).toHaveValue('Saved from the first tab');
  await title(first).fill('The first tab’s again');
  await title(first).press('Enter');
  await expect(first.getByRole('status')).toContainText('Saved Home page, title');
  await title(second).fill('The second tab’s, to drop');
  await title(second).press('Enter');
  await second.getByRole('button', { name: 'Keep the value in the file' }).click();
  await expect(title(second)).toHaveValue('The first tab’s again');
  await expect(second.getByRole('alert')).toHaveCount(0);
  expect(homeFile()).toContain("title: 'The first tab’s again'");
  await second.close();
});

test('a tab that is only open hears of the other tab’s save as the other tab’s, and reloads it', async () => {
  const first = session.page;
  const second = await first.context().newPage();
  await second.goto(session.view.address);
  await expect(title(second)).toHaveValue('The first tab’s again');
  await title(first).fill('Saved while the other tab looked on');
  await title(first).press('Enter');
  await expect(first.getByRole('status')).toContainText('Saved Home page, title');
  // The second tab looks at the files' versions every few seconds, and says who changed one.
  await expect(second.getByRole('alert')).toContainText(
    'content/home.ts was saved from another tab of this view',
  );
  await second.getByRole('button', { name: 'Reload the files' }).click();
  await expect(title(second)).toHaveValue('Saved while the other tab looked on');
  await expect(second.getByRole('alert')).toHaveCount(0);
  await second.close();
});

test('after two conflicts in a row, each field keeps its message until it is saved', async () => {
  const first = session.page;
  const second = await first.context().newPage();
  await second.goto(session.view.address);
  const lead = (page: Page) =>
    page.getByRole('textbox', { name: 'Home page, sentence under the heading' });
  await expect(title(second)).toHaveValue('Saved while the other tab looked on');
  // The first tab saves both fields' file; the second, which read it before, saves each in turn.
  await title(first).fill('The first tab’s title');
  await title(first).press('Enter');
  await expect(first.getByRole('status')).toContainText('Saved Home page, title');
  await title(second).fill('The second tab’s title');
  await title(second).press('Enter');
  await expect(second.getByRole('alert')).toContainText('content/home.ts');
  await lead(second).fill('The second tab’s lead.');
  await lead(second).press('Enter');
  const said =
    /Not saved: content\/home.ts was changed in another tab of this view first; what you typed stays here/;
  await expect(title(second)).toHaveAccessibleDescription(said);
  await expect(lead(second)).toHaveAccessibleDescription(said);
  // The files read again keep both values typed; each message goes once its value is saved.
  await second.getByRole('button', { name: 'Reload the files' }).click();
  await expect(title(second)).toHaveValue('The second tab’s title');
  await expect(title(second)).toHaveAccessibleDescription(said);
  await expect(lead(second)).toHaveAccessibleDescription(said);
  await second.getByRole('button', { name: /^Save what you typed/ }).click();
  await expect(title(second)).not.toHaveAccessibleDescription(said);
  await expect(lead(second)).not.toHaveAccessibleDescription(said);
  expect(homeFile()).toContain("title: 'The second tab’s title'");
  expect(homeFile()).toContain("lead: 'The second tab’s lead.'");
  await second.close();
});
