/**
 * `npm run release:editor` writes the editing service's release into release/ (RELEASE_OUT from the
 * environment names another folder): `private-bank-editor-<commit>.tar.gz`, the project's files at
 * that commit as git holds them, under `private-bank-editor-<commit>/`, and its SHA-256 checksum in
 * sha256sum's format. docs/deploying.md ("The editing service") installs it on the internal server:
 * `npm ci` there installs the dependencies that package-lock.json pins, with their checksums, and
 * Node 24 comes from NodeSource's Debian repository. It is an archive of its own, never part of the
 * site's (scripts/release.ts), which the public origin installs.
 *
 * The archive is `git archive`'s: in git's order, dated by the commit, compressed by Node's zlib
 * without a time or a name, so two packings of one commit give the same bytes. A checkout with
 * changes that no commit holds packs them too (git stash create), and the name says `-modified`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1024 ** 3 }).trim();

/**
 * Writes the archive and its checksum.
 * @returns The paths of the archive and of its checksum file.
 */
export function writeEditorRelease(environment: NodeJS.ProcessEnv = process.env) {
  const commit = git('rev-parse', '--short=12', 'HEAD');
  // A commit of the working tree's tracked changes, or nothing when there are none.
  const changes = git('stash', 'create');
  const name = `private-bank-editor-${commit}${changes ? '-modified' : ''}`;
  const tarball = execFileSync(
    'git',
    ['archive', '--format=tar', `--prefix=${name}/`, changes || 'HEAD'],
    { maxBuffer: 1024 ** 3 },
  );
  const compressed = gzipSync(tarball, { level: 9 });
  const outDir = path.resolve(environment.RELEASE_OUT || 'release');
  mkdirSync(outDir, { recursive: true });
  const archive = path.join(outDir, `${name}.tar.gz`);
  writeFileSync(archive, compressed);
  const digest = createHash('sha256').update(compressed).digest('hex');
  const checksum = `${archive}.sha256`;
  writeFileSync(checksum, `${digest}  ${path.basename(archive)}\n`);
  return { archive, checksum };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { archive, checksum } = writeEditorRelease();
  console.log(
    `release:editor: wrote ${path.relative('.', archive)} and ${path.relative('.', checksum)}`,
  );
}
