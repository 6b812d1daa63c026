/**
 * What changed since the last commit, field by field, and proposing it: the content files as the
 * last commit holds them (git show HEAD:file), each field that differs with its old and new value,
 * and a commit of the changed content files, with the new pictures they name, on a new branch, with
 * the editor's message. git runs
 * only where the project's root is a repository of its own, so that a copy of the project inside
 * another repository (a test's scratch copy) never commits to the repository around it.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { readContent } from '../../scripts/build/read-content';
import type { FieldPath, ReadFile } from './content-files';
import { picturesNamed } from './pictures';
import { isGroup } from '../shared/values';

/** One field changed since the last commit: its path, and its value then and now. */
export type Change = { field: FieldPath; before: unknown; after: unknown };

/**
 * Runs git in a folder (the project's root, or a workspace of the editing service) and returns
 * what it printed.
 */
export const gitIn = (root: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Runs git in the project's root, the working folder of npm run edit. */
const git = (...args: string[]) => gitIn(process.cwd(), ...args);

/** Whether a folder is the root of a git repository of its own (or worktree), with a commit. */
export function isOwnRepository(root = process.cwd()): boolean {
  try {
    const top = gitIn(root, 'rev-parse', '--show-toplevel').trim();
    gitIn(root, 'rev-parse', '--verify', 'HEAD');
    return realpathSync(top) === realpathSync(root);
  } catch {
    return false;
  }
}

/** The branch a folder (the project, where none is named) is on, or undefined where it is on none (a commit checked out). */
export function currentBranch(root = process.cwd()): string | undefined {
  try {
    return gitIn(root, 'symbolic-ref', '--quiet', '--short', 'HEAD').trim();
  } catch {
    return undefined;
  }
}

/** The commit HEAD names in a folder, or undefined where there is none. */
function headCommit(root = process.cwd()): string | undefined {
  try {
    return gitIn(root, 'rev-parse', '--verify', 'HEAD').trim();
  } catch {
    return undefined;
  }
}

/**
 * Each content file's value as a commit holds it, by commit and file. A commit never changes, so
 * each is read and parsed once: the changes panel asks for every file on each look, and reading
 * them all again (a git process and a parse each) held the view's other requests up for a second
 * on a busy machine.
 */
const committedValues = new Map<string, unknown>();

/**
 * A content file's value as a commit holds it (the last one, where none is named), or undefined
 * where it held none.
 * @param root The repository (or worktree) to read the commit from.
 */
export function committedValue(
  file: ReadFile,
  commitNamed: string | undefined = undefined,
  root = process.cwd(),
): unknown {
  const commit = commitNamed ?? headCommit(root);
  if (commit === undefined) return undefined;
  const key = `${commit}:${file.file}`;
  if (!committedValues.has(key)) {
    let value: unknown;
    try {
      const read = readContent(gitIn(root, 'show', `${commit}:${file.file}`), file.file);
      value = Array.isArray(read) ? undefined : read.value;
    } catch {
      value = undefined;
    }
    committedValues.set(key, value);
  }
  return committedValues.get(key);
}

/** The fields that differ between two values: a list of another length counts as one change. */
export function differences(before: unknown, after: unknown, field: FieldPath): Change[] {
  if (isDeepStrictEqual(before, after)) return [];
  const bothLists = Array.isArray(before) && Array.isArray(after);
  if (bothLists && before.length === after.length)
    return after.flatMap((item, i) => differences(before[i], item, [...field, i]));
  if (isGroup(before) && isGroup(after))
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) =>
      differences(before[key], after[key], [...field, key]),
    );
  return [{ field, before, after }];
}

/**
 * Every field changed since a commit (the last one, where none is named), file by file.
 * @param root The repository (or worktree) the files are in.
 */
export function changesSinceCommit(
  files: ReadFile[],
  root = process.cwd(),
  commit = headCommit(root),
): Change[] {
  if (!isOwnRepository(root)) return [];
  return files.flatMap((file) =>
    file.read ? differences(committedValue(file, commit, root), file.read.value, [file.name]) : [],
  );
}

/** Why a commit cannot be made, in the editor's words, or undefined when it can. */
function commitProblem(branch: string, message: string): string | undefined {
  if (!isOwnRepository()) return 'the project is not a git repository of its own';
  if (!message.trim()) return 'write a message that says what you changed';
  try {
    git('check-ref-format', '--branch', branch);
  } catch {
    return `"${branch}" cannot be a branch name: use letters, digits and dashes, like content/new-hours`;
  }
  try {
    git('rev-parse', '--verify', `refs/heads/${branch}`);
    return `there is a branch called ${branch} already: choose another name`;
  } catch {
    return undefined;
  }
}

/**
 * Why git refused a commit, in the editor's words: most often, on a computer where nobody has
 * committed before, because git does not know whose commit it is.
 */
export function commitRefusal(gitSaid: string): string {
  if (/Please tell me who you are|unable to auto-detect email|no email was given/.test(gitSaid))
    return 'git does not know your name and e-mail yet, which every commit carries. GitHub Desktop sets them (File › Options › Git, or GitHub Desktop › Settings › Git on a Mac); in a terminal, git config --global user.name "Your Name" and git config --global user.email "you@example.com". Then commit again';
  const first = gitSaid.split('\n').find((line) => line.trim()) ?? 'it gave no reason';
  return `git refused the commit: ${first.trim()}. Show this to a developer`;
}

/**
 * Commits the changed content files, and the pictures they name that the last commit does not
 * hold, on a new branch, which becomes the current one. A commit git
 * refuses leaves the project as it was: on its branch, nothing staged, no new branch.
 * @returns The branch and the commit, or the problem that kept it from being made.
 */
export function commitToBranch(files: ReadFile[], branch: string, message: string) {
  const problem = commitProblem(branch, message);
  if (problem) return { problem };
  const changed = files.filter(
    (file) => !file.read || !isDeepStrictEqual(committedValue(file), file.read.value),
  );
  // The pictures the content names that the last commit does not hold as they are (one chosen
  // from the editor's computer) go with the words that use them.
  const pictures = picturesNamed(files, process.cwd());
  const newPictures =
    pictures.length === 0
      ? []
      : git('ls-files', '--others', '--modified', '--exclude-standard', '--', ...pictures)
          .split('\n')
          .filter(Boolean);
  const paths = [...changed.map((file) => file.file), ...newPictures];
  if (paths.length === 0) return { problem: 'nothing has changed since the last commit' };
  // Where to come back to: the branch the project is on, or the commit where it is on none.
  const original = currentBranch();
  const originalCommit = git('rev-parse', 'HEAD').trim();
  git('switch', '--create', branch);
  try {
    git('add', '--', ...paths);
    git('commit', '--message', message, '--', ...paths);
  } catch (error) {
    git('reset', '--quiet', '--', ...paths);
    if (original) git('switch', '--quiet', original);
    else git('switch', '--quiet', '--detach', originalCommit);
    git('branch', '--quiet', '--delete', '--force', branch);
    return { problem: commitRefusal(String((error as { stderr?: string }).stderr ?? error)) };
  }
  return { branch, commit: git('rev-parse', 'HEAD').trim(), files: paths };
}
