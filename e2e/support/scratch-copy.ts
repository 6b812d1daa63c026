/**
 * Scratch copies of the project, in which tests edit content and run `npm run build` or `npm run dev`
 * without touching the working tree.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
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
 * A project of its own in a new folder in .cache/, named after its purpose, whose build is the
 * project's own out/, byte for byte: a clone at the commit that out/ was built from (out/build.txt
 * names it, and so will the clone's build), holding the working tree's sources all the same (the
 * working tree's changes from that commit, and its untracked files), with the project's
 * node_modules linked file by file rather than installed again. e2e/out/release.spec.ts builds such
 * a clone and compares the archives; a build of a scratch copy inside the project differs from the
 * project's in its CSS modules' class names and its chunks' names, as Next.js takes the
 * repository's top and the lockfile's folder for the root of what it compiles.
 */
export function projectClone(purpose: string): string {
  mkdirSync('.cache', { recursive: true });
  const folder = mkdtempSync(path.resolve(`.cache/${purpose}-`));
  const git = (args: string[], options: { cwd?: string; input?: string } = {}) =>
    execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  const built = existsSync('out/build.txt') ? readFileSync('out/build.txt', 'utf8').trim() : 'HEAD';
  const commit = git(['rev-parse', '--verify', `${built}^{commit}`]).trim();
  git(['clone', '--quiet', '--shared', '--no-checkout', '.', folder]);
  git(['checkout', '--quiet', '--detach', commit], { cwd: folder });
  const changes = git(['diff', commit, '--binary']);
  if (changes) git(['apply', '--whitespace=nowarn'], { cwd: folder, input: changes });
  const untracked = git(['ls-files', '--others', '--exclude-standard']).split('\n');
  for (const file of untracked.filter(Boolean)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    cpSync(file, path.join(folder, file));
  }
  execFileSync('cp', ['-al', 'node_modules', path.join(folder, 'node_modules')]);
  return folder;
}
