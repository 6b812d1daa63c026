/**
 * The editing service's workspaces: one per change an editor starts, each a git worktree of its
 * own on its own branch, content/<user>/<topic>, made from the remote's main as it is when the
 * change starts. They share one clone of the remote (EDITOR_STATE/repository), and live at
 * EDITOR_STATE/workspaces/<user>/<topic>, beside a small file of what the folder does not hold (the
 * change's title in the editor's words, and the commit it started from). Everything is on disk: a
 * restart of the service finds every workspace and every value saved in it as it was.
 *
 * A worktree checks out the repository's top-level files, content/ and .github/ only (git's sparse
 * checkout): the content files, Prettier's settings, and CODEOWNERS are all a workspace needs, and
 * a change can touch nothing else.
 *
 * git runs one command at a time on the shared clone (fetch, worktree, commit, push): two at once
 * would fight over its locks. Commits carry the signed-in editor as their author and the service
 * as their committer; pushes go to the remote with the service's own credentials (its deploy key,
 * through GIT_SSH_COMMAND: docs/deploying.md).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Person } from './identity';
import { signingOptions, withIdentity } from './signing';

const run = promisify(execFile);

/** A change's topic as its branch names it: lower-case words joined by dashes, at most 40 letters. */
export const TOPIC = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What the service keeps of a change beside its worktree. */
type About = { title: string; base: string; started: string };

/** One change of an editor's, as the view lists it. */
export type Workspace = {
  /** `<user>/<topic>`: how a request names it. */
  id: string;
  title: string;
  branch: string;
  /** The commit of main the change started from, which its changes are counted from. */
  base: string;
  /** The worktree's folder. */
  root: string;
  /** Whether the change was proposed: its branch is on the remote. */
  proposed: boolean;
  /** Whether the remote's main holds the branch's last commit: the change was merged. */
  merged: boolean;
};

/** A topic from the editor's words for a change: "New opening hours" is new-opening-hours. */
export function topicOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 40).replace(/-+$/, '') || 'change';
}

export class Workspaces {
  private readonly repository: string;
  private readonly folder: string;
  /** The last git command on the shared clone: each waits for the one before it to end. */
  private queue: Promise<unknown> = Promise.resolve();

  /**
   * @param state The service's state folder (EDITOR_STATE).
   * @param remote The remote it clones from and pushes to (EDITOR_REMOTE).
   * @param committer The service, as the committer of every commit.
   * @param signingKey The key every commit is signed with (signing.ts).
   */
  constructor(
    state: string,
    private readonly remote: string,
    private readonly committer: { name: string; email: string },
    private readonly signingKey: string,
  ) {
    this.repository = path.join(state, 'repository');
    this.folder = path.join(state, 'workspaces');
  }

  /** Runs git in a folder, once the git commands queued before it have ended. */
  private git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
    const turn = this.queue.then(async () => {
      const { stdout } = await run('git', args, {
        cwd,
        env: { ...process.env, ...env },
        maxBuffer: 16 * 1024 * 1024,
      });
      return stdout;
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Clones the remote, the first time the service starts. */
  async prepare() {
    if (existsSync(path.join(this.repository, '.git'))) return;
    mkdirSync(path.dirname(this.repository), { recursive: true });
    await this.git(path.dirname(this.repository), [
      'clone',
      '--quiet',
      '--no-checkout',
      this.remote,
      this.repository,
    ]);
  }

  /** Brings the remote's main (and which content branches it holds) up to date. */
  async fetch() {
    await this.git(this.repository, ['fetch', '--quiet', '--prune', 'origin']);
  }

  private aboutFile(user: string, topic: string) {
    return path.join(this.folder, user, `${topic}.json`);
  }

  /**
   * One of a person's changes, as its folder holds it, without asking git where it stands: what
   * each request of the form needs, which must not wait for git. Undefined where the person has no
   * change of that topic.
   */
  open(person: Person, topic: string): Omit<Workspace, 'proposed' | 'merged'> | undefined {
    if (!TOPIC.test(topic) || !existsSync(this.aboutFile(person.user, topic))) return undefined;
    const about = JSON.parse(readFileSync(this.aboutFile(person.user, topic), 'utf8')) as About;
    return {
      id: `${person.user}/${topic}`,
      title: about.title,
      branch: `content/${person.user}/${topic}`,
      base: about.base,
      root: path.join(this.folder, person.user, topic),
    };
  }

  /**
   * A person's changes and where each stands, newest first; nobody else's are ever listed. Two git
   * commands, however many changes there are: the tips of the person's branches here and on the
   * remote, and which of them the remote's main holds.
   */
  async list(person: Person): Promise<Workspace[]> {
    const folder = path.join(this.folder, person.user);
    if (!existsSync(folder)) return [];
    const opened = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => this.open(person, name.slice(0, -'.json'.length)))
      .filter((w) => w !== undefined);
    const lines = (out: string) => out.trim().split('\n').filter(Boolean);
    const tips = new Map(
      lines(
        await this.git(this.repository, [
          'for-each-ref',
          '--format=%(refname) %(objectname)',
          `refs/heads/content/${person.user}/`,
          `refs/remotes/origin/content/${person.user}/`,
        ]),
      ).map((line) => line.split(' ') as [string, string]),
    );
    const merged = new Set(
      lines(
        await this.git(this.repository, [
          'for-each-ref',
          '--format=%(refname)',
          '--merged=refs/remotes/origin/main',
          `refs/heads/content/${person.user}/`,
        ]),
      ),
    );
    const started = (w: { id: string }) =>
      (JSON.parse(readFileSync(this.aboutFile(person.user, w.id.split('/')[1]!), 'utf8')) as About)
        .started;
    return opened
      .map((w) => {
        const tip = tips.get(`refs/heads/${w.branch}`);
        return {
          ...w,
          proposed: tips.has(`refs/remotes/origin/${w.branch}`),
          // A change with no commit of its own is held by main from its start: it is not merged.
          merged: tip !== undefined && tip !== w.base && merged.has(`refs/heads/${w.branch}`),
        };
      })
      .sort((a, b) => started(b).localeCompare(started(a)));
  }

  /**
   * Starts a change: a worktree on a new branch from the remote's main as it is now.
   * @param title The change in the editor's words, which its topic is made from.
   */
  async start(person: Person, title: string): Promise<Workspace> {
    await this.fetch();
    const base = (
      await this.git(this.repository, ['rev-parse', 'refs/remotes/origin/main'])
    ).trim();
    // A topic already taken by one of the person's changes gets a number: new-hours-2.
    const first = topicOf(title);
    let topic = first;
    for (let n = 2; existsSync(this.aboutFile(person.user, topic)); n += 1) topic = `${first}-${n}`;
    const branch = `content/${person.user}/${topic}`;
    const root = path.join(this.folder, person.user, topic);
    mkdirSync(path.dirname(root), { recursive: true });
    await this.git(this.repository, [
      'worktree',
      'add',
      '--quiet',
      '--no-checkout',
      '-b',
      branch,
      root,
      base,
    ]);
    await this.git(root, ['sparse-checkout', 'set', 'content', '.github']);
    await this.git(root, ['checkout', '--quiet']);
    const about: About = { title: title.trim(), base, started: new Date().toISOString() };
    writeFileSync(this.aboutFile(person.user, topic), `${JSON.stringify(about)}\n`);
    return { ...this.open(person, topic)!, proposed: false, merged: false };
  }

  /** The commit a branch last pushed holds, as the clone last saw the remote, or undefined. */
  private pushedTip(branch: string): Promise<string | undefined> {
    return this.git(this.repository, [
      'rev-parse',
      '--verify',
      '--quiet',
      `refs/remotes/origin/${branch}`,
    ]).then(
      (out) => out.trim(),
      () => undefined,
    );
  }

  /**
   * Abandons a change: its branch leaves the remote (which closes its pull request, if one is
   * open), and its worktree, branch and file here go. What it saved is in the audit log, and what
   * it proposed in the remote's history of the pull request.
   */
  async abandon(workspace: { id: string; root: string; branch: string }) {
    if ((await this.pushedTip(workspace.branch)) !== undefined)
      await this.git(this.repository, ['push', '--quiet', 'origin', '--delete', workspace.branch]);
    await this.git(this.repository, ['worktree', 'remove', '--force', workspace.root]);
    await this.git(this.repository, ['branch', '--quiet', '--delete', '--force', workspace.branch]);
    const [user, topic] = workspace.id.split('/') as [string, string];
    rmSync(this.aboutFile(user, topic));
  }

  /**
   * Proposes a change: commits its content files as they are, where they changed since its last
   * commit, the editor as the author and the service as the committer, and pushes its branch to
   * the remote, with any commit an earlier push failed to send.
   * @returns The commit pushed and the files it changed since the change started, or undefined
   *   where nothing is left to propose.
   */
  async propose(
    person: Person,
    workspace: { root: string; branch: string; base: string },
    message: string,
  ) {
    await this.git(workspace.root, ['add', '--', 'content']);
    const staged = await this.git(workspace.root, ['diff', '--cached', '--name-only']);
    if (staged.trim() !== '')
      await this.git(
        workspace.root,
        [
          ...signingOptions(this.signingKey),
          'commit',
          '--quiet',
          '--no-verify',
          '--message',
          withIdentity(message, person.email),
        ],
        {
          GIT_AUTHOR_NAME: person.name,
          GIT_AUTHOR_EMAIL: person.email,
          GIT_COMMITTER_NAME: this.committer.name,
          GIT_COMMITTER_EMAIL: this.committer.email,
        },
      ).catch(async (error: unknown) => {
        await this.git(workspace.root, ['reset', '--quiet']);
        throw error;
      });
    const commit = (await this.git(workspace.root, ['rev-parse', 'HEAD'])).trim();
    const pushed = await this.pushedTip(workspace.branch);
    if (commit === workspace.base || commit === pushed) return undefined;
    // The push also sets the clone's own copy of the remote's branch, which marks it proposed.
    await this.git(workspace.root, [
      'push',
      '--quiet',
      'origin',
      `HEAD:refs/heads/${workspace.branch}`,
    ]);
    const files = await this.git(workspace.root, ['diff', '--name-only', workspace.base, commit]);
    return { commit, files: files.trim().split('\n') };
  }
}
