import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { buildFingerprint } from '../../scripts/build/fingerprint';
import { BUILD_INPUTS } from '../support/build-inputs';

/**
 * `npm run build` builds again only when something of the build changed: a second build of the same
 * tree (`npm start`, then `npm test`, from a fresh clone) says it was not needed and leaves out/ as
 * it is, and anything that would make another out/ (a byte of a part the build reads, the commit,
 * a setting, the output itself) builds. Each case is a scratch git project with one file in each
 * part and a stand-in out/, never the working tree.
 */

/** The build's first step, as package.json's build script runs it, in a folder. */
const FINGERPRINT = path.resolve('scripts/build/fingerprint.ts');
/** tsx, found from the project rather than from the scratch folder, which has no node_modules. */
const TSX = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
function unchanged(root: string, environment: NodeJS.ProcessEnv = process.env) {
  const ran = spawnSync(process.execPath, ['--import', TSX, FINGERPRINT, '--unchanged'], {
    cwd: root,
    env: environment,
    encoding: 'utf8',
  });
  return { code: ran.status, said: ran.stdout };
}
const record = (root: string) =>
  execFileSync(process.execPath, ['--import', TSX, FINGERPRINT, '--record'], { cwd: root });

/** A file in each part the build reads (the part itself where it is a file), and one it wrote. */
const fileIn = (part: string) => (path.extname(part) ? part : path.join(part, 'a.ts'));
const OUTPUT_FILES = ['out/.assetsignore', 'out/index.html', 'deploy/build/csp-map.conf'];

function builtProject() {
  const root = mkdtempSync(path.join(tmpdir(), 'build-fingerprint-'));
  for (const file of [...BUILD_INPUTS.map(fileIn), ...OUTPUT_FILES]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), 'built\n');
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  /** An empty commit: of what a build reads, the commit alone changes, and no file. */
  const commit = (message: string) =>
    git(
      ...['-c', 'user.name=Test', '-c', 'user.email=test@example.com'],
      ...['commit', '--quiet', '--allow-empty', '-m', message],
    );
  git('init', '--quiet');
  commit('one');
  return {
    root,
    commit,
    [Symbol.dispose]: () => rmSync(root, { recursive: true, force: true }),
  };
}

test('a build of the same tree is not made again, says so, and dates out/ now', () => {
  using project = builtProject();
  expect(unchanged(project.root).code, 'nothing recorded yet').toBe(1);
  record(project.root);
  const before = Date.now();
  const second = unchanged(project.root);
  expect(second.code).toBe(0);
  expect(second.said).toMatch(
    /^build: not built again: out\/ and deploy\/build\/ are the build of exactly these sources/,
  );
  expect(statSync(path.join(project.root, 'out/.assetsignore')).mtimeMs).toBeGreaterThanOrEqual(
    before - 1000,
  );
});

test('a changed setting builds, and forgets the record so that a build stopped half-way is never taken for whole', () => {
  using project = builtProject();
  record(project.root);
  const other = unchanged(project.root, { ...process.env, SITE_URL: 'https://other.example' });
  expect(other).toEqual({
    code: 1,
    said: 'build: the sources, settings or output changed since the last build: building\n',
  });
  expect(unchanged(project.root).code, 'the record is gone').toBe(1);
});

test('outside a git checkout, where each build has a build id of its own, it always builds', () => {
  using project = builtProject();
  record(project.root);
  rmSync(path.join(project.root, '.git'), { recursive: true });
  expect(unchanged(project.root)).toEqual({
    code: 1,
    said: 'build: not a git checkout, so no two builds are the same: building\n',
  });
});

test('a byte of any part the build reads, the commit, a setting, an .env file or of the output changes the fingerprint', () => {
  using project = builtProject();
  const changes: Record<string, () => void> = {
    ...Object.fromEntries(
      [...BUILD_INPUTS.map(fileIn), ...OUTPUT_FILES].map((file) => [
        file,
        () => appendFileSync(path.join(project.root, file), ' '),
      ]),
    ),
    'a file added to out/': () => writeFileSync(path.join(project.root, 'out/extra.html'), ''),
    'a file removed from out/': () => rmSync(path.join(project.root, 'out/index.html')),
    'an .env.local file': () => writeFileSync(path.join(project.root, '.env.local'), 'A=1\n'),
    'the commit': () => project.commit('two'),
    CSP_REPORT_URI: () => (process.env.CSP_REPORT_URI = 'https://reports.example.com/'),
    'a NEXT_ setting': () => (process.env.NEXT_PUBLIC_TEST_FINGERPRINT = '1'),
  };
  const saved = { ...process.env };
  try {
    const unchangedSince: string[] = [];
    for (const [what, change] of Object.entries(changes)) {
      const before = buildFingerprint(project.root);
      change();
      if (buildFingerprint(project.root) === before) unchangedSince.push(what);
    }
    expect(unchangedSince).toEqual([]);
  } finally {
    process.env = saved;
  }
});
