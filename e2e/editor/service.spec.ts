import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { notFound } from '../../content/not-found';
import { legal } from '../../content/legal';
import {
  ALLOWED_SIGNERS,
  SERVICE_COMMITTER,
  startServiceBehindNginx,
} from '../support/editing-service';

/**
 * The editing service as two editors and the bank use it (issue #40): the shipped nginx server
 * block, its sign-in answered by basic authentication, in front of `npm run edit:service` on a Unix
 * socket, with a bare git repository as its remote. Each editor starts a change of their own and
 * saves in it; one proposes, and the remote holds a branch whose commit the editor wrote, with the
 * change in words, signed by the service's key and naming her bank identity (issue #48); the other's change stays as it was and out of the first's sight; the audit log
 * holds every save and the proposal. The socket without the web server, and a request naming
 * another editor's change, are refused.
 */

let running: Awaited<ReturnType<typeof startServiceBehindNginx>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  running = await startServiceBehindNginx();
});

test.afterAll(async () => {
  await running?.stop();
});

/** The browser contexts a test signed in, closed as it ends. */
const contexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A browser signed in as one of the test editors, through nginx's sign-in. */
async function signIn(browser: Browser, user: 'thandi' | 'pieter'): Promise<Page> {
  const editor = running.editors.find((e) => e.user === user)!;
  const context = await browser.newContext({
    baseURL: running.url,
    httpCredentials: { username: editor.user, password: editor.password },
    // The run's throwaway authority signs nginx's certificate; TLS itself is the https spec's.
    ignoreHTTPSErrors: true,
  });
  contexts.push(context);
  return context.newPage();
}

/** Starts a change from the page of the editor's changes, and waits for its form. */
async function startChange(page: Page, title: string) {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'A new change, in a few words' }).fill(title);
  // The change's worktree is made, then its page opened: the address names it once it is open.
  await Promise.all([
    page.waitForURL(/\/\?change=/),
    page.getByRole('button', { name: 'Start the change' }).click(),
  ]);
  await expect(page.getByText(`Editing the change “${title}” (not proposed yet)`)).toBeVisible();
}

/** Types a value into a field and leaves it, which saves it, and waits for the save. */
async function save(page: Page, field: string, value: string) {
  const box = page.getByRole('textbox', { name: field, exact: true });
  await box.fill(value);
  await box.press('Tab');
  await expect(page.getByRole('status')).toContainText(`Saved ${field}`);
}

/** The audit log's entries, as the service appended them. */
const auditEntries = () =>
  readFileSync(running.service.auditLog, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown> & { who: { user: string } });

/** git in the bare remote, as the bank's GitHub would hold it. */
const remoteGit = (...args: string[]) =>
  execFileSync('git', ['--git-dir', running.service.remote, ...args], { encoding: 'utf8' });

/**
 * Whether a commit, as given, verifies with `ssh-keygen -Y verify` against the allowed signers of
 * the remote's main, for the service's committer e-mail in git's namespace: its signature is the
 * object's gpgsig header, and what it signs is the object without that header.
 */
function verifies(commitObject: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-verify-'));
  try {
    const [header = '', ...body] = commitObject.split('\n\n');
    const lines = header.split('\n');
    const start = lines.findIndex((line) => line.startsWith('gpgsig '));
    const end = lines.findIndex((line, i) => i > start && !line.startsWith(' '));
    const signature = lines.slice(start, end === -1 ? undefined : end);
    const payload = [
      [...lines.slice(0, start), ...(end === -1 ? [] : lines.slice(end))].join('\n'),
      ...body,
    ].join('\n\n');
    writeFileSync(
      path.join(folder, 'signature'),
      `${signature.map((line) => line.replace(/^gpgsig | /, '')).join('\n')}\n`,
    );
    writeFileSync(
      path.join(folder, 'allowed-signers'),
      remoteGit('show', `main:${ALLOWED_SIGNERS}`),
    );
    const verify = spawnSync(
      'ssh-keygen',
      [
        '-Y',
        'verify',
        '-f',
        path.join(folder, 'allowed-signers'),
        '-I',
        SERVICE_COMMITTER.email,
      ].concat(['-n', 'git', '-s', path.join(folder, 'signature')]),
      { input: payload, encoding: 'utf8' },
    );
    return start !== -1 && verify.status === 0;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('two editors save in changes of their own; one proposes, as its author, with the change in words; the other’s is untouched and unseen; the audit log holds each', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const thandi = await signIn(browser, 'thandi');
  const pieter = await signIn(browser, 'pieter');

  await startChange(thandi, 'Kinder not-found heading');
  await expect(thandi.getByText('Signed in as Thandi Nkosi.')).toBeVisible();
  await save(thandi, 'Not Found page, heading', 'We could not find that page');
  // The page beside the form, a frame of the service's own, shows the page with the value saved.
  await expect(
    thandi
      .frameLocator('iframe[title="The page as it will look"]')
      .getByRole('heading', { name: 'We could not find that page' }),
  ).toBeVisible();

  await startChange(pieter, 'Legal heading');
  await save(pieter, 'Not Found page, heading', 'Nothing here');
  await save(pieter, 'Legal, heading', 'Legal and regulatory notices');
  // Pieter's change touches a statutory text: compliance must approve it, and he is told so.
  await expect(pieter.locator('#reviewers')).toContainText('@example-bank/compliance');
  await expect(thandi.locator('#reviewers')).toContainText('@example-bank/marketing-reviewers');
  await expect(thandi.locator('#reviewers')).not.toContainText('@example-bank/compliance');

  await thandi.getByRole('button', { name: 'Propose the change for review' }).click();
  await expect(thandi.getByRole('status')).toContainText(
    'Proposed for review, on the branch content/thandi/kinder-not-found-heading',
  );

  // The remote holds Thandi's branch: her commit, the service's push, the change in words.
  const [author, email, committer, ...message] = remoteGit(
    'log',
    '-1',
    '--format=%an%n%ae%n%cn%n%B',
    'refs/heads/content/thandi/kinder-not-found-heading',
  ).split('\n');
  expect([author, email, committer]).toEqual([
    'Thandi Nkosi',
    'thandi@example.com',
    SERVICE_COMMITTER.name,
  ]);
  expect(message.join('\n')).toContain(
    `Not Found page, heading: was “${notFound.heading}”, now “We could not find that page”`,
  );
  // Signed by the service's key, which main's allowed signers list, its last line naming Thandi's
  // bank identity; the same commit naming anyone else no longer verifies.
  const signed = remoteGit(
    'cat-file',
    'commit',
    'refs/heads/content/thandi/kinder-not-found-heading',
  );
  expect(signed.trimEnd().split('\n').at(-1)).toBe('Bank-Identity: thandi@example.com');
  expect(verifies(signed)).toBe(true);
  expect(verifies(signed.replace('Bank-Identity: thandi@', 'Bank-Identity: pieter@'))).toBe(false);
  // Pieter's change was never pushed, and his files hold his own values, not Thandi's.
  expect(remoteGit('branch', '--list', 'content/pieter/*').trim()).toBe('');
  const pieterFile = (name: string) =>
    readFileSync(
      path.join(running.service.workspace('pieter', 'legal-heading'), 'content', name),
      'utf8',
    );
  expect(pieterFile('not-found.ts')).toContain("heading: 'Nothing here'");
  expect(pieterFile('legal.ts')).toContain("heading: 'Legal and regulatory notices'");

  // Thandi's list of changes holds hers alone.
  await thandi.goto('/');
  await expect(
    thandi.getByRole('region', { name: 'Your changes' }).getByRole('listitem'),
  ).toHaveText(['Kinder not-found heading: proposed for review']);

  // Once the pull request is merged (a merge commit, as the rules on main allow alone), her list
  // says so.
  const reviewer = mkdtempSync(path.join(tmpdir(), 'private-bank-reviewer-'));
  const inReviewer = (...args: string[]) =>
    execFileSync('git', ['-C', reviewer, ...args], { encoding: 'utf8' });
  execFileSync('git', ['clone', '--quiet', running.service.remote, reviewer]);
  inReviewer(
    '-c',
    'user.name=Reviewer',
    '-c',
    'user.email=reviewer@example.com',
    'merge',
    '--quiet',
    '--no-ff',
    '--message',
    'Merge the kinder not-found heading',
    'origin/content/thandi/kinder-not-found-heading',
  );
  inReviewer('push', '--quiet', 'origin', 'main');
  rmSync(reviewer, { recursive: true, force: true });
  await thandi.reload();
  await expect(
    thandi.getByRole('region', { name: 'Your changes' }).getByRole('listitem'),
  ).toHaveText([
    'Kinder not-found heading: approved and merged: the site shows it after the next deploy',
  ]);

  // Every save, by whom, of what, from what to what; and the proposal with its commit.
  const entries = auditEntries();
  expect(
    entries.filter((e) => e.action === 'save').map((e) => [e.who.user, e.field, e.before, e.after]),
  ).toEqual([
    ['thandi', 'notFound.heading', notFound.heading, 'We could not find that page'],
    ['pieter', 'notFound.heading', notFound.heading, 'Nothing here'],
    ['pieter', 'legal.heading', legal.heading, 'Legal and regulatory notices'],
  ]);
  const proposal = entries.find((e) => e.action === 'propose')!;
  expect(proposal.who.user).toBe('thandi');
  expect(proposal.commit).toBe(
    remoteGit('rev-parse', 'refs/heads/content/thandi/kinder-not-found-heading').trim(),
  );
  expect(
    entries.every((e) => typeof e.time === 'string' && !Number.isNaN(Date.parse(e.time as string))),
  ).toBe(true);
});

test('the list of an editor’s changes passes axe; a request naming another editor’s change is refused, and reads nothing', async ({
  browser,
}) => {
  const thandi = await signIn(browser, 'thandi');
  await thandi.goto('/');
  await expect(thandi.getByRole('link', { name: 'Kinder not-found heading' })).toBeVisible();
  const results = await new AxeBuilder({ page: thandi }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const answer = await thandi.request.get('/api/content', {
    headers: { 'x-editor-workspace': 'pieter/legal-heading' },
  });
  expect(answer.status()).toBe(403);
  expect(await answer.text()).not.toContain('Legal and regulatory notices');
});

/** One request straight to the service's socket, as a process on its server could send it. */
function toSocket(headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      { socketPath: running.service.socket, path: '/api/session', headers },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

test('the socket without the web server’s identity gets 401, however the request names a person', async () => {
  const host = new URL(running.url).host;
  const person = { 'x-editor-user': 'thandi', 'x-editor-email': 'thandi@example.com' };
  for (const headers of [
    { host },
    { host, ...person },
    { host, ...person, 'x-editor-groups': 'site-editors', 'x-editor-proxy-secret': 'a guess' },
  ]) {
    const answer = await toSocket(headers);
    expect(answer.status, JSON.stringify(headers)).toBe(401);
    expect(answer.body).not.toContain('changes');
  }
});

test('a signed-in write from another site’s page, or not as JSON, is forbidden and starts nothing', async ({
  browser,
}) => {
  const thandi = await signIn(browser, 'thandi');
  await thandi.goto('/');
  const fromElsewhere = await thandi.request.post('/api/start', {
    headers: { origin: 'https://elsewhere.example' },
    data: { title: 'Started from elsewhere' },
  });
  expect(fromElsewhere.status()).toBe(403);
  const asForm = await thandi.request.post('/api/start', {
    headers: { origin: running.url, 'content-type': 'text/plain' },
    data: JSON.stringify({ title: 'Started by a form' }),
  });
  expect(asForm.status()).toBe(403);
  const asTheView = await thandi.request.post('/api/start', {
    headers: { origin: running.url },
    data: { title: 'Started by the view' },
  });
  expect(asTheView.status()).toBe(200);
  await thandi.reload();
  await expect(thandi.getByRole('region', { name: 'Your changes' }).getByRole('link')).toHaveText([
    'Started by the view',
    'Kinder not-found heading',
  ]);
});

test('an editor abandons a proposed change: it leaves her list, its workspace and the remote, and the audit log says so', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const thandi = await signIn(browser, 'thandi');
  await thandi.goto('/');
  await thandi.getByRole('link', { name: 'Started by the view' }).click();
  await save(thandi, 'Not Found page, exclamation', 'Oh no!');
  await thandi.getByRole('button', { name: 'Propose the change for review' }).click();
  await expect(thandi.getByRole('status')).toContainText('Proposed for review');
  const branch = 'content/thandi/started-by-the-view';
  expect(remoteGit('branch', '--list', branch).trim()).toBe(branch);

  const asked: string[] = [];
  thandi.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await thandi.getByRole('button', { name: 'Abandon this change' }).click();
  await expect(thandi.getByRole('heading', { name: 'Your changes' })).toBeVisible();
  expect(asked).toEqual([
    'Abandon the change “Started by the view”? What it saved is lost, and its pull request, if it has one, is closed.',
  ]);
  await expect(thandi.getByRole('link', { name: 'Started by the view' })).toHaveCount(0);
  expect(remoteGit('branch', '--list', branch).trim()).toBe('');
  expect(existsSync(running.service.workspace('thandi', 'started-by-the-view'))).toBe(false);
  expect(auditEntries().at(-1)).toMatchObject({
    action: 'abandon',
    who: { user: 'thandi' },
    change: 'thandi/started-by-the-view',
    branch,
  });
});

test('a value typed and not saved outlives a reload; a restart of the service loses nothing saved', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const thandi = await signIn(browser, 'thandi');
  await startChange(thandi, 'Home page words');
  await save(thandi, 'Home page, title', 'Kestrel Bank: a page that is not here');
  const email = thandi.getByRole('textbox', { name: 'Contact, general email', exact: true });
  await email.fill('typed.only@example.com');
  await thandi.reload();
  await expect(email).toHaveValue('typed.only@example.com');
  await expect(thandi.getByRole('button', { name: /^Save what you typed/ })).toBeVisible();

  await running.service.restart();
  await thandi.goto('/');
  await thandi.getByRole('link', { name: 'Home page words' }).click();
  await expect(thandi.getByRole('textbox', { name: 'Home page, title', exact: true })).toHaveValue(
    'Kestrel Bank: a page that is not here',
  );
});

test('a change renames a navigation item’s id and the page that names it: refused alone, saved together, proposed as one', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const thandi = await signIn(browser, 'thandi');
  await startChange(thandi, 'Rename the locations item');
  const id = thandi.getByRole('textbox', {
    name: 'Navigation, main menu link 3, short name',
    exact: true,
  });
  await id.fill('offices');
  await id.press('Tab');
  await expect(thandi.getByRole('status')).toContainText(
    'Not saved: Navigation, main menu link 3, short name — see the message at the field',
  );
  const named = thandi.getByRole('textbox', {
    name: 'South Africa page, main menu link it belongs to',
    exact: true,
  });
  await named.fill('offices');
  await named.press('Tab');
  await expect(thandi.getByRole('status')).toContainText(
    'Saved together, as the check accepts them only together: South Africa page, main menu link it belongs to; Navigation, main menu link 3, short name',
  );
  const workspaceFile = (name: string) =>
    readFileSync(
      path.join(running.service.workspace('thandi', 'rename-the-locations-item'), 'content', name),
      'utf8',
    );
  expect(workspaceFile('navigation.ts')).toContain("id: 'offices'");
  expect(workspaceFile('south-africa.ts')).toContain("navigationId: 'offices'");

  await thandi.getByRole('button', { name: 'Propose the change for review' }).click();
  await expect(thandi.getByRole('status')).toContainText('Proposed for review');
  const message = remoteGit(
    'log',
    '-1',
    '--format=%B',
    'refs/heads/content/thandi/rename-the-locations-item',
  );
  expect(message).toContain(
    'Navigation, main menu link 3, short name: was “locations”, now “offices”',
  );
  expect(message).toContain(
    'South Africa page, main menu link it belongs to: was “locations”, now “offices”',
  );
});

test('a proposal the remote does not take says so and loses nothing; the next one sends it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const pieter = await signIn(browser, 'pieter');
  await pieter.goto('/');
  await pieter.getByRole('link', { name: 'Legal heading' }).click();
  // A save of this tab's, which Undo could take back until the change is proposed.
  await save(pieter, 'Not Found page, heading', 'Nothing here at all');
  await expect(pieter.getByRole('button', { name: 'Undo the last save' })).toBeEnabled();
  const propose = pieter.getByRole('button', { name: 'Propose the change for review' });
  const remote = running.service.remote;
  renameSync(remote, `${remote}.out-of-reach`);
  try {
    await propose.click();
    await expect(pieter.getByRole('status')).toContainText(
      "Not proposed: the bank's repository did not take it",
    );
    await expect(pieter.getByRole('status')).toContainText('Nothing is lost: propose again');
  } finally {
    renameSync(`${remote}.out-of-reach`, remote);
  }
  expect(remoteGit('branch', '--list', 'content/pieter/*').trim()).toBe('');
  await propose.click();
  await expect(pieter.getByRole('status')).toContainText(
    'Proposed for review, on the branch content/pieter/legal-heading',
  );
  // Undo would take back a value the proposal holds: there is nothing left to undo.
  await expect(pieter.getByRole('button', { name: 'Undo the last save' })).toBeDisabled();
  await pieter.reload();
  await expect(pieter.getByRole('button', { name: 'Undo the last save' })).toBeDisabled();
  const [author, ...message] = remoteGit(
    'log',
    '-1',
    '--format=%an%n%B',
    'refs/heads/content/pieter/legal-heading',
  ).split('\n');
  expect(author).toBe('Pieter van der Merwe');
  expect(message.join('\n')).toContain(
    `Legal, heading: was “${legal.heading}”, now “Legal and regulatory notices”`,
  );
});
