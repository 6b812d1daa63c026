import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { startEditingView } from '../support/editing-view';
import { FINGERPRINT_FILE } from '../../scripts/build/fingerprint';
import { BUILD_INPUTS } from '../support/build-inputs';

/**
 * Nothing of the editing view reaches the site (issue #32, item 3): a build of a copy of the project
 * after the view has drawn, tagged and saved gives the same bytes as a plain build of it, and no
 * exported file carries the attribute, the script or the invisible tag characters of the page beside the
 * form.
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
  const view = await startEditingView({ parts: [...BUILD_INPUTS, '.prettierrc.json'] });
  const build = async () => {
    // Built whole each time, even where the build's fingerprint finds nothing changed: that the
    // view leaves nothing a build reads is what this test checks, so it cannot be assumed.
    rmSync(path.join(view.folder, FINGERPRINT_FILE), { force: true });
    await promisify(execFile)('npm', ['run', 'build'], { cwd: view.folder });
    return fingerprints(path.join(view.folder, 'out'));
  };
  try {
    // That a plain build gives the same bytes twice is e2e/out/release.spec.ts's test (two clean
    // copies, one archive): here one plain build is the reference.
    const first = await build();
    expect(Object.keys(first)).toContain('south-africa.html');

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

    const afterEditing = await build();
    expect(afterEditing, 'a build after using the editing view').toEqual(first);
    for (const file of Object.keys(afterEditing)) {
      const text = readFileSync(path.join(view.folder, 'out', file)).toString('latin1');
      expect(text, file).not.toMatch(/data-editor-|site-pages\.js|editor-token/);
      expect(readFileSync(path.join(view.folder, 'out', file), 'utf8'), file).not.toMatch(
        /[\ue000-\ue01f]/u,
      );
    }
  } finally {
    await view.stop();
  }
});
