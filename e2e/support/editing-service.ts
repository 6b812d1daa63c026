/**
 * The editing service for the tests and the bench, as a bank runs it: `npm run edit:service` on a
 * Unix socket, with a bare git repository as its remote (holding this checkout's HEAD as main, and
 * the service's signing key among main's allowed signers, as an install adds it),
 * its state, audit log and the web server's secret in a folder of the run's own, and, for the
 * browsers, the shipped nginx server block in front of it (editing-service-nginx.ts), its sign-in
 * answered by basic authentication of two test editors.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { LOCAL_SERVER_NAME } from '../../scripts/serve/tls';
import {
  COMPLIANCE_GROUP,
  EDITORS_GROUP,
  REVIEWERS_GROUP,
  startEditorNginx,
  type TestUser,
} from './editing-service-nginx';
import { freePort } from './ports';
import { spawnGroup, stopGroup } from './process-groups';

/** The repository's page that the service links pull requests from (EDITOR_REPOSITORY_PAGE). */
export const REPOSITORY_PAGE = 'https://github.com/example-bank/private-bank-site';

/** The committer of every commit the service makes, as the tests expect to find it. */
export const SERVICE_COMMITTER = { name: 'Editing service', email: 'editing-service@example.com' };

/**
 * `npm run edit:service`'s command, read from package.json, so that a change to the script is what
 * the tests start.
 * @throws Where the script is no longer a node command, which this would start wrongly.
 */
function serviceCommand(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [program, ...args] = (scripts['edit:service'] ?? '').split(' ');
  if (program !== 'node')
    throw new Error(`npm run edit:service is "${scripts['edit:service']}": not a node command`);
  return args;
}

/** The file of main that lists the keys whose signatures the approvers check accepts. */
export const ALLOWED_SIGNERS = '.github/allowed-signers';

/**
 * Adds the service's public key to the allowed signers of the remote's main, in a commit of its
 * own, as the platform team does at install (docs/deploying.md): the principal is the service's
 * committer e-mail, for git's namespace alone, valid from yesterday.
 */
function addAllowedSigner(remote: string, publicKey: string, folder: string) {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', folder, ...args], { encoding: 'utf8' });
  execFileSync('git', ['clone', '--quiet', remote, folder]);
  // From yesterday, which ssh-keygen reads in the machine's time zone, whatever zone that is.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  appendFileSync(
    path.join(folder, ALLOWED_SIGNERS),
    `${SERVICE_COMMITTER.email} namespaces="git",valid-after="${yesterday.replaceAll('-', '')}" ${publicKey}\n`,
  );
  git('add', ALLOWED_SIGNERS);
  git(
    '-c',
    'user.name=Platform team',
    '-c',
    'user.email=platform@example.com',
    'commit',
    '--quiet',
    '--message',
    "The editing service's signing key",
  );
  git('push', '--quiet', 'origin', 'main');
  rmSync(folder, { recursive: true, force: true });
}

/**
 * Starts the service on a socket of its own, without the web server: for what the socket alone
 * answers, and for the web server to be put in front.
 * @param origin The address editors open (EDITOR_ORIGIN).
 * @returns The folder, the socket, the remote, the audit log, the secret, and `restart` and `stop`.
 */
export async function startService(origin: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-editing-service-'));
  const file = (name: string) => path.join(folder, name);
  const remote = file('remote.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
  execFileSync('git', ['push', '--quiet', remote, 'HEAD:refs/heads/main']);
  const signingKey = file('signing-key');
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    'ed25519',
    '-N',
    '',
    '-C',
    'editing-service',
    '-f',
    signingKey,
  ]);
  addAllowedSigner(remote, `${readFileSync(`${signingKey}.pub`, 'utf8').trim()}`, file('install'));
  const proxySecret = randomBytes(24).toString('hex');
  writeFileSync(file('proxy-secret'), `${proxySecret}\n`, { mode: 0o600 });
  writeFileSync(file('audit-key'), `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  const settings = {
    socket: file('editor.sock'),
    auditLog: file('log/audit.log'),
    auditKey: file('audit-key'),
    /** The service's standard output, as the journal would keep it: the audit log's heads. */
    journal: file('journal'),
    state: file('state'),
    /** The records store the service's financial promotions log reads: a folder, empty at first. */
    records: file('records'),
  };

  /** The service, once it has said it listens; its start failing says what it printed. */
  const launch = async () => {
    const service = spawnGroup(
      'node',
      serviceCommand(),
      {
        env: {
          ...process.env,
          EDITOR_SOCKET: settings.socket,
          EDITOR_ORIGIN: origin,
          EDITOR_REMOTE: remote,
          EDITOR_STATE: settings.state,
          EDITOR_AUDIT_LOG: settings.auditLog,
          EDITOR_AUDIT_KEY_FILE: settings.auditKey,
          EDITOR_REPOSITORY_PAGE: REPOSITORY_PAGE,
          EDITOR_PROXY_SECRET_FILE: file('proxy-secret'),
          EDITOR_COMMITTER_NAME: SERVICE_COMMITTER.name,
          EDITOR_COMMITTER_EMAIL: SERVICE_COMMITTER.email,
          EDITOR_SIGNING_KEY: signingKey,
          // The documented install's: the group the web server confirmed, one header line.
          EDITOR_GROUP: EDITORS_GROUP,
          // The financial promotions log's (docs/deploying.md, "Records for a regulator").
          RECORDS_COMPLIANCE_GROUP: COMPLIANCE_GROUP,
          RECORDS_REVIEWERS_GROUP: REVIEWERS_GROUP,
          RECORDS_STORE: settings.records,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
      'the editing service',
    );
    // Every line it prints goes into the journal, read for as long as it runs, as journald would.
    const printed: string[] = [];
    const listening = new Promise<void>((resolve, reject) => {
      const lines = createInterface({ input: service.stdout! });
      lines.on('line', (line) => {
        printed.push(line);
        appendFileSync(settings.journal, `${line}\n`);
        if (line.startsWith('The editing service listens on')) resolve();
      });
      lines.on('close', () =>
        reject(new Error(`the editing service stopped before it listened:\n${printed.join('\n')}`)),
      );
    });
    await listening;
    return service;
  };

  let service = await launch();
  return {
    folder,
    remote,
    proxySecret,
    ...settings,
    /** The folder of a person's workspace of a topic. */
    workspace: (user: string, topic: string) =>
      path.join(settings.state, 'workspaces', user, topic),
    /** Stops the service and starts it again, over the same state. */
    async restart() {
      await stopGroup(service);
      service = await launch();
    },
    /** Stops the service, as systemd does, and leaves it stopped until `startAgain`. */
    async stopOnly() {
      await stopGroup(service);
    },
    /** Kills the service outright (SIGKILL), as a crash would, and leaves it stopped. */
    async kill() {
      await stopGroup(service, 'SIGKILL');
    },
    /** Starts the service again after `stopOnly` or `kill`, over the same state. */
    async startAgain() {
      service = await launch();
    },
    async stop() {
      await stopGroup(service);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The service behind the shipped nginx server block, at https://localhost:<port>.
 * @param port nginx's HTTPS port; by default, a free one the system gives.
 * @returns The service's parts, nginx's address and its test editors, and `stop`.
 */
export async function startServiceBehindNginx(port?: number) {
  port ??= await freePort();
  const service = await startService(`https://${LOCAL_SERVER_NAME}:${port}`);
  const nginx = await startEditorNginx({
    socket: service.socket,
    port,
    proxySecret: service.proxySecret,
  });
  return {
    service,
    url: nginx.url,
    editors: nginx.editors,
    async stop() {
      await nginx.stop();
      await service.stop();
    },
  };
}

/** The service behind nginx, as startServiceBehindNginx gives it. */
export type ServiceBehindNginx = Awaited<ReturnType<typeof startServiceBehindNginx>>;

/**
 * The specs of the editing service behind nginx: `editingService`, one service per worker, which
 * the specs that worker runs share, since its start (a remote made from this checkout, the
 * service's first start with its fields' help read by TypeScript's language service, nginx and its
 * certificates) is most of a short spec's work; and `signIn`, a browser of a test's own signed in as
 * a test person, closed as the test ends. Each spec signs in as people of its own
 * (editing-service-nginx.ts), so that its changes, workspaces and branches are its own: another
 * spec's leftovers are in none of its lists, and a spec that reads the shared audit log reads its
 * own people's lines or the lines written since it began.
 */
export const test = base.extend<
  { signIn: (user: TestUser) => Promise<Page> },
  { editingService: ServiceBehindNginx }
>({
  editingService: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    async ({}, provide) => {
      const running = await startServiceBehindNginx();
      await provide(running);
      await running.stop();
    },
    // On two cores busy with the rest of the suite, the start has taken over half a minute.
    { scope: 'worker', timeout: 120_000 },
  ],
  signIn: async ({ browser, editingService }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (user) => {
      const editor = editingService.editors.find((e) => e.user === user)!;
      const context = await browser.newContext({
        baseURL: editingService.url,
        httpCredentials: { username: editor.user, password: editor.password },
        // The run's throwaway authority signs nginx's certificate; TLS itself is the https spec's.
        ignoreHTTPSErrors: true,
      });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/**
 * A reviewer's work on a branch of the remote, as GitHub's web editor or a reviewer's own clone
 * does it: in a clone of the branch, `work` runs git as the reviewer, and what it committed is
 * pushed to the branch.
 * @param work Makes the reviewer's commit, given git run in the clone and the clone's folder.
 * @returns The commit the branch now points at.
 */
export function pushAsReviewer(
  remote: string,
  branch: string,
  work: (git: (...args: string[]) => string, folder: string) => void,
): string {
  const reviewer = mkdtempSync(path.join(tmpdir(), 'private-bank-reviewer-'));
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      [
        '-C',
        reviewer,
        '-c',
        'user.name=Reviewer',
        '-c',
        'user.email=reviewer@example.com',
        ...args,
      ],
      { encoding: 'utf8' },
    );
  try {
    execFileSync('git', ['clone', '--quiet', '--branch', branch, remote, reviewer]);
    work(git, reviewer);
    git('push', '--quiet', 'origin', branch);
    return git('rev-parse', 'HEAD').trim();
  } finally {
    rmSync(reviewer, { recursive: true, force: true });
  }
}

/**
 * A reviewer's commit on a branch of the remote that changes one value of a content file: the
 * file's text `from` becomes `to`, which must be in it (a spec's value already changed by another
 * spec of the same worker's remote would otherwise be no change at all).
 * @returns The reviewer's commit.
 */
export function changeOnRemote({
  remote,
  branch,
  file,
  from,
  to,
}: {
  remote: string;
  branch: string;
  file: string;
  from: string;
  to: string;
}): string {
  return pushAsReviewer(remote, branch, (git, folder) => {
    const changed = path.join(folder, file);
    const text = readFileSync(changed, 'utf8');
    if (!text.includes(from)) throw new Error(`${file} on ${branch} holds no ${from}`);
    writeFileSync(changed, text.replace(from, to));
    git('commit', '--quiet', '--all', '--message', `${file}: ${to}`);
  });
}

/** Starts a change from the page of the editor's changes, and waits for its form. */
export async function startChange(page: Page, title: string) {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'A new change, in a few words' }).fill(title);
  // The change's worktree is made, then its page opened: the address names it once it is open.
  await Promise.all([
    page.waitForURL(/\/\?change=/),
    page.getByRole('button', { name: 'Start the change' }).click(),
  ]);
  await expect(page.getByText(`Editing the change “${title}” (not proposed yet)`)).toBeVisible();
}

/**
 * Proposes the open change in the editing view, as an editor does, and waits for the service's
 * answer: a proposal fetches main, commits, signs and pushes, which on a busy machine takes longer
 * than an expectation waits, so a test waits for the answer itself before it reads the view's words.
 */
export async function propose(page: Page) {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/propose',
  );
  await page.getByRole('button', { name: 'Propose the change for review' }).click();
  await answered;
}
