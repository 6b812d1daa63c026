import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { startEditingView } from '../support/editing-view';

/**
 * Nothing of the editing view reaches the site (issue #32, item 3): a build of a clone of the
 * project after the view has drawn, tagged and saved in it gives the same bytes as a plain build
 * (the suite's own out/), and no exported file carries the attribute, the script or the invisible tag
 * characters of the page beside the form.
 */

/** Each file of a folder, by its path in the folder, with the SHA-256 of its bytes. */
function fingerprints(folder: string): Record<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  return Object.fromEntries(
    files
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort()
      .map((file) => [
        path.relative(folder, file),
        createHash('sha256').update(readFileSync(file)).digest('hex'),
      ]),
  );
}

test('out/ is byte-identical with and without the editing view, and carries nothing of it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const view = await startEditingView({ wholeProject: true });
  try {
    // The plain build is the one the suite tests, the project's own out/: a build of the sources
    // the view's project was cloned from, which the suite's global setup refuses when it is older
    // than any of them. That a clone's build gives the same bytes as it, with no view, is
    // e2e/out/release.spec.ts's test (the clone's archive and the project's, byte for byte).
    const plain = fingerprints('out');
    expect(Object.keys(plain)).toContain('south-africa.html');

    // The view draws the page with its tags, selects a field from it, saves a value and undoes
    // the save.
    const page = await (await browser.newContext()).newPage();
    await page.goto(view.address);
    const heading = page.getByRole('textbox', { name: 'South Africa page, section 1, heading' });
    await heading.focus();
    const frame = page.frameLocator('iframe[title="The page as it will look"]');
    await frame.getByRole('heading', { name: 'Contact your local team' }).click();
    await heading.fill('Personal service from one global team');
    await heading.press('Enter');
    await expect(page.getByRole('status')).toContainText('Saved');
    await page.getByRole('button', { name: 'Undo the last save' }).click();
    await expect(page.getByRole('status')).toContainText('was undone');
    await page.context().close();

    // The clone's first build, so no fingerprint of an earlier one can skip it.
    await promisify(execFile)('npm', ['run', 'build'], { cwd: view.folder });
    const afterEditing = fingerprints(path.join(view.folder, 'out'));
    expect(afterEditing, 'a build after using the editing view').toEqual(plain);
    for (const file of Object.keys(afterEditing)) {
      // A gzip twin is read as the text it holds: its compressed bytes, read as UTF-8, can hold a
      // character of the tags' range by chance.
      const stored = readFileSync(path.join(view.folder, 'out', file));
      const bytes = file.endsWith('.gz') ? gunzipSync(stored) : stored;
      expect(bytes.toString('latin1'), file).not.toMatch(
        /data-editor-|site-pages\.js|editor-token/,
      );
      expect(bytes.toString('utf8'), file).not.toMatch(/[\ue000-\ue01f]/u);
    }
  } finally {
    await view.stop();
  }
});
