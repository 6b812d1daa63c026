/**
 * The editing view of `npm run edit` for the tests and the bench: started over a scratch copy of
 * the project, as the package script starts it, with its printed address read as an editor reads it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { spawnGroup, stopGroup } from './process-groups';
import { projectClone, scratchCopy } from './scratch-copy';

/**
 * What the editing view reads and writes, and what its check and the page beside the form read:
 * the site's pages with their styles and settings, and Prettier's settings.
 */
export const EDITOR_PARTS = [
  'content',
  'public',
  // The content check reads which files nginx sends as pictures from its configuration.
  'deploy/nginx.conf.template',
  'app',
  'components',
  'lib',
  'tsconfig.json',
  'postcss.config.mjs',
  '.prettierrc.json',
];

/**
 * `npm run edit`'s command, read from package.json, so that a change to the script is what the
 * tests start: a node command, its files made absolute, as the view runs in a scratch copy: the
 * copy's own where it holds them (a copy with the editor in it), else the project's.
 * @throws Where the script is no longer a node command, which this would start wrongly.
 */
function editCommand(folder: string): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [program, ...args] = (scripts.edit ?? '').split(' ');
  if (program !== 'node')
    throw new Error(
      `npm run edit is "${scripts.edit}": editing-view.ts starts only a node command`,
    );
  return args.map((arg) => {
    if (existsSync(path.join(folder, arg))) return path.join(folder, arg);
    return existsSync(arg) ? path.resolve(arg) : arg;
  });
}

/**
 * `npm run edit` over a scratch copy of the project (by default, of what the view reads), so that
 * the editing view's writes touch nobody else's content/. The view is started as the package
 * script starts it, from the copy's folder, in a process group of its own that ends with the run
 * however the run ends (process-groups.ts), and its address is read from what it prints, as an
 * editor reads it, as soon as it prints it.
 * @param options.port The port to ask for (PORT); without it, the view takes any free port the
 *   system gives, as it does without PORT, so that views never collide.
 * @param options.parts What to copy, if not what the view reads.
 * @param options.wholeProject The view over a project of its own instead (projectClone in
 *   scratch-copy.ts), whose build is byte for byte the project's.
 * @param options.environment Variables to set for the view, over the tests' own (a HOME of its own).
 * @param options.prepare Changes to make to the copy before the view starts (a developer's edit).
 */
export async function startEditingView({
  port,
  parts = EDITOR_PARTS,
  wholeProject = false,
  environment = {},
  prepare,
}: {
  port?: number;
  parts?: readonly string[];
  wholeProject?: boolean;
  environment?: Record<string, string>;
  prepare?: (folder: string) => void;
} = {}) {
  const folder = wholeProject ? projectClone('editor') : scratchCopy('editor', parts);
  prepare?.(folder);
  const env: NodeJS.ProcessEnv = { ...process.env, ...environment };
  delete env.PORT;
  if (port !== undefined) env.PORT = String(port);
  let stopped = false;
  const server = spawnGroup(
    process.execPath,
    editCommand(folder),
    { cwd: folder, env },
    `the editing view in ${path.basename(folder)}`,
  );
  let printed = '';
  const address = await new Promise<string>((resolve, reject) => {
    // A view that did not start leaves no scratch copy behind.
    const didNotStart = () => {
      rmSync(folder, { recursive: true, force: true });
      reject(new Error(`the editing view did not start:\n${printed}`));
    };
    const hear = (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+\/\?token=\w+/.exec(printed)?.[0];
      if (!found) return;
      server.off('close', didNotStart);
      resolve(found);
    };
    server.stdout!.on('data', hear);
    server.stderr!.on('data', hear);
    server.once('close', didNotStart);
  });
  const url = new URL(address);
  return {
    /** The scratch copy's folder, whose content/ the view edits. */
    folder,
    /** The address the view printed, token and all. */
    address,
    origin: url.origin,
    /** The port the view listens on: the one asked for, or the one the system gave it. */
    port: Number(url.port),
    token: url.searchParams.get('token')!,
    /** Everything the view has printed, as the editor's terminal shows it. */
    terminal: () => printed,
    /** Whether `stop` was called: a test that stops the view leaves nothing for the next. */
    stopped: () => stopped,
    async stop() {
      stopped = true;
      await stopGroup(server);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A running editing view, as startEditingView returns it. */
type EditingView = Awaited<ReturnType<typeof startEditingView>>;

/**
 * Puts a view's scratch copy back as it was made: each part copied again from the project, and
 * whatever else a spec added to the folder (a repository of its own, say) removed.
 */
function restoreCopy(folder: string, parts: readonly string[]) {
  const copied = new Set(parts.map((part) => part.split('/')[0]));
  for (const entry of readdirSync(folder))
    if (!copied.has(entry)) rmSync(path.join(folder, entry), { recursive: true, force: true });
  for (const part of parts) {
    rmSync(path.join(folder, part), { recursive: true, force: true });
    cpSync(part, path.join(folder, part), { recursive: true });
  }
}

/**
 * The view that the specs run in one worker share (editingViewForSpec), started by the first of
 * them: its start (its scripts bundled, its content read) cost each short spec more than its tests.
 * Its process group stops as the worker exits (process-groups.ts), and its copy is removed then.
 */
let workerView: EditingView | undefined;
process.on('exit', () => {
  if (workerView) rmSync(workerView.folder, { recursive: true, force: true });
});

/**
 * The editing view for one spec's tests, which run in order over it, opened in a page of its own
 * before them: the worker's shared view, its copy put back as it was made (restoreCopy), so that
 * nothing a spec before wrote is there, and no page of an earlier spec is open. What the view
 * keeps in memory is each tab's: its last save, which the spec's new tab has none of, and which
 * tab wrote each version of a file, which a spec about tabs needs a view of its own for (`own`),
 * or a version an earlier spec's tab wrote could be taken for its own tab's. A spec that stops the
 * view leaves the next one to start another. Read `session.view`, `session.page` and
 * `session.git` inside the tests, once the view has started.
 * @param options.own A view of the spec's own, started before its tests and stopped after: `true`,
 *   or what to start it with (startEditingView's options, read as the view starts).
 * @param options.committed Whether the copy is made a git repository of its own
 *   (committedRepository) before the page opens, as a clone is; `session.git` runs git in it.
 */
export function editingViewForSpec({
  own = false,
  committed = false,
}: { own?: boolean | Parameters<typeof startEditingView>[0]; committed?: boolean } = {}) {
  const session = {} as {
    view: EditingView;
    page: Page;
    git: ReturnType<typeof committedRepository>;
  };
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    if (own) session.view = await startEditingView(own === true ? {} : own);
    else {
      if (!workerView || workerView.stopped()) workerView = await startEditingView();
      else restoreCopy(workerView.folder, EDITOR_PARTS);
      session.view = workerView;
    }
    if (committed) session.git = committedRepository(session.view.folder);
    session.page = await (await browser.newContext()).newPage();
    await session.page.goto(session.view.address);
  });
  test.afterAll(async () => {
    try {
      await session.page?.context().close();
    } finally {
      if (own) await session.view?.stop();
    }
  });
  return session;
}

/**
 * Makes a view's scratch copy a git repository of its own, its files committed on main by a test
 * editor whose name and e-mail the repository's settings hold, as a clone is, so that the view
 * lists what changed since the last commit and can commit.
 * @returns git, run in the copy, with what it printed trimmed.
 */
export function committedRepository(folder: string) {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: folder, encoding: 'utf8' }).trim();
  git('init', '--quiet', '--initial-branch', 'main');
  git('config', 'user.name', 'An Editor');
  git('config', 'user.email', 'editor@bank.example');
  git('add', '--all');
  git('commit', '--quiet', '--message', 'The content as it was');
  return git;
}

/**
 * Commits the changes to a new branch in the view, as an editor does: the branch's name and the
 * message typed into the form, then its button. What the view then says is the caller's to read.
 */
export async function commitToNewBranch(page: Page, branch: string, message: string) {
  await page.getByRole('textbox', { name: 'New branch' }).fill(branch);
  await page.getByRole('textbox', { name: 'What you changed, in a sentence' }).fill(message);
  await page.getByRole('button', { name: 'Commit the changes to a new branch' }).click();
}
