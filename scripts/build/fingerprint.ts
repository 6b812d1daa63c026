/**
 * The build's first and last steps: whether out/ is already the build of exactly these sources, so
 * that `npm run build` need not make it again (`npm start` then `npm test` from a fresh clone build
 * the same tree twice otherwise), and the record that makes that provable.
 *
 * `--unchanged` exits 0, saying so, only when the fingerprint the last whole build recorded is the
 * fingerprint of now: the bytes of every part the build reads (inputs.ts's list)
 * and of any .env file Next.js would read, the commit checked out (the build id names it), the
 * settings the build reads from the environment, Node's version and the dependencies installed, and
 * the bytes of all the build wrote (out/ and deploy/build/), so that an output changed or removed by
 * hand is built again. Anything else, and any failure to tell, exits 1 and forgets the record, so
 * that a build stopped half-way is never taken for a whole one. `--record` writes the fingerprint
 * once every step has succeeded.
 */
import { execFileSync } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORT_ADDRESS_VARIABLE } from '../../deploy/security-headers';
import { BUILD_INPUTS } from './inputs';

/** Where the last whole build's fingerprint is kept: beside Next.js's own build, never in out/. */
export const FINGERPRINT_FILE = '.next/build-fingerprint';

/** What the build writes, whose bytes are part of the fingerprint. */
const OUTPUTS = ['out', 'deploy/build'];

/** The file whose age says when out/ was built (e2e/support/build-freshness.ts reads it). */
const BUILD_STAMP = 'out/.assetsignore';

/** The settings the build's code reads from the environment, and Next.js's own. */
const settingNames = () =>
  [
    'NODE_ENV',
    'SITE_URL',
    'GITHUB_ACTIONS',
    REPORT_ADDRESS_VARIABLE,
    ...Object.keys(process.env).filter((name) => name.startsWith('NEXT_')),
  ].sort();

/**
 * Adds each file under a part of the project, by its path and its bytes, in a fixed order; a
 * missing part too.
 */
function addFiles(hash: Hash, root: string, part: string) {
  const file = path.join(root, part);
  if (!existsSync(file)) {
    hash.update(`missing ${part}\0`);
    return;
  }
  if (!statSync(file).isDirectory()) {
    hash.update(`file ${part}\0`).update(readFileSync(file)).update('\0');
    return;
  }
  for (const name of readdirSync(file).sort()) addFiles(hash, root, path.join(part, name));
}

/**
 * The fingerprint of a project's sources, settings and build (`root` is its folder: the working
 * tree's, or a scratch folder's in the fingerprint's own test), or undefined outside git.
 */
export function buildFingerprint(root = '.'): string | undefined {
  let commit: string;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch {
    // Outside a git checkout Next.js picks a random build id: no two builds are the same.
    return undefined;
  }
  const hash = createHash('sha256').update(`commit ${commit.trim()}\0node ${process.version}\0`);
  for (const name of settingNames()) hash.update(`${name}=${process.env[name] ?? '(unset)'}\0`);
  const envFiles = readdirSync(root).filter((name) => name.startsWith('.env'));
  const dependencies = ['package-lock.json', 'node_modules/.package-lock.json'];
  for (const part of [...BUILD_INPUTS, ...envFiles, ...dependencies, ...OUTPUTS]) {
    addFiles(hash, root, part);
  }
  return hash.digest('hex');
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
const mode = process.argv[2];
if (isMain && mode === '--record') {
  const now = buildFingerprint();
  mkdirSync(path.dirname(FINGERPRINT_FILE), { recursive: true });
  if (now !== undefined) writeFileSync(FINGERPRINT_FILE, `${now}\n`);
} else if (isMain && mode === '--unchanged') {
  const recorded = existsSync(FINGERPRINT_FILE)
    ? readFileSync(FINGERPRINT_FILE, 'utf8').trim()
    : undefined;
  const now = buildFingerprint();
  if (recorded !== undefined && recorded === now) {
    // The sources may be newer than out/ by their dates (a checkout rewrites files it leaves the
    // same): out/ is their build, so it is dated now, as the suite's check of its age expects.
    const time = new Date();
    utimesSync(BUILD_STAMP, time, time);
    console.log(
      `build: not built again: out/ and deploy/build/ are the build of exactly these sources, commit, settings and dependencies (fingerprint ${now.slice(0, 12)}, ${FINGERPRINT_FILE}); remove ${FINGERPRINT_FILE} to build anyway`,
    );
  } else {
    rmSync(FINGERPRINT_FILE, { force: true });
    console.log(
      now === undefined
        ? 'build: not a git checkout, so no two builds are the same: building'
        : recorded === undefined
          ? 'build: no whole build recorded: building'
          : 'build: the sources, settings or output changed since the last build: building',
    );
    process.exitCode = 1;
  }
} else if (isMain) {
  console.error('fingerprint: say --unchanged or --record');
  process.exitCode = 2;
}
