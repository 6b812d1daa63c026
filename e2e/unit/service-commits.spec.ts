import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Person } from '../../editor/service/identity';
import { CommitSigner } from '../../editor/service/signing';
import { GitError, pushFailure, Workspaces } from '../../editor/service/workspaces';

/**
 * The editing service's commits, written and signed in the service (issue #51): git itself must
 * take each as its own. A scratch repository stands for the bank's (a bare one, its main holding a
 * file outside content/, content files in a folder and a subfolder, and the allowed signers), and
 * the service's workspaces are made from it as the service makes them.
 */

const SERVICE = { name: 'Editing service', email: 'editing-service@example.com' };
const THANDI: Person = {
  user: 'thandi',
  email: 'Thandi.Nkosi@bank.example',
  name: 'Thandi Nkosi',
  groups: [],
};

let scratch: string;
let remote: string;
let key: string;
let allowedSigners: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });

test.beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'private-bank-commits-'));
  key = path.join(scratch, 'signing-key');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'service', '-f', key]);
  allowedSigners = path.join(scratch, 'allowed-signers');
  writeFileSync(
    allowedSigners,
    `${SERVICE.email} namespaces="git" ${execFileSync('ssh-keygen', ['-y', '-f', key], { encoding: 'utf8' }).trim()}\n`,
  );
  const source = path.join(scratch, 'source');
  mkdirSync(path.join(source, 'content', 'kinds'), { recursive: true });
  mkdirSync(path.join(source, 'app'));
  writeFileSync(path.join(source, 'package.json'), '{}\n');
  writeFileSync(path.join(source, 'app', 'page.ts'), 'export {};\n');
  writeFileSync(path.join(source, 'content', 'home.ts'), "export const title = 'Welcome';\n");
  writeFileSync(path.join(source, 'content', 'kinds', 'code.ts'), 'export const code = 1;\n');
  writeFileSync(path.join(source, 'content', 'kinds', 'year.ts'), 'export const year = 2026;\n');
  git(source, 'init', '--quiet', '--initial-branch=main');
  git(source, 'add', '.');
  git(source, '-c', 'user.name=Main', '-c', 'user.email=main@example.com', 'commit', '-qm', 'main');
  remote = path.join(scratch, 'remote.git');
  git(scratch, 'clone', '--quiet', '--bare', source, remote);
});

test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A workspace of Thandi's, as the service starts one, in a state folder of its own. */
async function started(
  name: string,
  signer: CommitSigner = CommitSigner.fromFile(key),
  from: string = remote,
) {
  const workspaces = new Workspaces(path.join(scratch, name), from, SERVICE, signer, 60_000);
  await workspaces.prepare();
  const main = await workspaces.mainAsFetched();
  const workspace = await workspaces.start(THANDI, 'New hours', name, main.commit);
  return { workspaces, workspace, root: workspace.root };
}

/** `git verify-commit` against the allowed signers: whether it says the signature is good. */
const verifies = (root: string, commit: string) =>
  spawnSync(
    'git',
    ['-c', `gpg.ssh.allowedSignersFile=${allowedSigners}`, 'verify-commit', commit],
    { cwd: root, encoding: 'utf8' },
  ).status === 0;

test('a commit written in the service holds the tree git writes, and git verifies its signature', async () => {
  const { workspaces, root } = await started('hours');
  // A changed file, a new one in a subfolder, one removed, one made runnable, and a picture
  // chosen, in a folder main does not have yet.
  writeFileSync(path.join(root, 'content', 'home.ts'), "export const title = 'Hello';\n");
  mkdirSync(path.join(root, 'public', 'images'), { recursive: true });
  writeFileSync(path.join(root, 'public', 'images', 'photo-1.jpg'), Buffer.from([0xff, 0xd8, 0]));
  writeFileSync(path.join(root, 'content', 'kinds', 'time.ts'), "export const time = '09:00';\n");
  unlinkSync(path.join(root, 'content', 'kinds', 'code.ts'));
  chmodSync(path.join(root, 'content', 'kinds', 'year.ts'), 0o755);
  const head = git(root, 'rev-parse', 'HEAD').trim();
  expect(await workspaces.head(root)).toBe(head);
  const { tree, fromTree } = await workspaces.writeTree(root, head);
  expect(fromTree).toBe(git(root, 'rev-parse', 'HEAD^{tree}').trim());
  // Every object of the tree is on the disk once writeTree has answered, before git writes any.
  const objects = git(root, 'ls-tree', '-r', '-t', '--format=%(objectname)', tree);
  const found = execFileSync('git', ['cat-file', '--batch-check'], {
    cwd: root,
    input: objects,
    encoding: 'utf8',
  });
  expect(found.split('\n').filter((line) => line.endsWith(' missing'))).toEqual([]);
  git(root, 'add', '--', 'content', 'public/images');
  expect(tree).toBe(git(root, 'write-tree').trim());

  const commit = await workspaces.commit(root, THANDI, 'New hours', [head], tree);
  expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(commit);
  expect(git(root, 'fsck', '--strict', '--no-dangling')).toBe('');
  expect(verifies(root, commit)).toBe(true);
  expect(
    git(
      root,
      '-c',
      `gpg.ssh.allowedSignersFile=${allowedSigners}`,
      'log',
      '-1',
      '--show-signature',
      '--format=%an <%ae>%n%cn <%ce>%n%B',
      commit,
    ),
  ).toBe(
    `Good "git" signature for ${SERVICE.email} with ED25519 key ${execFileSync('ssh-keygen', ['-lf', key], { encoding: 'utf8' }).split(' ')[1]}\n` +
      'Thandi Nkosi <Thandi.Nkosi@bank.example>\nEditing service <editing-service@example.com>\n' +
      'New hours\n\nBank-Identity: thandi.nkosi@bank.example\n\n',
  );

  // Each byte changed, in the tree's name, the author, the message or the signature itself, and
  // the commit no longer verifies.
  const text = git(root, 'cat-file', 'commit', commit);
  const signatureAt = text.indexOf('-----BEGIN SSH SIGNATURE-----') + 40;
  for (const at of [5, text.indexOf('Thandi'), text.lastIndexOf('New hours'), signatureAt]) {
    // A hexadecimal digit for a hexadecimal digit, so that the tree's name stays a name.
    const changed = `${text.slice(0, at)}${text[at] === 'a' ? 'b' : 'a'}${text.slice(at + 1)}`;
    // Written as it is, whatever git's checks of a commit's form would say of it.
    const forged = execFileSync(
      'git',
      ['hash-object', '-t', 'commit', '--literally', '-w', '--stdin'],
      {
        cwd: root,
        input: changed,
        encoding: 'utf8',
      },
    ).trim();
    expect(verifies(root, forged), `changed at ${at}: ${changed.slice(at - 10, at + 10)}`).toBe(
      false,
    );
  }
});

test('a commit that cannot be signed is not made, and the branch stays where it was', async () => {
  const broken = {
    sign: () => {
      throw new Error('the signing key is gone');
    },
  } as unknown as CommitSigner;
  const { workspaces, root } = await started('unsigned', broken);
  writeFileSync(path.join(root, 'content', 'home.ts'), "export const title = 'Hello';\n");
  const head = git(root, 'rev-parse', 'HEAD').trim();
  const { tree } = await workspaces.writeTree(root, head);
  await expect(workspaces.commit(root, THANDI, 'New hours', [head], tree)).rejects.toThrow(
    'the signing key is gone',
  );
  expect(git(root, 'rev-parse', 'HEAD').trim()).toBe(head);
});

test('the service refuses, in words naming the file, a key it cannot sign with', () => {
  const withPassphrase = path.join(scratch, 'passphrase-key');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', 'secret', '-f', withPassphrase]);
  expect(() => CommitSigner.fromFile(withPassphrase)).toThrow(
    `the editing service cannot sign with its signing key ${withPassphrase} (EDITOR_SIGNING_KEY): it is protected by a passphrase`,
  );
  const rsa = path.join(scratch, 'rsa-key');
  execFileSync('ssh-keygen', ['-q', '-t', 'rsa', '-b', '2048', '-N', '', '-f', rsa]);
  expect(() => CommitSigner.fromFile(rsa)).toThrow('it is a ssh-rsa key, not an Ed25519 one');
  expect(() => CommitSigner.fromFile(path.join(scratch, 'no-such-key'))).toThrow(
    'it cannot be read',
  );
});

/**
 * A remote of its own for one test, a bare clone of the scratch remote, whose pre-receive hook
 * notes each push's branches on one line of a log, so that a test reads which branches went
 * together in one push.
 * @returns The remote's folder and its log of pushes.
 */
function notingRemote(name: string) {
  const noting = path.join(scratch, `${name}.git`);
  git(scratch, 'clone', '--quiet', '--bare', remote, noting);
  const pushes = path.join(scratch, `${name}-pushes.log`);
  writeFileSync(
    path.join(noting, 'hooks', 'pre-receive'),
    `#!/bin/sh\ncut -d' ' -f3 | tr '\\n' ' ' >> ${pushes}\necho >> ${pushes}\n`,
    { mode: 0o755 },
  );
  return { folder: noting, pushes };
}

/**
 * Starts a change named "New hours" for each of several editors, from a commit of main, each with
 * a home page title of its own written in its workspace, so that their commits differ.
 */
const newHoursOf = (workspaces: Workspaces, users: string[], mainCommit: string) =>
  Promise.all(
    users.map(async (user) => {
      const person = { ...THANDI, user, email: `${user}@bank.example` };
      const workspace = await workspaces.start(person, 'New hours', 'new-hours', mainCommit);
      writeFileSync(
        path.join(workspace.root, 'content', 'home.ts'),
        `export const title = 'Hello from ${user}';\n`,
      );
      return { person, workspace };
    }),
  );

/** Commits an editor's "New hours" change as their workspace holds it, on a commit of main. */
async function commitNewHours(
  workspaces: Workspaces,
  { person, workspace }: Awaited<ReturnType<typeof newHoursOf>>[number],
  mainCommit: string,
) {
  const { tree } = await workspaces.writeTree(workspace.root, mainCommit);
  return workspaces.commit(workspace.root, person, 'New hours', [mainCommit], tree);
}

test('one branch refused inside a push of several: its proposal alone fails, as refused, and the others in the same push reach the remote', async () => {
  // A remote of its own, noting its pushes, whose update hook (run for each branch of a push)
  // refuses one editor's branches, as GitHub's rules on a branch would.
  const { folder: refusing, pushes } = notingRemote('refusing');
  writeFileSync(
    path.join(refusing, 'hooks', 'update'),
    '#!/bin/sh\ncase "$1" in refs/heads/content/jabu/*) echo "protected branch hook declined" >&2; exit 1;; esac\n',
    { mode: 0o755 },
  );
  const { workspaces } = await started('pushes', CommitSigner.fromFile(key), refusing);
  const main = await workspaces.mainAsFetched();
  const editors = await newHoursOf(workspaces, ['thandi', 'jabu', 'naledi'], main.commit);
  const changes = await Promise.all(
    editors.map(async (editor) => ({
      workspace: editor.workspace,
      commit: await commitNewHours(workspaces, editor, main.commit),
    })),
  );
  // Asked for in one go: the first is sent at once, and the two asked for while it is on its way
  // wait for it, then go together in one push.
  const [first, refused, taken] = await Promise.allSettled(
    changes.map(({ workspace, commit }) => workspaces.push(workspace, commit)),
  );
  expect(first!.status).toBe('fulfilled');
  expect(taken!.status).toBe('fulfilled');
  expect(refused!.status).toBe('rejected');
  const error = (refused as PromiseRejectedResult).reason as unknown;
  expect(error).toBeInstanceOf(GitError);
  // What the editor is told is chosen by this: "GitHub's rules refused the branch".
  expect(pushFailure((error as GitError).said)).toBe('refused');
  expect(readFileSync(pushes, 'utf8').split('\n')).toContain(
    'refs/heads/content/jabu/new-hours refs/heads/content/naledi/new-hours ',
  );
  expect(
    git(refusing, 'for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/content'),
  ).toBe(
    `refs/heads/content/naledi/new-hours ${changes[2]!.commit}\nrefs/heads/content/thandi/new-hours ${changes[0]!.commit}\n`,
  );
});

test('proposals fetched together are pushed together, the first to push waiting for the others to make their commits', async () => {
  const { folder: noting, pushes } = notingRemote('noting');
  const { workspaces } = await started('cohorts', CommitSigner.fromFile(key), noting);
  const main = await workspaces.mainAsFetched();
  const [jabu, naledi] = await newHoursOf(workspaces, ['jabu', 'naledi'], main.commit);
  /** Makes a change's commit on main as its proposal fetched it, and asks for its push. */
  const propose = (
    { person, workspace }: NonNullable<typeof jabu>,
    before: Promise<unknown> = Promise.resolve(),
    asked = () => undefined as void,
  ) =>
    workspaces.proposing(workspaces.fetchForProposal(), async (fetched, push) => {
      await before;
      const commit = await commitNewHours(workspaces, { person, workspace }, fetched.commit);
      const pushed = push(workspace, commit);
      asked();
      await pushed;
      return commit;
    });
  // Both asked for while a fetch runs, which they share; Naledi's push is asked for before Jabu
  // has made his commit: it waits for his.
  const fetching = workspaces.fetchNow();
  let naledisAsked!: () => void;
  const naledisPush = new Promise<void>((resolve) => (naledisAsked = resolve));
  const [jabus, naledis] = await Promise.all([
    propose(jabu!, naledisPush),
    propose(naledi!, undefined, naledisAsked),
    fetching,
  ]);
  // One push, of both branches.
  expect(
    readFileSync(pushes, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.trim().split(' ').sort()),
  ).toEqual([['refs/heads/content/jabu/new-hours', 'refs/heads/content/naledi/new-hours']]);
  expect(git(noting, 'for-each-ref', '--format=%(objectname)', 'refs/heads/content')).toBe(
    `${jabus}\n${naledis}\n`,
  );
});
