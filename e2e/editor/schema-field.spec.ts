import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EDITOR_PARTS, editingViewForSpec } from '../support/editing-view';
import { addPostcodeKind } from '../support/new-kind';

/**
 * The form comes from the schema (issue #32, item 2): a field a developer adds to the schema and to
 * its content file appears in the form, with its doc comment as help, and saves, with no form code
 * written for it. A new kind of field (issues #39 and #53, item 1) is one module in content/kinds/,
 * with its name and entry in content/kinds/index.ts: nothing of the check or the view. The view runs
 * over a scratch copy to which both were added first.
 */

/** Adds a line to a file of the copy after the line that holds `after`. */
function addLine(folder: string, file: string, after: string, line: string) {
  const target = path.join(folder, file);
  const source = readFileSync(target, 'utf8');
  const at = source.indexOf('\n', source.indexOf(after)) + 1;
  expect(source.indexOf(after), `${file} holds ${after}`).toBeGreaterThan(-1);
  writeFileSync(target, `${source.slice(0, at)}${line}\n${source.slice(at)}`);
}

// One view over one copy, which both tests use, one after the other. The editor itself goes into
// the copy too, so that it reads the copy's schema, as it reads the project's when a developer has
// added the field there.
const session = editingViewForSpec({
  own: {
    parts: [...EDITOR_PARTS, 'editor', 'scripts'],
    prepare: (folder) => {
      addLine(
        folder,
        'content/schema/index.ts',
        '  lead: text.meta(',
        "  /** A line under the lead, for a season's message. */\n  tagline: text,",
      );
      addLine(folder, 'content/home.ts', '  lead:', "  tagline: 'Open over the holidays.',");
      // A new kind, a postcode, as one module with its name and entry in the registry, and a
      // field of that kind.
      addPostcodeKind(folder);
    },
  },
});

test('a field added to the schema appears in the form, with its help, and saves', async () => {
  const tagline = session.page.getByRole('textbox', { name: 'Home page, tagline' });
  await expect(tagline).toHaveValue('Open over the holidays.');
  await expect(tagline).toHaveAccessibleDescription(
    /A line under the lead, for a season's message/,
  );
  await tagline.fill('Open every day in December.');
  await tagline.press('Enter');
  await expect(session.page.getByRole('status')).toContainText('Saved Home page, tagline');
  expect(readFileSync(path.join(session.view.folder, 'content/home.ts'), 'utf8')).toContain(
    "  tagline: 'Open every day in December.',\n",
  );
});

test('a kind of field added as one module has its input and its check', async () => {
  const postcode = session.page.getByRole('textbox', { name: 'Contact, postcode' });
  await expect(postcode).toHaveValue('2196');
  // The module's input: one line, with a phone's keyboard of digits.
  await expect(postcode).toHaveAttribute('inputmode', 'numeric');
  await postcode.fill('21a6');
  await postcode.press('Enter');
  await expect(postcode).toHaveAccessibleDescription(
    /Not saved: "21a6" is no postcode: write four digits, like 2196/,
  );
  await postcode.fill('2191');
  await postcode.press('Enter');
  await expect(session.page.getByRole('status')).toContainText('Saved Contact, postcode');
  expect(readFileSync(path.join(session.view.folder, 'content/contact.ts'), 'utf8')).toContain(
    "  postcode: '2191',\n",
  );
});
