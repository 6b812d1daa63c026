import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buildProblem } from '../support/build-freshness';

/**
 * The suite refuses an out/ older than anything the build reads, in one line that names what
 * changed, and only then: a config file edited since the build would otherwise leave a stale out/
 * tested without a word, and a file that only serves a build would refuse a good one. Each case
 * touches one file of a scratch project whose out/ was built after every other file, never the
 * working tree's.
 */

/** Files the build reads, each with the part that the refusal names when the file is newer. */
const buildInputs: Record<string, string> = {
  'package.json': 'package.json',
  'postcss.config.mjs': 'postcss.config.mjs',
  'next.config.ts': 'next.config.ts',
  'tsconfig.json': 'tsconfig.json',
  'tsconfig.site.json': 'tsconfig.site.json',
  'deploy/security-headers.ts': 'deploy/security-headers.ts',
  'deploy/nginx.conf.template': 'deploy/nginx.conf.template',
  'app/globals.css': 'app',
  'components/layout/landmarks.tsx': 'components',
  'content/contact.ts': 'content',
  'lib/routes.ts': 'lib',
  'public/favicon.ico': 'public',
  'scripts/build/compress.ts': 'scripts/build',
  'scripts/shared/html.ts': 'scripts/shared',
};
/** Files that serve, test or describe a build but are no part of one. */
const notBuildInputs = [
  'deploy/activate',
  'deploy/cloudflare/worker.ts',
  'scripts/serve/static.ts',
  'e2e/unit/projects.spec.ts',
  'playwright.config.ts',
  'README.md',
];

const BUILD_STAMP = 'out/.assetsignore';
const BUILT_AT = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;

/**
 * A scratch project holding every file above, empty, and a build stamp an hour newer than all of
 * them, folders included; `touch` makes one file an hour newer than the stamp, as an edit after the
 * build would. `using` removes the project when the test ends.
 */
function builtProject() {
  const root = mkdtempSync(path.join(tmpdir(), 'build-freshness-'));
  for (const file of [...Object.keys(buildInputs), ...notBuildInputs, BUILD_STAMP]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
  }
  const beforeTheBuild = new Date(BUILT_AT.getTime() - HOUR);
  for (const entry of ['.', ...readdirSync(root, { recursive: true, encoding: 'utf8' })]) {
    utimesSync(path.join(root, entry), beforeTheBuild, beforeTheBuild);
  }
  utimesSync(path.join(root, BUILD_STAMP), BUILT_AT, BUILT_AT);
  const afterTheBuild = new Date(BUILT_AT.getTime() + HOUR);
  return {
    root,
    touch: (file: string) => utimesSync(path.join(root, file), afterTheBuild, afterTheBuild),
    [Symbol.dispose]: () => rmSync(root, { recursive: true, force: true }),
  };
}

test('an out/ built after every file is tested', () => {
  using project = builtProject();
  expect(buildProblem(project.root)).toBeUndefined();
});

test('an out/ without the build stamp is refused: the build never finished', () => {
  using project = builtProject();
  rmSync(path.join(project.root, BUILD_STAMP));
  expect(buildProblem(project.root)).toBe(
    'out/ has no build: run npm run build (npm test builds too)',
  );
});

for (const [file, part] of Object.entries(buildInputs)) {
  test(`${file} edited after the build makes the suite refuse out/, naming ${part}`, () => {
    using project = builtProject();
    project.touch(file);
    expect(buildProblem(project.root)).toBe(
      `out/ is older than the sources (${part}): run npm run build`,
    );
  });
}

for (const file of notBuildInputs) {
  test(`${file} edited after the build leaves out/ to be tested`, () => {
    using project = builtProject();
    project.touch(file);
    expect(buildProblem(project.root)).toBeUndefined();
  });
}
