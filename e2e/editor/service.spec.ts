import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { notFound } from '../../content/not-found';
import { legal } from '../../content/legal';
import { picturesKey } from '../../records/pull-request-pictures';
import {
  ALLOWED_SIGNERS,
  REPOSITORY_PAGE,
  changeOnRemote,
  pushAsReviewer,
  SERVICE_COMMITTER,
  propose,
  startChange,
  test,
  type ServiceBehindNginx,
} from '../support/editing-service';
import type { TestUser } from '../support/editing-service-nginx';

/**
 * The editing service as two editors and the bank use it (issue #40): the shipped nginx server
 * block, its sign-in answered by basic authentication, in front of `npm run edit:service` on a Unix
 * socket, with a bare git repository as its remote. Each editor starts a change of their own and
 * saves in it; one proposes, and the remote holds a branch whose commit the editor wrote, with the
 * change in words, signed by the service's key and naming her bank identity (issue #48); the other's change stays as it was and out of the first's sight; the audit log
 * holds every save and the proposal. The socket without the web server, and a request naming
 * another editor's change, are refused.
 */

let running: ServiceBehindNginx;
/**
 * How many lines the audit log held before this spec began: the service's start, and the lines of
 * the specs the worker ran before this one.
 */
let linesBefore: number;

// The worker's service, which each test's changes carry on from.
test.describe.configure({ mode: 'serial' });

test.beforeAll(({ editingService }) => {
  running = editingService;
  linesBefore = readFileSync(running.service.auditLog, 'utf8').split('\n').filter(Boolean).length;
});

/** Types a value into a field and leaves it, which saves it, and waits for the save. */
async function save(page: Page, field: string, value: string) {
  const box = page.getByRole('textbox', { name: field, exact: true });
  await box.fill(value);
  await box.press('Tab');
  await expect(page.getByRole('status')).toContainText(`Saved ${field}`);
}

/** One line of the audit log, as the service appended it. */
type AuditLine = Record<string, unknown> & {
  kind: string;
  action?: string;
  id?: string;
  who: { user: string } | null;
  fields?: { field: string; before: unknown; after: unknown }[];
};

/** The audit log's lines this spec's tests made the service write, as it appended them. */
const auditEntries = () =>
  readFileSync(running.service.auditLog, 'utf8')
    .trim()
    .split('\n')
    .slice(linesBefore)
    .map((line) => JSON.parse(line) as AuditLine);

/** The actions the audit log records as done: each intent whose outcome says how it ended. */
const auditDone = (action: string, result: string) => {
  const entries = auditEntries();
  return entries.filter(
    (intent) =>
      intent.kind === 'intent' &&
      intent.action === action &&
      entries.some((e) => e.kind === 'outcome' && e.id === intent.id && e.result === result),
  );
};

/** git in the bare remote, as the bank's GitHub would hold it. */
const remoteGit = (...args: string[]) =>
  execFileSync('git', ['--git-dir', running.service.remote, ...args], { encoding: 'utf8' });

/** A reviewer merges a change's pull request: a merge commit, as the rules on main allow alone. */
const mergeOnRemote = (branch: string) =>
  pushAsReviewer(running.service.remote, 'main', (git) =>
    git('merge', '--quiet', '--no-ff', '--message', `Merge ${branch}`, `origin/${branch}`),
  );

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

/** Opens a change of an editor's from the list of her changes, and waits for its form. */
async function openChange(page: Page, title: string) {
  await page.goto('/');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByText(`Editing the change “${title}”`)).toBeVisible();
}

test('an editor starts a change and saves in it: the page beside the form shows the value saved', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  await startChange(thandi, 'Kinder not-found heading');
  await expect(thandi.getByText('Signed in as Thandi Nkosi.')).toBeVisible();
  await save(thandi, 'Not Found page, heading', 'We could not find that page');
  // The page beside the form, a frame of the service's own, shows the page with the value saved.
  await expect(
    thandi
      .frameLocator('iframe[title="The page as it will look"]')
      .getByRole('heading', { name: 'We could not find that page' }),
  ).toBeVisible();
  await expect(thandi.locator('#reviewers')).toContainText('@example-bank/marketing-reviewers');
  await expect(thandi.locator('#reviewers')).not.toContainText('@example-bank/compliance');
});

test('a second editor saves in a change of his own, which touches a statutory text: compliance must approve it, and he is told so', async ({
  signIn,
}) => {
  const pieter = await signIn('pieter');
  await startChange(pieter, 'Legal heading');
  await save(pieter, 'Not Found page, heading', 'Nothing here');
  await save(pieter, 'Legal, heading', 'Legal and regulatory notices');
  await expect(pieter.locator('#reviewers')).toContainText('@example-bank/compliance');
});

test('the first editor proposes, as its author, with the change in words; the other’s change is untouched and unseen', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  await openChange(thandi, 'Kinder not-found heading');
  await propose(thandi);
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
  // The change as it stands against main, its removed and added words marked.
  expect(message.join('\n')).toContain(
    `- **Not Found page, heading**: “<del>${notFound.heading}</del><ins>We could not find that page</ins>”`,
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
});

test('the proposal of the test before: her list holds hers alone and links its pull request; once merged, the list says so; the audit log holds each save and the proposal', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  // Thandi's list of changes holds hers alone.
  await thandi.goto('/');
  await expect(
    thandi.getByRole('region', { name: 'Your changes' }).getByRole('listitem'),
  ).toHaveText(['Kinder not-found heading: proposed for review']);
  // The change's page links to its pull request, found by its branch on the repository's page.
  await thandi.getByRole('link', { name: 'Kinder not-found heading' }).click();
  await expect(thandi.getByRole('link', { name: 'Its pull request on GitHub' })).toHaveAttribute(
    'href',
    `${REPOSITORY_PAGE}/pulls?q=is%3Apr%20head%3Acontent%2Fthandi%2Fkinder-not-found-heading`,
  );
  await thandi.goto('/');

  // Once the pull request is merged (a merge commit, as the rules on main allow alone), her list
  // says so.
  mergeOnRemote('content/thandi/kinder-not-found-heading');
  await thandi.reload();
  await thandi.getByRole('button', { name: 'Compare with main now' }).click();
  await expect(
    thandi.getByRole('region', { name: 'Your changes' }).getByRole('listitem'),
  ).toHaveText([
    'Kinder not-found heading: approved and merged: the site shows it after the next deploy',
  ]);

  // Every save, by whom, of what, from what to what, written before and after; and the proposal
  // with its commit.
  expect(
    auditDone('save', 'written').flatMap((e) =>
      e.fields!.map(({ field, before, after }) => [e.who!.user, field, before, after]),
    ),
  ).toEqual([
    ['thandi', 'notFound.heading', notFound.heading, 'We could not find that page'],
    ['pieter', 'notFound.heading', notFound.heading, 'Nothing here'],
    ['pieter', 'legal.heading', legal.heading, 'Legal and regulatory notices'],
  ]);
  const [proposal] = auditDone('propose', 'pushed');
  expect(proposal!.who!.user).toBe('thandi');
  const entries = auditEntries();
  expect(entries.find((e) => e.kind === 'outcome' && e.id === proposal!.id)!.commit).toBe(
    remoteGit('rev-parse', 'refs/heads/content/thandi/kinder-not-found-heading').trim(),
  );
  expect(
    entries.every((e) => typeof e.time === 'string' && !Number.isNaN(Date.parse(e.time as string))),
  ).toBe(true);
});

test('the list of an editor’s changes passes axe; a request naming another editor’s change is refused, and reads nothing', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  await thandi.goto('/');
  await expect(thandi.getByRole('link', { name: 'Kinder not-found heading' })).toBeVisible();
  // axe.run in the page, as the editor spec's accessibility test runs it: the page has no frame,
  // and only violations are listed element by element.
  const results = await new AxeBuilder({ page: thandi })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(0);
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

test('the financial promotions log is for the compliance team, editors or not; a pull request’s pictures for its reviewers too', async ({
  signIn,
}) => {
  // A pull request's list of pictures, as the pictures workflow leaves it in the records store: one
  // that changes no page is enough to tell the pictures' page from a refusal.
  const commit = '0123456789abcdef0123456789abcdef01234567';
  const list = path.join(running.service.records, picturesKey(7, commit));
  mkdirSync(path.dirname(list), { recursive: true });
  writeFileSync(
    list,
    JSON.stringify({ pullRequest: 7, commit, madeAt: '2026-03-02T08:00:00.000Z', pictures: [] }),
  );
  const pictures = `/records/pull-requests/7/${commit.slice(0, 12)}/`;
  // Each person signs in once, as in a browser of their own, and asks for every address there.
  const browsers = {
    thandi: await signIn('thandi'),
    naledi: await signIn('naledi'),
    jabu: await signIn('jabu'),
  };
  const asked = async (user: keyof typeof browsers, address: string) => {
    const answer = await browsers[user].request.get(address);
    return { status: answer.status(), body: await answer.text() };
  };
  const naledi = running.editors.find((e) => e.user === 'naledi')!;
  expect(naledi.groups, 'the compliance officer is no editor').not.toContain('site-editors');
  const jabu = running.editors.find((e) => e.user === 'jabu')!;
  expect(jabu.groups).toEqual(['staff', 'site-reviewers']);

  // The compliance officer reads the log, and the pull request's pictures, but not the editors' view.
  const log = await asked('naledi', '/records/');
  expect(log.status).toBe(200);
  expect(log.body).toContain('Financial promotions log');
  expect((await asked('naledi', '/records')).status).toBe(200);
  const seenByCompliance = await asked('naledi', pictures);
  expect(seenByCompliance.status).toBe(200);
  expect(seenByCompliance.body).toContain('The pull request changes no page.');
  expect((await asked('naledi', '/')).status).toBe(403);

  // An editor outside the compliance group: 403 from the sign-in, for the log and the pictures.
  for (const address of ['/records', '/records/', '/records/?page=/south-africa', pictures])
    expect((await asked('thandi', address)).status, address).toBe(403);

  // A reviewer, neither an editor nor in compliance: the pictures, and nothing else.
  const seenByReviewer = await asked('jabu', pictures);
  expect(seenByReviewer.status).toBe(200);
  expect(seenByReviewer.body).toContain('The pull request changes no page.');
  for (const address of ['/records', '/records/', '/'])
    expect((await asked('jabu', address)).status, address).toBe(403);
});

test('a signed-in write from another site’s page, or not as JSON, is forbidden and starts nothing', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
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
  signIn,
}) => {
  const thandi = await signIn('thandi');
  await thandi.goto('/');
  await thandi.getByRole('link', { name: 'Started by the view' }).click();
  await save(thandi, 'Not Found page, line above the heading', 'Oh no!');
  await propose(thandi);
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
  expect(auditDone('abandon', 'abandoned').at(-1)).toMatchObject({
    action: 'abandon',
    who: { user: 'thandi' },
    change: 'thandi/started-by-the-view',
    branch,
  });
});

test('a value typed and not saved outlives a reload; a restart of the service loses nothing saved', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  await startChange(thandi, 'Home page words');
  await save(thandi, 'Home page, title', 'Kestrel Bank: a page that is not here');
  const email = thandi.getByRole('textbox', { name: 'Contact, general email', exact: true });
  await email.fill('typed.only@example.com');
  await thandi.reload();
  await expect(email).toHaveValue('typed.only@example.com');
  await expect(thandi.getByRole('button', { name: /^Save what you typed/ })).toBeVisible();
  // As a commit does, a proposal takes only what is saved: the value typed stops it, by its name.
  await thandi.getByRole('button', { name: 'Propose the change for review' }).click();
  await expect(thandi.getByRole('status')).toHaveText(
    'Not proposed: Contact, general email is typed and not saved. Correct it until saved, or put back what is saved, then propose.',
  );

  await running.service.restart();
  await thandi.goto('/');
  await thandi.getByRole('link', { name: 'Home page words' }).click();
  await expect(thandi.getByRole('textbox', { name: 'Home page, title', exact: true })).toHaveValue(
    'Kestrel Bank: a page that is not here',
  );
});

test('a change renames a navigation item’s id and the page that names it: refused alone, saved together, proposed as one', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
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

  await propose(thandi);
  await expect(thandi.getByRole('status')).toContainText('Proposed for review');
  const message = remoteGit(
    'log',
    '-1',
    '--format=%B',
    'refs/heads/content/thandi/rename-the-locations-item',
  );
  expect(message).toContain(
    '- **Navigation, main menu link 3, short name**: “<del>locations</del><ins>offices</ins>”',
  );
  expect(message).toContain(
    '- **South Africa page, main menu link it belongs to**: “<del>locations</del><ins>offices</ins>”',
  );
});

test('a proposal the remote does not take says so and loses nothing; the next one sends it', async ({
  signIn,
}) => {
  const pieter = await signIn('pieter');
  await pieter.goto('/');
  await pieter.getByRole('link', { name: 'Legal heading' }).click();
  // Main took Thandi's heading (the first test) after Pieter changed it too: he keeps his, or his
  // change could not be proposed at all.
  await pieter.getByRole('button', { name: 'Keep yours for Not Found page, heading' }).click();
  await expect(pieter.getByRole('status')).toContainText(
    "Not Found page, heading keeps your value over main's",
  );
  // A save of this tab's, which Undo could take back until the change is proposed.
  await save(pieter, 'Not Found page, heading', 'Nothing here at all');
  await expect(pieter.getByRole('button', { name: 'Undo the last save' })).toBeEnabled();
  const propose = pieter.getByRole('button', { name: 'Propose the change for review' });
  const remote = running.service.remote;
  renameSync(remote, `${remote}.out-of-reach`);
  try {
    await propose.click();
    await expect(pieter.getByRole('status')).toContainText(
      "Not proposed: the bank's repository cannot be reached just now",
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
    `- **Legal, heading**: “Legal and regulatory <del>${legal.heading.split(' ').at(-1)}</del><ins>notices</ins>”`,
  );
});

/** Runs `npm run audit:verify` on a log, with the run's key and journal: what it printed. */
function verify(log: string) {
  try {
    return execFileSync(
      'npm',
      [
        'run',
        '--silent',
        'audit:verify',
        '--',
        '--key',
        running.service.auditKey,
        '--heads',
        running.service.journal,
        log,
      ],
      { encoding: 'utf8' },
    );
  } catch (error) {
    return String((error as { stdout?: string }).stdout);
  }
}

test('with the audit log unwritable, a save, a proposal and a start change nothing and say why', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  await startChange(thandi, 'While the log is down');
  await save(thandi, 'Error page, heading', 'Something broke');
  const workspace = running.service.workspace('thandi', 'while-the-log-is-down');
  const errorPage = () => readFileSync(path.join(workspace, 'content/error-page.ts'), 'utf8');
  const before = errorPage();
  const log = running.service.auditLog;
  const lines = auditEntries().length;
  // As a disk that is full: every write to the log fails, whoever writes it.
  renameSync(log, `${log}.aside`);
  symlinkSync('/dev/full', log);
  const why =
    'nothing was changed: the audit log, which records every change before it is made, cannot be written just now';
  try {
    // The proposal first: a value typed and not saved would stop it in the view, before the
    // service is asked.
    await propose(thandi);
    await expect(thandi.getByRole('status')).toContainText(`Not proposed: ${why}`);
    expect(remoteGit('branch', '--list', 'content/thandi/while-the-log-is-down').trim()).toBe('');

    const box = thandi.getByRole('textbox', { name: 'Error page, heading', exact: true });
    await box.fill('Something broke again');
    await box.press('Tab');
    await expect(thandi.getByRole('status')).toContainText(
      `Not saved: Error page, heading: ${why}`,
    );
    expect(errorPage()).toBe(before);

    await thandi.goto('/');
    await thandi.getByRole('textbox', { name: 'A new change, in a few words' }).fill('Never made');
    await thandi.getByRole('button', { name: 'Start the change' }).click();
    await expect(thandi.getByRole('status')).toContainText(`Not started: ${why}`);
    expect(existsSync(running.service.workspace('thandi', 'never-made'))).toBe(false);
  } finally {
    rmSync(log);
    renameSync(`${log}.aside`, log);
  }
  // Nothing was written meanwhile, and the log still verifies whole.
  expect(auditEntries()).toHaveLength(lines);
  expect(verify(log)).toContain('audit:verify: no problem found');
});

test('a refused save, a 403 and a failed push each leave a line in the audit log', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  await thandi.goto('/');
  await thandi.getByRole('link', { name: 'While the log is down' }).click();
  const opens = thandi.getByRole('textbox', { name: 'Contact, hours, opens', exact: true });
  await opens.fill('9am');
  await opens.press('Tab');
  await expect(thandi.getByRole('status')).toContainText('Not saved: Contact, hours, opens');
  const forbidden = await thandi.request.get('/api/content', {
    headers: { 'x-editor-workspace': 'pieter/legal-heading' },
  });
  expect(forbidden.status()).toBe(403);
  // GitHub's rules refuse the branch: the remote's own hook declines every push.
  const hook = path.join(running.service.remote, 'hooks', 'pre-receive');
  writeFileSync(hook, '#!/bin/sh\necho "protected branch hook declined" >&2\nexit 1\n', {
    mode: 0o755,
  });
  try {
    await opens.fill('09:30');
    await opens.press('Tab');
    await expect(thandi.getByRole('status')).toContainText('Saved Contact, hours, opens');
    await propose(thandi);
    await expect(thandi.getByRole('status')).toContainText(
      "Not proposed: GitHub's rules refused the branch. Nothing is lost, but proposing again will not help: tell the platform team",
    );
  } finally {
    rmSync(hook);
  }
  const refused = auditEntries().filter((e) => e.kind === 'refused');
  expect(refused).toContainEqual(
    expect.objectContaining({
      who: expect.objectContaining({ user: 'thandi' }),
      asked: '/api/save',
      status: 422,
      change: 'thandi/while-the-log-is-down',
    }),
  );
  expect(refused).toContainEqual(
    expect.objectContaining({
      who: expect.objectContaining({ user: 'thandi' }),
      asked: '/api/content',
      status: 403,
    }),
  );
  const [failed] = auditEntries().filter(
    (e) => e.kind === 'outcome' && e.action === 'propose' && e.result === 'not pushed',
  );
  expect(failed).toMatchObject({ change: 'thandi/while-the-log-is-down' });
  // git's own words stay in the log, for the platform team; the editor was given words.
  expect(String(failed!.git)).toContain('protected branch hook declined');
});

test('a 100 kB paste and a 300-character title are refused in words; a value holding <!-- is shown in the description; the view links to the pull request', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  await thandi.goto('/');
  const title = thandi.getByRole('textbox', { name: 'A new change, in a few words' });
  await title.fill('a'.repeat(300));
  await thandi.getByRole('button', { name: 'Start the change' }).click();
  await expect(thandi.getByRole('status')).toHaveText(
    "Not started: the title is 300 characters long, and a change's title may have at most 120 (it becomes the title of its pull request): say it in fewer words",
  );
  // The service refuses it as well, to anyone who sends it past the view, and logs it.
  const sent = await thandi.request.post('/api/start', {
    headers: { origin: running.url },
    data: { title: 'a'.repeat(300) },
  });
  expect(sent.status()).toBe(422);
  expect(auditEntries().at(-1)).toMatchObject({
    kind: 'refused',
    asked: '/api/start',
    status: 422,
  });

  await startChange(thandi, 'Comments in a heading');
  const heading = thandi.getByRole('textbox', { name: 'Not Found page, heading', exact: true });
  await heading.fill('x'.repeat(100_000));
  await heading.press('Tab');
  const tooLong =
    'it is 100,000 characters long, and a field takes at most 4,000: shorten it, or split it over several fields';
  await expect(thandi.getByRole('status')).toHaveText(
    'Not saved: Not Found page, heading — see the message at the field',
  );
  const messages = thandi.locator('[id$="-messages"]', { hasText: tooLong });
  await expect(messages).toBeVisible();
  // It stays, past the view's next look at the files.
  await thandi.waitForResponse((response) => response.url().endsWith('/api/versions'));
  await expect(messages).toBeVisible();
  await expect(heading).toHaveValue('x'.repeat(100_000));

  await save(thandi, 'Not Found page, heading', 'Lost <!-- and hidden');
  await propose(thandi);
  await expect(thandi.getByRole('status')).toContainText('Proposed for review');
  await expect(thandi.getByRole('link', { name: 'Its pull request on GitHub' })).toHaveAttribute(
    'href',
    `${REPOSITORY_PAGE}/pulls?q=is%3Apr%20head%3Acontent%2Fthandi%2Fcomments-in-a-heading`,
  );
  // The description (the commit's body) shows the value as typed: `<` as an entity, which no
  // comment can begin with, and nothing after it hidden.
  const body = remoteGit(
    'log',
    '-1',
    '--format=%b',
    'refs/heads/content/thandi/comments-in-a-heading',
  );
  expect(body).not.toContain('<!--');
  expect(body).toContain('<ins>Lost &lt;\\!-- and hidden</ins>');
});

/** Pieter's change of the next test, as its branch on the remote names it. */
const CALMER = 'refs/heads/content/pieter/calmer-exclamation';

/** Opens Pieter's change of the next test, which the tests after it carry on. */
async function openCalmer(signIn: (user: TestUser) => Promise<Page>) {
  const pieter = await signIn('pieter');
  await openChange(pieter, 'Calmer exclamation');
  return pieter;
}

test('two editors change one field; once the first is merged, the second sees both values, keeps theirs, and proposes a branch that merges cleanly with main’s value as “was”', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  const pieter = await signIn('pieter');
  await startChange(thandi, 'Gentler exclamation');
  await save(thandi, 'Not Found page, line above the heading', 'Oh dear!');
  await startChange(pieter, 'Calmer exclamation');
  await save(pieter, 'Not Found page, line above the heading', 'Hmm.');
  await propose(thandi);
  await expect(thandi.getByRole('status')).toContainText('Proposed for review');
  mergeOnRemote('content/thandi/gentler-exclamation');

  await pieter.getByRole('button', { name: 'Compare with main now' }).click();
  const conflict = pieter.getByRole('alert').filter({ hasText: 'Main changed a field' });
  await expect(conflict).toContainText('Not Found page, line above the heading');
  await expect(conflict).toContainText('On main now“Oh dear!”');
  await expect(conflict).toContainText('Yours“Hmm.”');
  await expect(pieter.getByText('Editing the change “Calmer exclamation”')).toContainText(
    'in conflict with main',
  );
  await pieter
    .getByRole('button', { name: 'Keep yours for Not Found page, line above the heading' })
    .click();
  await expect(pieter.getByRole('status')).toContainText(
    "Not Found page, line above the heading keeps your value over main's",
  );
  await expect(conflict).toHaveCount(0);
  await propose(pieter);
  await expect(pieter.getByRole('status')).toContainText('Proposed for review');
  const branch = CALMER;
  expect(remoteGit('log', '-1', '--format=%b', branch)).toContain(
    '- **Not Found page, line above the heading**: “<del>Oh dear\\!</del><ins>Hmm.</ins>”',
  );
  // It merges into main with no conflict: git merge-tree exits 0.
  remoteGit('merge-tree', '--write-tree', 'refs/heads/main', branch);
});

test('the change of the test before, its branch changed on GitHub: the service follows it, and the next proposal holds the reviewer’s commit', async ({
  signIn,
}) => {
  const pieter = await openCalmer(signIn);
  const branch = CALMER;
  // The branch changed on GitHub (a reviewer's commit on it): the service follows it.
  const reviewersCommit = changeOnRemote({
    remote: running.service.remote,
    branch: 'content/pieter/calmer-exclamation',
    file: 'content/legal.ts',
    from: `heading: '${legal.heading}'`,
    to: "heading: 'Legal notices'",
  });

  await save(pieter, 'Not Found page, message', 'Nothing is at this address.');
  await propose(pieter);
  await expect(pieter.getByRole('status')).toContainText('Proposed for review');
  remoteGit('merge-base', '--is-ancestor', reviewersCommit, branch);
  const proposed = remoteGit('log', '-1', '--format=%b', branch);
  expect(proposed).toContain('**Legal, heading**');
  // The full stop both sentences end with is kept, outside the marks.
  expect(proposed).toContain(
    `- **Not Found page, message**: “<del>${notFound.message.replace(/\.$/, '')}</del><ins>Nothing is at this address</ins>.”`,
  );
  expect(auditDone('follow', 'followed')).toHaveLength(1);
});

test('the change of the test before, main moved in a field it never touched: the proposal merges main in, and every commit the service made on the branch is signed and names its editor', async ({
  signIn,
}) => {
  const pieter = await openCalmer(signIn);
  const branch = CALMER;
  // Main moves again, in a field Pieter never touched: his next proposal merges main into his
  // branch, and every commit the service made there, that merge too, is signed and names him.
  changeOnRemote({
    remote: running.service.remote,
    branch: 'main',
    file: 'content/contact.ts',
    from: "helpPhone: '+44 20 7946 0123'",
    to: "helpPhone: '+44 20 7946 0124'",
  });
  await save(pieter, 'Not Found page, message', 'Nothing is at this address any more.');
  await propose(pieter);
  await expect(pieter.getByRole('status')).toContainText('Proposed for review');
  const byService = (...options: string[]) =>
    remoteGit(
      'rev-list',
      ...options,
      `--committer=${SERVICE_COMMITTER.email}`,
      branch,
      '^refs/heads/main',
    )
      .trim()
      .split('\n')
      .filter(Boolean);
  expect(byService('--merges').length).toBeGreaterThan(0);
  for (const commit of byService()) {
    const object = remoteGit('cat-file', 'commit', commit);
    expect(object.trimEnd().split('\n').at(-1)).toBe('Bank-Identity: pieter@example.com');
    expect(verifies(object)).toBe(true);
  }
});

test('the service down: nginx’s page and the view say so in words; once it is back, nothing is lost', async ({
  signIn,
}) => {
  const thandi = await signIn('thandi');
  await thandi.goto('/');
  await thandi.getByRole('link', { name: 'While the log is down' }).click();
  await expect(
    thandi.getByRole('textbox', { name: 'Error page, heading', exact: true }),
  ).toHaveValue('Something broke');
  await running.service.stopOnly();
  try {
    const box = thandi.getByRole('textbox', { name: 'Error page, heading', exact: true });
    await box.fill('Typed while it was down');
    await box.press('Tab');
    await expect(thandi.getByRole('alert').filter({ hasText: 'not answering' })).toHaveText(
      'The editing service is not answering just now: it may be restarting. What you typed and did not save stays in this tab, even over a reload: reload the page once the editing view answers again.',
    );
    const page = await thandi.context().newPage();
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'The editing service is not answering' }),
    ).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Nothing you saved is lost');
  } finally {
    await running.service.startAgain();
  }
  await thandi.reload();
  await expect(
    thandi.getByRole('textbox', { name: 'Error page, heading', exact: true }),
  ).toHaveValue('Typed while it was down');
});

test('npm run audit:verify reports an edited, removed, inserted or re-chained line, a cut tail, and an intent without its outcome', async ({
  signIn,
}) => {
  const log = running.service.auditLog;
  expect(verify(log)).toContain('audit:verify: no problem found');
  const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
  const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-audit-'));
  /** Verifies a tampered copy of the log. */
  const tampered = (name: string, copy: string[]) => {
    const file = path.join(folder, name);
    writeFileSync(file, `${copy.join('\n')}\n`);
    return verify(file);
  };
  const seqOf = (line: string) => (JSON.parse(line) as { seq: number }).seq;
  const k = 5;
  try {
    const edited = [...lines];
    edited[k - 1] = edited[k - 1]!.replace('"time":"2', '"time":"1');
    expect(tampered('edited', edited)).toContain(
      `line ${k} (seq ${k}) was edited after it was written`,
    );

    const removed = lines.filter((_, i) => i !== k - 1);
    expect(tampered('removed', removed)).toContain(
      `1 line(s) were removed before line ${k}: seq ${k} are missing`,
    );

    const forged = JSON.parse(lines[k - 1]!) as Record<string, unknown>;
    const inserted = [...lines];
    inserted.splice(
      k,
      0,
      JSON.stringify({ ...forged, who: { user: 'mallory' }, mac: 'f'.repeat(64) }),
    );
    expect(tampered('inserted', inserted)).toContain(
      `line ${k + 1} (seq ${k}) was inserted: the service did not write it (its seal does not match)`,
    );

    // A key holder removes a line and seals every line after it again, numbers and links included:
    // the log then holds together, and only the heads the log store received show it.
    const key = readFileSync(running.service.auditKey, 'utf8').trim();
    const resealed = lines.slice(0, k - 1);
    let prev = (JSON.parse(lines[k - 2]!) as { mac: string }).mac;
    for (const line of lines.slice(k)) {
      const fields = JSON.parse(line) as Record<string, unknown>;
      delete fields.mac;
      const text = JSON.stringify({ ...fields, seq: seqOf(line) - 1, prev });
      const mac = createHmac('sha256', key).update(text).digest('hex');
      resealed.push(`${text.slice(0, -1)},"mac":"${mac}"}`);
      prev = mac;
    }
    expect(tampered('re-chained', resealed)).toContain(
      `from seq ${k} on, the log was sealed again (re-chained)`,
    );

    const last = seqOf(lines.at(-1)!);
    expect(tampered('cut', lines.slice(0, -3))).toContain(
      `the log ends at seq ${last - 3}, but the log store received lines up to seq ${last}: its last 3 line(s) were cut off`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  // The service killed while a proposal is on its way (the remote's hook holds the push): its
  // intent is in the log, and no outcome.
  const held = path.join(running.service.folder, 'push-held');
  const hook = path.join(running.service.remote, 'hooks', 'pre-receive');
  writeFileSync(hook, `#!/bin/sh\ntouch ${held}\nsleep 60\n`, { mode: 0o755 });
  const pieter = await signIn('pieter');
  await pieter.goto('/');
  await pieter.getByRole('link', { name: 'Legal heading' }).click();
  await save(pieter, 'Legal, heading', 'Legal matters');
  await pieter.getByRole('button', { name: 'Propose the change for review' }).click();
  await expect.poll(() => existsSync(held)).toBe(true);
  await running.service.kill();
  rmSync(hook);
  await running.service.startAgain();
  const report = verify(log);
  expect(report).toMatch(
    /line \d+ \(seq \d+\): pieter's propose at \S+ has an intent and no outcome: the service stopped before it ended/,
  );
  expect(report).toContain('audit:verify: 1 problem(s)');
});
