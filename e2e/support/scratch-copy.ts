/**
 * Scratch copies of the project, in which tests edit content and run `npm run build` or `npm run dev`
 * without touching the working tree.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { BUILD_INPUTS } from './build-inputs';

/**
 * Copies parts of the project (by default, all that a build reads) into a new folder in .cache/
 * (which git ignores), named after its purpose, and returns the folder. The copy is inside the
 * project so that Node, Next.js and Turbopack find the project's lockfile and node_modules above it:
 * Turbopack compiles nothing outside its root, so a copy elsewhere with node_modules symlinked fails.
 */
export function scratchCopy(purpose: string, parts: readonly string[] = BUILD_INPUTS): string {
  mkdirSync('.cache', { recursive: true });
  const folder = mkdtempSync(path.resolve(`.cache/${purpose}-`));
  for (const part of parts) cpSync(part, path.join(folder, part), { recursive: true });
  return folder;
}

/**
 * A project of its own in a new folder in .cache/, named after its purpose: a clone of the
 * project's commit, with the working tree's changes that no commit holds and its untracked files
 * (a developer's), and the project's node_modules linked file by file rather than installed again.
 * Its build is the project's own, byte for byte (e2e/out/release.spec.ts builds one so and compares
 * the archives): a build of a scratch copy inside the project differs from the project's in its
 * CSS modules' class names and its chunks' names, as Next.js takes the repository's top and the
 * lockfile's folder for the root of what it compiles.
 */
export function projectClone(purpose: string): string {
  mkdirSync('.cache', { recursive: true });
  const folder = mkdtempSync(path.resolve(`.cache/${purpose}-`));
  const git = (args: string[], options: { cwd?: string; input?: string } = {}) =>
    execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  git(['clone', '--quiet', '--shared', '.', folder]);
  const changes = git(['diff', 'HEAD', '--binary']);
  if (changes) git(['apply', '--whitespace=nowarn'], { cwd: folder, input: changes });
  for (const file of git(['ls-files', '--others', '--exclude-standard'])
    .split('\n')
    .filter(Boolean))
    cpSync(file, path.join(folder, file));
  execFileSync('cp', ['-al', 'node_modules', path.join(folder, 'node_modules')]);
  return folder;
}
