import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { EDITOR_PARTS, startEditingView } from '../support/editing-view';

/**
 * The form comes from the schema (issue #32, item 2): a field a developer adds to the schema and to
 * its content file appears in the form, with its doc comment as help, and saves, with no form code
 * written for it. The view runs over a scratch copy to which the field was added first.
 */

/** Past the engines' editing views, within the range E2E_PORT moves. */
const port = Number(process.env.E2E_PORT ?? 4173) + 13;

let view: Awaited<ReturnType<typeof startEditingView>>;
let page: Page;

/** Adds a line to a file of the copy after the line that holds `after`. */
function addLine(folder: string, file: string, after: string, line: string) {
  const target = path.join(folder, file);
  const source = readFileSync(target, 'utf8');
  const at = source.indexOf('\n', source.indexOf(after)) + 1;
  expect(source.indexOf(after), `${file} holds ${after}`).toBeGreaterThan(-1);
  writeFileSync(target, `${source.slice(0, at)}${line}\n${source.slice(at)}`);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  // The editor itself goes into the copy too, so that it reads the copy's schema, as it reads the
  // project's when a developer has added the field there.
  view = await startEditingView(port, {
    parts: [...EDITOR_PARTS, 'editor', 'scripts'],
    prepare: (folder) => {
      addLine(
        folder,
        'content/schema/index.ts',
        '  lead: text,',
        "  /** A line under the lead, for a season's message. */\n  tagline: text,",
      );
      addLine(folder, 'content/home.ts', '  lead:', "  tagline: 'Open over the holidays.',");
    },
  });
  page = await (await browser.newContext()).newPage();
  await page.goto(view.address);
});
test.afterAll(async () => {
  await page?.context().close();
  await view?.stop();
});

test('a field added to the schema appears in the form, with its help, and saves', async () => {
  const tagline = page.getByRole('textbox', { name: 'Home page, tagline' });
  await expect(tagline).toHaveValue('Open over the holidays.');
  await expect(tagline).toHaveAccessibleDescription(
    /A line under the lead, for a season's message/,
  );
  await tagline.fill('Open every day in December.');
  await tagline.press('Enter');
  await expect(page.getByRole('status')).toContainText('Saved Home page, tagline');
  expect(readFileSync(path.join(view.folder, 'content/home.ts'), 'utf8')).toContain(
    "  tagline: 'Open every day in December.',\n",
  );
});
