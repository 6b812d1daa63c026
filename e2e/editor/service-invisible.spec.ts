import { execFileSync } from 'node:child_process';
import { expect as baseExpect } from '@playwright/test';
import { propose, startChange, test } from '../support/editing-service';

/**
 * Characters nobody sees, as a reviewer meets them (issue #52, item 1): an editor of the editing
 * service saves a heading with a space at its end and a no-break space between two words; the
 * field warns of each, "What this change changes" shows each by its marker, and so does the
 * description of the proposal (the commit's body, which its pull request takes), so that a
 * reviewer never approves "was X, now X".
 */

// A proposal fetches and pushes: on two cores shared with other runs, a step has taken seconds.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('a space at the end and a no-break space are warned at the field, and shown by their markers in the change and its proposal', async ({
  editingService,
  signIn,
}) => {
  // An editor of this spec's own, among those of the worker's service.
  const sipho = await signIn('sipho');
  await startChange(sipho, 'Spaces');
  const heading = sipho.getByRole('textbox', { name: 'Error page, heading', exact: true });
  await heading.fill('Unexpected\u00a0Application Error! ');
  await heading.press('Tab');
  await expect(sipho.getByRole('status')).toContainText('Saved Error page, heading');
  await expect(heading).toHaveAccessibleDescription(
    /Worth a look: has a space at the end, which nobody sees: delete it/,
  );
  await expect(heading).toHaveAccessibleDescription(
    /Worth a look: has a no-break space \(U\+00A0\) after "Unexpected"/,
  );
  const changed = sipho.getByRole('region', { name: 'What this change changes' });
  // What was added is each character by its marker.
  await expect(changed.getByRole('insertion')).toHaveText([/⟨no-break space⟩/, /⟨space⟩/]);

  await propose(sipho);
  await expect(sipho.getByRole('status')).toContainText('Proposed for review');
  const body = execFileSync(
    'git',
    [
      '--git-dir',
      editingService.service.remote,
      'log',
      '-1',
      '--format=%b',
      'refs/heads/content/sipho/spaces',
    ],
    { encoding: 'utf8' },
  );
  expect(body).toContain(
    '- **Error page, heading**: “Unexpected<del> </del><ins>⟨no-break space⟩</ins>Application Error\\!<ins>⟨space⟩</ins>”',
  );
});
