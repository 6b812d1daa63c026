/**
 * The editing service's workspaces: one per change an editor starts, each a git repository of its
 * own on its own branch, content/<user>/<topic>, at EDITOR_STATE/workspaces/<user>/<topic>, beside a
 * small file of what the folder does not hold (the change's title in the editor's words, the commit
 * of main it is counted from, the commit last pushed). Everything is on disk: a restart of the
 * service finds every workspace and every value saved in it as it was.
 *
 * The workspaces share one bare copy of the remote (EDITOR_STATE/repository.git), which alone
 * fetches: main and the content branches, at most once every EDITOR_MAIN_MAX_AGE seconds however
 * many editors look (`mainAsFetched`), or at once where an action needs main as it is (a proposal).
 * Each workspace borrows its objects (git's alternates, as `git clone --shared` sets them) and holds
 * only its own commits, so that its git commands run apart from every other workspace's, each
 * workspace's one at a time; only pushes go together, every branch waiting in one push of the
 * shared copy. The shared copy never prunes an object (gc.pruneExpire never): a workspace may stand
 * on any commit it fetched. The tips of main and the content branches are kept in memory from each
 * fetch, so that a look at the changes runs no git for them.
 *
 * A workspace checks out the repository's top-level files, content/, public/images/ and .github/
 * only (git's sparse checkout): the content files, the pictures they name (a picture an editor
 * chooses is stored beside them), Prettier's settings and CODEOWNERS are all a change needs. Every
 * commit is made by `commit`, the editor as its author and the service as its committer; pushes go
 * to the remote with the service's own credentials (its deploy key, through GIT_SSH_COMMAND:
 * docs/deploying.md).
 *
 * A change's own commit is written in the service, without a process: its tree by `writeTree`,
 * the commit by `commit`, signed by signing.ts. On two cores, the six processes each proposal
 * started (staging, writing the tree, reading the branch, writing the commit, signing it, moving
 * the branch) made 20 proposals at once wait on each other's: only the fetch and the push, shared
 * by the proposals waiting, are git's now. isomorphic-git reads the trees and commits a proposal
 * starts from (from the workspace's own objects, or else the shared copy's, since isomorphic-git
 * does not follow git's alternates); the few objects a proposal makes (`writeObject`) and the
 * branch's move are written here, as git writes them. The workspace's index is not brought up to
 * these commits: the service reads nothing from it, and the git commands that next use it
 * (standing.ts) set it anew.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import {
  promises as fsPromises,
  mkdir as mkdirCallback,
  rename as renameCallback,
  writeFile as writeFileCallback,
} from 'node:fs';
import path from 'node:path';
import { deflate as deflateCallback, deflateSync } from 'node:zlib';
import { promisify } from 'node:util';
import * as isogit from 'isomorphic-git';
import type { TreeEntry } from 'isomorphic-git';
import { GitRunner } from './git-runner';
import type { Person } from './identity';
import { type CommitSigner, withIdentity } from './signing';

const deflate = promisify(deflateCallback);

/**
 * The largest object compressed on the service's thread: a tree, a commit or a content file. zlib
 * compresses one of the content files (1 to 4 kB) in 30 to 40 µs of the service's thread, where
 * handing it to Node's pool (a stream made for it, its buffers, the callback) costs that thread 60
 * to 70 µs (docs/performance.md). A larger object, a picture an editor chose, goes to the pool.
 */
const SMALL_OBJECT = 8 * 1024;
/**
 * Node's callback functions for files, as promises: they cost the service's thread about half
 * what `fs.promises` does for each small file, which opens a FileHandle object for each.
 */
const writeFileOnPool = promisify(writeFileCallback);
const renameOnPool = promisify(renameCallback);
const mkdirOnPool = promisify(mkdirCallback);

/**
 * The folders of the repository a change changes, as paths of names: the content files, and the
 * pictures an editor chooses, stored beside the site's (both-servers/pictures.ts). A commit of the
 * service writes these anew, each as the workspace holds it, over the tree it starts from.
 */
const CHANGED_FOLDERS = [['content'], ['public', 'images']];

/** The files isomorphic-git reads the workspaces' objects and refs with: Node's own. */
const objectFiles = { promises: fsPromises };

/** The branch a repository's HEAD names (`ref: refs/heads/…`), read from its file as git writes it. */
function branchOf(gitdir: string): string {
  const head = readFileSync(path.join(gitdir, 'HEAD'), 'utf8').trim();
  if (!head.startsWith('ref: ')) throw new Error(`${gitdir}/HEAD names no branch`);
  return head.slice('ref: '.length);
}

/** A git object of a type: its header (the type and the length) and its bytes. */
const gitObject = (type: 'blob' | 'tree' | 'commit', body: Buffer) =>
  Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);

/** The name git gives an object: the SHA-1 of its header and its bytes. */
const objectName = (object: Buffer) => createHash('sha1').update(object).digest('hex');

/** How many objects the service has begun writing, which names each one's file beside apart. */
let objectsBegun = 0;

/**
 * Writes an object into a repository's own objects, as git writes a loose one: compressed by zlib,
 * in a file named by the object's name, unless it is `was` (the object it replaces, which is there
 * already) or its file is there already; written whole or not at all (beside it, then renamed over
 * it), so that a service stopped mid-write leaves no half an object. Written here rather than by
 * isomorphic-git, whose writer hashes on WebCrypto's thread and compresses through a web stream:
 * some 4 ms of the service's one thread for each object on two cores, where this takes a few
 * tenths (docs/performance.md), and a proposal writes four at least. The object is hashed once, the
 * comparison with `was` included.
 * The writing is done on Node's pool of threads, so that 20 proposals at once do not each wait for
 * the others' files, and so is the compressing of a large object (SMALL_OBJECT).
 * @param writes Where the object's writing is added, for the caller to wait for before anything
 *   names the object.
 * @param was The object this one replaces (a file's blob, a folder's tree), if any.
 * @returns The object's name.
 */
function writeObject(
  gitdir: string,
  type: 'blob' | 'tree' | 'commit',
  body: Buffer,
  writes: Promise<void>[],
  was?: string,
): string {
  const object = gitObject(type, body);
  const name = objectName(object);
  if (name === was) return name;
  const file = path.join(gitdir, 'objects', name.slice(0, 2), name.slice(2));
  if (!existsSync(file)) {
    // Two writes of one object (two files of the same bytes) may run at once: each writes beside
    // it under a name of its own.
    objectsBegun += 1;
    const beside = `${file}.${process.pid}.${objectsBegun}.tmp`;
    writes.push(
      object.length <= SMALL_OBJECT
        ? writeWhole(file, beside, deflateSync(object))
        : deflate(object).then((bytes) => writeWhole(file, beside, bytes)),
    );
  }
  return name;
}

/** What tells a file unchanged since it was last hashed: its inode, size and times. */
const statSeen = (stat: Stats) => `${stat.ino} ${stat.size} ${stat.mtimeMs} ${stat.ctimeMs}`;

/**
 * Makes the 256 folders a repository's loose objects go in, by the first two hex digits of their
 * names, which git makes only as it first needs each. Made when a workspace starts, so that a
 * proposal makes none: on a disk that another process is flushing (the audit log, git's own
 * writes), making a folder waits for the flush, some 1.5 ms each, and 20 proposals at once made
 * about 80 of them one after another on the service's one thread (docs/performance.md).
 */
function makeObjectFolders(gitdir: string) {
  for (let byte = 0; byte < 256; byte += 1)
    mkdirSync(path.join(gitdir, 'objects', byte.toString(16).padStart(2, '0')), {
      recursive: true,
    });
}

/**
 * Writes a file whole or not at all, on Node's pool of threads: beside it, then renamed over it.
 * Its folder is made where it is missing: a workspace started before its object folders were made
 * at its start makes them as it needs them.
 */
async function writeWhole(file: string, beside: string, data: string | Buffer) {
  await writeFileOnPool(beside, data).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    await mkdirOnPool(path.dirname(file), { recursive: true });
    await writeFileOnPool(beside, data);
  });
  await renameOnPool(beside, file);
}

/**
 * A tree's bytes as git writes them: for each entry its mode (a folder's without its leading 0),
 * its name and its object's name in 20 bytes, in git's order, that of the names' bytes with a
 * folder's name read as ending in a slash.
 */
function treeBytes(entries: Iterable<TreeEntry>): Buffer {
  const sorted = [...entries]
    .map((entry) => ({
      entry,
      key: Buffer.from(entry.type === 'tree' ? `${entry.path}/` : entry.path),
    }))
    .sort((a, b) => Buffer.compare(a.key, b.key));
  return Buffer.concat(
    sorted.flatMap(({ entry }) => [
      Buffer.from(`${entry.mode.replace(/^0/, '')} ${entry.path}\0`),
      Buffer.from(entry.oid, 'hex'),
    ]),
  );
}

/** Someone named in a commit, with when. */
type Signature = { name: string; email: string; timestamp: number; timezoneOffset: number };

/** An author's or committer's line: name, address, seconds since 1970 and the zone, +hhmm. */
function signatureLine({ name, email, timestamp, timezoneOffset }: Signature) {
  // JavaScript's offset is UTC less local time, in minutes; git's is local time less UTC.
  const minutes = Math.abs(timezoneOffset);
  const zone = `${timezoneOffset > 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
  return `${name} <${email}> ${timestamp} ${zone}`;
}

/**
 * A commit's text: its headers, a blank line, the message. Without `gpgsig`, it is what git reads
 * to verify the signature; with it, the signature is the last header, its lines after the first
 * each begun with a space (git's commit format, gitformat-signature(5)).
 */
function commitText(
  commit: {
    tree: string;
    parents: string[];
    author: Signature;
    committer: Signature;
    message: string;
  },
  gpgsig?: string,
) {
  return [
    `tree ${commit.tree}`,
    ...commit.parents.map((parent) => `parent ${parent}`),
    `author ${signatureLine(commit.author)}`,
    `committer ${signatureLine(commit.committer)}`,
    ...(gpgsig === undefined ? [] : [`gpgsig ${gpgsig.trim().split('\n').join('\n ')}`]),
    '',
    commit.message,
  ].join('\n');
}

/** A change's topic as its branch names it: lower-case words joined by dashes, at most 40 letters. */
export const TOPIC = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What the service keeps of a change beside its workspace. */
export type About = {
  title: string;
  /** The commit of main the change is counted from: where it started, or was last brought up to. */
  base: string;
  started: string;
  /** The commit the service last pushed, and when. */
  pushed?: string;
  pushedAt?: string;
  /**
   * Fields changed on main and by the editor, where the editor chose to keep their value: by the
   * field's name, main's value they saw (as JSON). Main changing it again asks them again.
   */
  keptYours?: Record<string, string>;
};

/** One change of an editor's, as a request opens it. */
export type Workspace = {
  /** `<user>/<topic>`: how a request names it. */
  id: string;
  title: string;
  branch: string;
  /** The workspace's folder. */
  root: string;
  about: About;
};

/** main as the service last fetched it, and whether the remote answered then. */
export type MainAsFetched = { commit: string; fetchedAt: Date; reachable: boolean };

/** Why git failed, in the words of the few kinds the service tells apart. */
export type GitFailure = 'out of reach' | 'moved' | 'refused' | 'failed';

/** What a push's failure was, read from git's own words (which the audit log keeps). */
export function pushFailure(gitSaid: string): GitFailure {
  if (/\[rejected\]|non-fast-forward|fetch first/.test(gitSaid)) return 'moved';
  if (/\[remote rejected\]|declined|protected branch|denied/i.test(gitSaid)) return 'refused';
  if (
    /Could not read from remote|does not appear to be a git repository|unable to access|Could not resolve|Connection (refused|timed out)|Network is unreachable/i.test(
      gitSaid,
    )
  )
    return 'out of reach';
  return 'failed';
}

/** An error of git's, with what it printed. */
export class GitError extends Error {
  constructor(
    readonly args: string[],
    readonly said: string,
    /** git's exit status, where it exited rather than failed to start. */
    readonly status?: number,
    /** What it printed to its standard output alone (a push's --porcelain lines). */
    readonly printed = '',
  ) {
    super(`git ${args[0]} failed: ${said.trim().split('\n').slice(-3).join(' / ')}`);
  }
}

/** A topic from the editor's words for a change: "New opening hours" is new-opening-hours. */
export function topicOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 40).replace(/-+$/, '') || 'change';
}

/** How many answers of `isAncestor` are kept: a few for each change, for thousands of changes. */
const ANCESTRY_KEPT = 10_000;

/** How many trees, and commits' trees, are kept: every tree of content/ in thousands of commits. */
const OBJECTS_KEPT = 10_000;

/**
 * The proposals that shared one fetch of main: how many of them are still making their commit,
 * whose pushes the first of them to push waits for.
 */
type Cohort = { making: number };

/**
 * A push waiting to be sent with the others: its refspec, where its objects are, and the
 * proposals it came with, where it is a proposal's.
 */
type WaitingPush = {
  refspec: string;
  objects: string;
  cohort: Cohort | undefined;
  resolve: () => void;
  reject: (error: GitError) => void;
};

export class Workspaces {
  private readonly shared: string;
  private readonly folder: string;
  /** The last git command of each repository: each waits for the one before it to end. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Starts the git commands, off the main thread. */
  private readonly runner = new GitRunner();
  private fetched: MainAsFetched | undefined;
  /** The fetch running, and the one that waits for it to end: every caller meanwhile shares it. */
  private fetching: Promise<MainAsFetched> | undefined;
  private nextFetch: Promise<MainAsFetched> | undefined;
  /** Each content branch's tip on the remote, as last fetched (or pushed), by branch. */
  private tips = new Map<string, string>();
  /** Whether one commit is in the history of another, by the two: a commit's history never changes. */
  private readonly ancestry = new Map<string, boolean>();
  /** The pushes waiting to be sent together, and the sending of them, once one is under way. */
  private waitingPushes: WaitingPush[] = [];
  /** The proposals of each fetch, by main as that fetch found it. */
  private readonly cohorts = new WeakMap<MainAsFetched, Cohort>();
  private pushing: Promise<void> | undefined;
  /** isomorphic-git's, which keeps the shared copy's packs' indexes between reads. */
  private readonly objectCache = {};
  /** Trees' entries and commits' trees, by their object's name: an object never changes. */
  private readonly trees = new Map<string, TreeEntry[]>();
  private readonly commitTrees = new Map<string, string>();
  /** The last write of each change's file (`writeAbout`), by the file: each waits for the one before. */
  private readonly aboutWrites = new Map<string, Promise<void>>();
  /** Each file's blob as last hashed, and the inode, size and times it had then, by its path. */
  private readonly hashed = new Map<string, { seen: string; oid: string }>();

  /**
   * @param state The service's state folder (EDITOR_STATE).
   * @param remote The remote it fetches from and pushes to (EDITOR_REMOTE).
   * @param committer The service, as the committer of every commit.
   * @param signer Signs every commit with the service's key (signing.ts).
   * @param maxAgeMs How old main as fetched may be when a look at the changes uses it.
   */
  constructor(
    state: string,
    private readonly remote: string,
    private readonly committer: { name: string; email: string },
    private readonly signer: CommitSigner,
    private readonly maxAgeMs: number,
  ) {
    this.shared = path.join(state, 'repository.git');
    this.folder = path.join(state, 'workspaces');
  }

  /** Runs git in a repository, once the git commands queued before it there have ended. */
  git(
    cwd: string,
    args: string[],
    env: Record<string, string> = {},
    input?: string,
  ): Promise<string> {
    return this.inTurn(cwd, async () => {
      const run = await this.runner.run(cwd, args, env, input);
      if (run.status === 0) return run.stdout;
      throw new GitError(
        args,
        `${run.stderr}${run.stdout}` || (run.failed ?? 'git failed'),
        run.status,
        run.stdout,
      );
    });
  }

  /** Notes that a commit is in no history of another: one made after the other was fetched. */
  notAncestor(commit: string, of: string) {
    this.ancestry.set(`${commit} ${of}`, false);
  }

  /** Makes the shared copy of the remote, the first time the service starts. */
  async prepare() {
    if (!existsSync(this.shared)) {
      mkdirSync(this.shared, { recursive: true });
      await this.git(this.shared, ['init', '--quiet', '--bare']);
      await this.git(this.shared, ['remote', 'add', 'origin', this.remote]);
      // The workspaces borrow its objects: none may go, even one no branch holds any more.
      await this.git(this.shared, ['config', 'gc.pruneExpire', 'never']);
      await this.git(this.shared, ['config', 'gc.reflogExpireUnreachable', 'never']);
    }
    await this.fetchNow();
    if (!this.fetched?.reachable && this.fetched?.commit === '')
      throw new Error(`the editing service cannot fetch main from ${this.remote}`);
  }

  /**
   * Fetches main and the content branches into the shared copy, in a fetch that starts after this
   * call (on an editor's word, "Compare with main now"): one fetch at a time, and every caller that
   * asks while one runs shares the next. Where the remote does not answer, main stays as last
   * fetched.
   */
  fetchNow(): Promise<MainAsFetched> {
    if (!this.fetching) {
      this.fetching = this.fetchOnce().finally(() => (this.fetching = undefined));
      return this.fetching;
    }
    this.nextFetch ??= this.fetching
      .catch(() => undefined)
      .then(() => {
        this.nextFetch = undefined;
        return this.fetchNow();
      });
    return this.nextFetch;
  }

  private async fetchOnce(): Promise<MainAsFetched> {
    let reachable = true;
    try {
      await this.git(this.shared, [
        'fetch',
        '--quiet',
        '--prune',
        'origin',
        '+refs/heads/main:refs/remotes/origin/main',
        '+refs/heads/content/*:refs/remotes/origin/content/*',
      ]);
    } catch {
      reachable = false;
    }
    // Every tip at once, kept in memory: a look at the changes asks git nothing of them.
    const refs = await this.git(this.shared, [
      'for-each-ref',
      '--format=%(objectname) %(refname)',
      'refs/remotes/origin/',
    ]);
    const tips = new Map<string, string>();
    for (const line of refs.split('\n').filter(Boolean)) {
      const [commit, ref] = line.split(' ') as [string, string];
      tips.set(ref.slice('refs/remotes/origin/'.length), commit);
    }
    this.tips = tips;
    const commit = tips.get('main') ?? '';
    const fetchedAt = reachable ? new Date() : (this.fetched?.fetchedAt ?? new Date(0));
    this.fetched = { commit, fetchedAt, reachable };
    return this.fetched;
  }

  /** main as fetched at most EDITOR_MAIN_MAX_AGE seconds ago: fetched again only when older. */
  async mainAsFetched(): Promise<MainAsFetched> {
    const fetched = this.fetched;
    if (fetched?.reachable && Date.now() - fetched.fetchedAt.getTime() <= this.maxAgeMs)
      return fetched;
    return this.fetchNow();
  }

  /** The tip of a content branch on the remote, as last fetched, or undefined where it has none. */
  remoteTip(branch: string): string | undefined {
    return this.tips.get(branch);
  }

  /**
   * Whether a commit is in the history of another (both in the workspace, or the shared copy),
   * asked of git once for each two.
   */
  async isAncestor(root: string, commit: string, of: string): Promise<boolean> {
    const key = `${commit} ${of}`;
    const known = this.ancestry.get(key);
    if (known !== undefined) return known;
    const answer = await this.git(root, ['merge-base', '--is-ancestor', commit, of]).then(
      () => true,
      (error: unknown) => {
        // 1 is git's "no"; anything else (a commit not here yet) is no answer, kept for none.
        if (error instanceof GitError && error.status === 1) return false;
        return undefined;
      },
    );
    if (answer === undefined) return false;
    this.ancestry.set(key, answer);
    // The oldest goes first: a Map keeps its keys in the order they were set.
    if (this.ancestry.size > ANCESTRY_KEPT)
      this.ancestry.delete(this.ancestry.keys().next().value!);
    return answer;
  }

  private aboutFile(user: string, topic: string) {
    return path.join(this.folder, user, `${topic}.json`);
  }

  /**
   * Writes what the service keeps of a change beside its workspace, whole or not at all, on Node's
   * pool of threads: 20 proposals at once each wrote theirs on the service's one thread, one after
   * another, as the last thing before answering (docs/performance.md). The writes of one change go
   * one after another, in the order asked for, so that the last asked for is the one the file holds.
   */
  async writeAbout(workspace: Workspace, about: About) {
    const [user, topic] = workspace.id.split('/') as [string, string];
    const file = this.aboutFile(user, topic);
    const written = (this.aboutWrites.get(file) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => writeWhole(file, `${file}.tmp`, `${JSON.stringify(about)}\n`));
    this.aboutWrites.set(file, written);
    try {
      await written;
    } finally {
      if (this.aboutWrites.get(file) === written) this.aboutWrites.delete(file);
    }
    workspace.about = about;
  }

  /**
   * One of a person's changes, as its folder holds it, without asking git: what each request of
   * the form needs, which must not wait for git. Undefined where the person has no such change.
   */
  open(person: Person, topic: string): Workspace | undefined {
    if (!TOPIC.test(topic) || !existsSync(this.aboutFile(person.user, topic))) return undefined;
    const about = JSON.parse(readFileSync(this.aboutFile(person.user, topic), 'utf8')) as About;
    return {
      id: `${person.user}/${topic}`,
      title: about.title,
      branch: `content/${person.user}/${topic}`,
      root: path.join(this.folder, person.user, topic),
      about,
    };
  }

  /** A person's changes, newest first, as their folders hold them; nobody else's are ever listed. */
  list(person: Person): Workspace[] {
    const folder = path.join(this.folder, person.user);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => this.open(person, name.slice(0, -'.json'.length)))
      .filter((w) => w !== undefined)
      .sort((a, b) => b.about.started.localeCompare(a.about.started));
  }

  /** The topic a new change of a person's would take: a taken one gets a number, new-hours-2. */
  nextTopic(person: Person, title: string) {
    const first = topicOf(title);
    let topic = first;
    for (let n = 2; existsSync(this.aboutFile(person.user, topic)); n += 1) topic = `${first}-${n}`;
    return topic;
  }

  /**
   * Starts a change: a workspace of its own on a new branch from main as fetched.
   * @param title The change in the editor's words, which its topic is made from.
   */
  async start(person: Person, title: string, topic: string, base: string): Promise<Workspace> {
    const branch = `content/${person.user}/${topic}`;
    const root = path.join(this.folder, person.user, topic);
    mkdirSync(root, { recursive: true });
    await this.git(root, ['init', '--quiet', `--initial-branch=${branch}`]);
    makeObjectFolders(path.join(root, '.git'));
    writeFileSync(
      path.join(root, '.git', 'objects', 'info', 'alternates'),
      `${path.join(this.shared, 'objects')}\n`,
    );
    await this.git(root, ['remote', 'add', 'origin', this.remote]);
    await this.git(root, ['sparse-checkout', 'set', 'content', '.github', 'public/images']);
    await this.git(root, ['reset', '--quiet', '--hard', base]);
    await this.knowCheckedOut(root, base);
    const about: About = { title: title.trim(), base, started: new Date().toISOString() };
    writeFileSync(this.aboutFile(person.user, topic), `${JSON.stringify(about)}\n`);
    return this.open(person, topic)!;
  }

  /**
   * Keeps the blobs of the files a commit's checkout has just written, with their inodes, sizes and
   * times, as git's index keeps them after a checkout: the files are the commit's blobs, so that a
   * change's first proposal reads and hashes only the files it changed, not every file of the
   * folders it writes (`blobOf`).
   */
  private async knowCheckedOut(root: string, commit: string) {
    const walk = async (tree: string, folder: string) => {
      for (const entry of (await this.treeEntries(root, tree)).values()) {
        const file = path.join(root, folder, entry.path);
        if (entry.type === 'tree') await walk(entry.oid, path.join(folder, entry.path));
        else if (entry.type === 'blob' && existsSync(file))
          this.keep(this.hashed, file, { seen: statSeen(statSync(file)), oid: entry.oid });
      }
    };
    for (const names of CHANGED_FOLDERS) {
      let tree: string | undefined = await this.treeOf(root, commit);
      for (const name of names) {
        const entry: TreeEntry | undefined = tree
          ? (await this.treeEntries(root, tree)).get(name)
          : undefined;
        tree = entry?.type === 'tree' ? entry.oid : undefined;
      }
      if (tree) await walk(tree, names.join('/'));
    }
  }

  /**
   * Runs work on a workspace's repository that git does not (the service's own reads and writes
   * of its objects), in the same turn as its git commands.
   */
  private inTurn<T>(root: string, work: () => Promise<T>): Promise<T> {
    const turn = (this.queues.get(root) ?? Promise.resolve()).then(work);
    this.queues.set(
      root,
      turn.catch(() => undefined),
    );
    return turn;
  }

  /** A commit's or tree's object, from the workspace's own objects or else the shared copy's. */
  private async readObject<T>(root: string, read: (gitdir: string) => Promise<T>): Promise<T> {
    try {
      return await read(path.join(root, '.git'));
    } catch (error) {
      if (!(error instanceof isogit.Errors.NotFoundError)) throw error;
      return read(this.shared);
    }
  }

  /**
   * A tree's entries, by name, read once for every workspace: main's trees are the same in each,
   * and a tree never changes.
   */
  private async treeEntries(root: string, tree: string): Promise<Map<string, TreeEntry>> {
    let entries = this.trees.get(tree);
    if (!entries) {
      ({ tree: entries } = await this.readObject(root, (gitdir) =>
        isogit.readTree({ fs: objectFiles, gitdir, oid: tree, cache: this.objectCache }),
      ));
      this.keep(this.trees, tree, entries);
    }
    return new Map(entries.map((entry) => [entry.path, entry]));
  }

  /** The tree of a commit, read once. */
  private async treeOf(root: string, commit: string): Promise<string> {
    let tree = this.commitTrees.get(commit);
    if (!tree) {
      ({
        commit: { tree },
      } = await this.readObject(root, (gitdir) =>
        isogit.readCommit({ fs: objectFiles, gitdir, oid: commit, cache: this.objectCache }),
      ));
      this.keep(this.commitTrees, commit, tree);
    }
    return tree;
  }

  /** Keeps an answer that never changes, up to OBJECTS_KEPT of them, the oldest going first. */
  private keep<T>(kept: Map<string, T>, key: string, value: T) {
    kept.set(key, value);
    if (kept.size > OBJECTS_KEPT) kept.delete(kept.keys().next().value!);
  }

  /**
   * Writes the tree of a folder of the workspace as the folder holds it, as `git add` and `git
   * write-tree` would, into the workspace's own objects: only the files and folders that differ
   * from the same folder in `was` (a tree of the commit it follows) are written.
   * @returns The tree, or undefined where the folder holds no file, or is not there.
   */
  private async writeFolder(
    root: string,
    folder: string,
    was: string | undefined,
    writes: Promise<void>[],
  ): Promise<string | undefined> {
    const here = path.join(root, folder);
    if (!existsSync(here)) return undefined;
    const gitdir = path.join(root, '.git');
    const before = was ? await this.treeEntries(root, was) : new Map<string, TreeEntry>();
    const entries: TreeEntry[] = [];
    for (const item of readdirSync(here, { withFileTypes: true })) {
      const old = before.get(item.name);
      if (item.isDirectory()) {
        const oid = await this.writeFolder(
          root,
          path.join(folder, item.name),
          old?.type === 'tree' ? old.oid : undefined,
          writes,
        );
        if (oid) entries.push({ mode: '040000', path: item.name, oid, type: 'tree' });
        continue;
      }
      const blob = this.blobOf(gitdir, path.join(here, item.name), item, old?.oid, writes);
      if (blob) entries.push({ ...blob, path: item.name, type: 'blob' });
    }
    return this.storeTree(gitdir, entries, was, writes);
  }

  /**
   * A file's blob, as git would stage it: its mode and its object's name, the object written where
   * it is not `was`. A file whose inode, size and times are as when last hashed is not read again
   * (as git's index tells a file unchanged), so that the site's pictures are not read at each
   * proposal.
   * @returns Undefined for what git does not stage (a socket, a device).
   */
  private blobOf(
    gitdir: string,
    file: string,
    item: { isFile(): boolean; isSymbolicLink(): boolean },
    was: string | undefined,
    writes: Promise<void>[],
  ): { mode: string; oid: string } | undefined {
    if (item.isSymbolicLink()) {
      const bytes = Buffer.from(readlinkSync(file));
      return { mode: '120000', oid: writeObject(gitdir, 'blob', bytes, writes, was) };
    }
    if (!item.isFile()) return undefined;
    const stat = statSync(file);
    // git keeps one bit of a file's mode: whether its owner may run it.
    const mode = stat.mode & 0o100 ? '100755' : '100644';
    const seen = statSeen(stat);
    const hashed = this.hashed.get(file);
    // Its blob was written then, or was in the tree it followed: either way it is here to stay.
    if (hashed?.seen === seen) return { mode, oid: hashed.oid };
    const blobWritten: Promise<void>[] = [];
    const oid = writeObject(gitdir, 'blob', readFileSync(file), blobWritten, was);
    // Kept once its blob is written: a blob that failed to be written is written next time.
    writes.push(
      Promise.all(blobWritten).then(() => void this.keep(this.hashed, file, { seen, oid })),
    );
    return { mode, oid };
  }

  /**
   * Writes a tree of entries, unless they are those of `was`, the tree they replace.
   * @returns The tree, or undefined where it has no entry.
   */
  private storeTree(
    gitdir: string,
    entries: TreeEntry[],
    was: string | undefined,
    writes: Promise<void>[],
  ) {
    if (entries.length === 0) return undefined;
    const tree = writeObject(gitdir, 'tree', treeBytes(entries), writes, was);
    if (tree !== was) this.keep(this.trees, tree, entries);
    return tree;
  }

  /**
   * The tree a commit of the workspace would hold: a commit's tree with each of the folders a
   * change changes (content/ and public/images/) as the workspace holds it, what `git add` of
   * those folders and `git write-tree` would make of it, written in the service rather than by two
   * processes.
   * @param from The commit whose tree it starts from: the branch's own, or the one it is carried
   * onto.
   * @returns The tree, and `from`'s own.
   */
  writeTree(root: string, from: string): Promise<{ tree: string; fromTree: string }> {
    return this.inTurn(root, async () => {
      const fromTree = await this.treeOf(root, from);
      let tree = fromTree;
      const writes: Promise<void>[] = [];
      for (const names of CHANGED_FOLDERS)
        tree = (await this.withFolder(root, tree, names, writes))!;
      await Promise.all(writes);
      return { tree, fromTree };
    });
  }

  /**
   * A tree with the folder at a path of names in it as the workspace holds it, and the folders on
   * the way to it written anew where it changed.
   * @returns The tree, or undefined where it holds nothing.
   */
  private async withFolder(
    root: string,
    tree: string | undefined,
    names: string[],
    writes: Promise<void>[],
    depth = 0,
  ): Promise<string | undefined> {
    if (depth === names.length) return this.writeFolder(root, names.join('/'), tree, writes);
    const entries = tree ? await this.treeEntries(root, tree) : new Map<string, TreeEntry>();
    const name = names[depth]!;
    const before = entries.get(name);
    const oid = await this.withFolder(
      root,
      before?.type === 'tree' ? before.oid : undefined,
      names,
      writes,
      depth + 1,
    );
    if (oid === before?.oid) return tree;
    if (oid) entries.set(name, { mode: '040000', path: name, oid, type: 'tree' });
    else entries.delete(name);
    return this.storeTree(path.join(root, '.git'), [...entries.values()], tree, writes);
  }

  /**
   * The commit a workspace's branch holds, read from its files rather than asked of git: the
   * branch's own file, where git keeps it, else isomorphic-git finds it among the packed refs.
   */
  head(root: string): Promise<string> {
    return this.inTurn(root, async () => {
      const gitdir = path.join(root, '.git');
      const file = path.join(gitdir, branchOf(gitdir));
      if (existsSync(file)) return readFileSync(file, 'utf8').trim();
      return isogit.resolveRef({ fs: objectFiles, gitdir, ref: 'HEAD' });
    });
  }

  /**
   * Makes a commit of a tree, the editor as its author and the service as its committer, and moves
   * the branch to it: the one place the service makes a commit. Every commit, a merge of main as
   * well, is signed with the service's key and names the editor's bank identity in its last line
   * (signing.ts). It is written and signed in the service, with no process of git's or ssh-keygen's:
   * the object written is the text signed, with the signature as its last header. Nothing is moved
   * where it cannot sign.
   * @param parents The commits it follows: the branch's own, and main's for a merge.
   * @param tree The tree, as `writeTree` wrote it.
   * @throws Error where the commit cannot be signed; the branch stays where it was.
   */
  commit(root: string, person: Person, message: string, parents: string[], tree: string) {
    return this.inTurn(root, async () => {
      const gitdir = path.join(root, '.git');
      const when = {
        timestamp: Math.floor(Date.now() / 1000),
        timezoneOffset: new Date().getTimezoneOffset(),
      };
      const commit = {
        tree,
        parents,
        author: { name: person.name, email: person.email, ...when },
        committer: { ...this.committer, ...when },
        message: withIdentity(message, person.email),
      };
      const gpgsig = this.signer.sign(commitText(commit));
      const writes: Promise<void>[] = [];
      const written = writeObject(
        gitdir,
        'commit',
        Buffer.from(commitText(commit, gpgsig)),
        writes,
      );
      await Promise.all(writes);
      // The branch moves as git moves it: its file written whole beside it (under the name of
      // git's lock), then renamed over it, so that a service stopped mid-write leaves no half a
      // branch. The workspace's turn keeps any other writer out meanwhile.
      const branch = path.join(gitdir, branchOf(gitdir));
      await writeWhole(branch, `${branch}.lock`, `${written}\n`);
      this.keep(this.commitTrees, written, tree);
      return written;
    });
  }

  /**
   * The fetch a proposal asked for now runs on: the fetch under way, or else one started now, so
   * that main is as the remote held it when the proposal was asked for, or later, and proposals
   * asked for together share one fetch.
   */
  fetchForProposal(): Promise<MainAsFetched> {
    const fetched = this.fetching ?? this.fetchNow();
    // Handled where the proposal goes no further (its check refuses it, or the request fails).
    fetched.catch(() => undefined);
    return fetched;
  }

  /**
   * Runs a proposal on main as fetched for it when it was asked for (`fetchForProposal`), or by a
   * fetch under way when its turn comes, which is newer: main is as the remote held it at most one
   * fetch's time before the proposal was asked for. Its push goes with those of the proposals that
   * shared its fetch: the first to push waits until each of them has pushed, or ended without, so
   * that they go in one push, not one and then the rest.
   */
  async proposing<T>(
    fetched: Promise<MainAsFetched>,
    work: (
      main: MainAsFetched,
      push: (workspace: Workspace, commit: string) => Promise<void>,
    ) => Promise<T>,
  ): Promise<T> {
    const main = await (this.fetching ?? fetched);
    let cohort = this.cohorts.get(main);
    if (!cohort) this.cohorts.set(main, (cohort = { making: 0 }));
    cohort.making += 1;
    let making = true;
    const made = () => {
      if (!making) return;
      making = false;
      cohort.making -= 1;
      this.sendPushes();
    };
    try {
      return await work(main, (workspace, commit) => {
        const pushed = this.push(workspace, commit, cohort);
        made();
        return pushed;
      });
    } finally {
      made();
    }
  }

  /**
   * Pushes a workspace's branch to the remote. Pushes asked for while one is being sent wait for it
   * to end, then go together in one `git push` of the shared copy, each its own refspec, borrowing
   * each workspace's objects; each ref's result is read from git's --porcelain lines, so that one
   * branch refused fails its own proposal alone.
   * @param cohort The proposals this one was fetched with (`proposing`), whose commits it waits for.
   * @throws GitError, whose words `pushFailure` reads.
   */
  push(workspace: Workspace, commit: string, cohort?: Cohort): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waitingPushes.push({
        refspec: `${commit}:refs/heads/${workspace.branch}`,
        objects: path.join(workspace.root, '.git', 'objects'),
        cohort,
        resolve,
        reject,
      });
      this.sendPushes();
    });
  }

  /**
   * Sends the pushes waiting, a batch at a time, until none waits, each batch once the proposals
   * that came with the first push waiting have all made their commit: the rest waiting then go
   * with it.
   */
  private sendPushes() {
    const ready = () => (this.waitingPushes[0]?.cohort?.making ?? 0) === 0;
    if (this.pushing || !ready()) return;
    this.pushing = (async () => {
      while (this.waitingPushes.length > 0 && ready())
        await this.sendBatch(this.waitingPushes.splice(0));
    })().finally(() => {
      this.pushing = undefined;
      // One asked for as the last batch ended would otherwise wait for a push that never comes.
      if (this.waitingPushes.length > 0) this.sendPushes();
    });
  }

  private async sendBatch(batch: WaitingPush[]) {
    // To the remote's address, not to origin: a push to origin would move the shared copy's
    // remote-tracking refs to commits whose objects only the workspaces hold, and its next fetch
    // would fail on them. The shared copy learns the tips at its next fetch.
    const args = ['push', '--porcelain', this.remote, ...batch.map(({ refspec }) => refspec)];
    let printed: string;
    let failure: GitError | undefined;
    try {
      printed = await this.git(this.shared, args, {
        GIT_ALTERNATE_OBJECT_DIRECTORIES: [...new Set(batch.map(({ objects }) => objects))].join(
          ':',
        ),
      });
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      failure = error;
      printed = error.printed;
    }
    // One line a ref: its flag ('!' where refused), a tab, source:destination, a tab, git's words.
    const results = new Map<string, string>();
    for (const line of printed.split('\n')) {
      const [flag, refs, summary] = line.split('\t');
      if (flag !== undefined && refs !== undefined && summary !== undefined)
        results.set(refs.slice(refs.lastIndexOf(':') + 1), line);
    }
    for (const push of batch) {
      const [commit, ref] = push.refspec.split(':') as [string, string];
      const result = results.get(ref);
      if (result !== undefined && !result.startsWith('!')) {
        this.tips.set(ref.slice('refs/heads/'.length), commit);
        push.resolve();
      } else
        push.reject(
          new GitError(
            args,
            result === undefined ? (failure?.said ?? printed) : `${result}\n${failure?.said ?? ''}`,
            failure?.status,
          ),
        );
    }
  }

  /** Fetches a content branch from the remote into a workspace, to follow it. */
  async fetchBranch(workspace: Workspace) {
    await this.git(workspace.root, [
      'fetch',
      '--quiet',
      'origin',
      `+refs/heads/${workspace.branch}:refs/remotes/origin/${workspace.branch}`,
    ]);
    return (
      await this.git(workspace.root, ['rev-parse', `refs/remotes/origin/${workspace.branch}`])
    ).trim();
  }

  /**
   * Abandons a change: its branch leaves the remote (which closes its pull request, if one is
   * open), and its workspace and file here go. What it saved is in the audit log, and what it
   * proposed in the remote's history of the pull request.
   */
  async abandon(workspace: Workspace) {
    if (this.remoteTip(workspace.branch) !== undefined || workspace.about.pushed)
      await this.git(workspace.root, [
        'push',
        '--quiet',
        'origin',
        '--delete',
        workspace.branch,
      ]).catch((error: unknown) => {
        // A branch already gone from the remote is abandoned there already.
        if (!(error instanceof GitError) || !/remote ref does not exist/.test(error.said))
          throw error;
      });
    this.queues.delete(workspace.root);
    rmSync(workspace.root, { recursive: true, force: true });
    const [user, topic] = workspace.id.split('/') as [string, string];
    rmSync(this.aboutFile(user, topic));
  }
}
