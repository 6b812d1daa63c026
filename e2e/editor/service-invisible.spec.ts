import { execFileSync } from 'node:child_process';
import { expect as baseExpect, test, type Browser, type BrowserContext } from '@playwright/test';
import { propose, startServiceBehindNginx } from '../support/editing-service';

/**
 * Characters nobody sees, as a reviewer meets them (issue #52, item 1): an editor of the editing
 * service saves a heading with a space at its end and a no-break space between two words; the
 * field warns of each, "What this change changes" shows each by its marker, and so does the
 * description of the proposal (the commit's body, which its pull request takes), so that a
 * reviewer never approves "was X, now X".
 */

let running: Awaited<ReturnType<typeof startServiceBehindNginx>>;

// A proposal fetches and pushes: on two cores shared with other runs, a step has taken seconds.
test.describe.configure({ mode: 'serial', timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  running = await startServiceBehindNginx();
});

const contexts: BrowserContext[] = [];
test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await running?.stop();
});

/** A browser signed in as Thandi, one of the test editors, through nginx's sign-in. */
async function signIn(browser: Browser) {
  const editor = running.editors.find((e) => e.user === 'thandi')!;
  const context = await browser.newContext({
    baseURL: running.url,
    httpCredentials: { username: editor.user, password: editor.password },
    // The run's throwaway authority signs nginx's certificate; TLS itself is the https spec's.
    ignoreHTTPSErrors: true,
  });
  contexts.push(context);
  return context.newPage();
}

test('a space at the end and a no-break space are warned at the field, and shown by their markers in the change and its proposal', async ({
  browser,
}) => {
  const thandi = await signIn(browser);
  await thandi.goto('/');
  await thandi.getByRole('textbox', { name: 'A new change, in a few words' }).fill('Spaces');
  await Promise.all([
    thandi.waitForURL(/\/\?change=/),
    thandi.getByRole('button', { name: 'Start the change' }).click(),
  ]);
  const heading = thandi.getByRole('textbox', { name: 'Error page, heading', exact: true });
  await heading.fill('Unexpected\u00a0Application Error! ');
  await heading.press('Tab');
  await expect(thandi.getByRole('status')).toContainText('Saved Error page, heading');
  await expect(heading).toHaveAccessibleDescription(
    /Worth a look: has a space at the end, which nobody sees: delete it/,
  );
  await expect(heading).toHaveAccessibleDescription(
    /Worth a look: has a no-break space \(U\+00A0\) after "Unexpected"/,
  );
  const changed = thandi.getByRole('region', { name: 'What this change changes' });
  // What was added is each character by its marker.
  await expect(changed.getByRole('insertion')).toHaveText([/⟨no-break space⟩/, /⟨space⟩/]);

  await propose(thandi);
  await expect(thandi.getByRole('status')).toContainText('Proposed for review');
  const body = execFileSync(
    'git',
    [
      '--git-dir',
      running.service.remote,
      'log',
      '-1',
      '--format=%b',
      'refs/heads/content/thandi/spaces',
    ],
    { encoding: 'utf8' },
  );
  expect(body).toContain(
    '- **Error page, heading**: “Unexpected<del> </del><ins>⟨no-break space⟩</ins>Application Error\\!<ins>⟨space⟩</ins>”',
  );
});
