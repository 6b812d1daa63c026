import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * Every spec file on disk runs in at least one of the config's projects. Each project names the
 * specs it runs, so a new spec that no list names would otherwise pass by never running: the
 * Trusted Types spec once did, until this test found it. On a machine without Firefox ESR or
 * WebKitGTK, the config makes no cross-engine project, and this test fails there too: the
 * cross-engine spec would run nowhere, which `npm test`'s check reports first.
 */

/** The spec files under e2e/, found on disk rather than asked of the config. */
const specFilesOnDisk = readdirSync('e2e', { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.spec.ts') && !path.includes('node_modules'))
  .sort();

test('every spec file under e2e/ runs in at least one project', () => {
  // Playwright's list loads the config, which asks each engine its version: seconds alone, and
  // more than thirty while a full run keeps both cores busy, where a kill at thirty seconds
  // failed the test. The listing is waited for until it exits, within this test's own budget.
  test.setTimeout(120_000);
  // Playwright's own list of what a run would run: no test is started and no server either.
  const listing = spawnSync('node_modules/.bin/playwright', ['test', '--list', '--reporter=json'], {
    encoding: 'utf8',
  });
  expect(listing.status, listing.stderr).toBe(0);
  const report = JSON.parse(listing.stdout) as { suites: Array<{ file: string }> };
  const specFilesRun = report.suites.map((suite) => suite.file).sort();
  // Both lists empty would pass too; the walk of the disk does find the specs.
  expect(specFilesOnDisk).toContain('browser/trusted-types.spec.ts');
  expect(specFilesRun, 'spec files run by a project; a line marked - is run by none').toEqual(
    specFilesOnDisk,
  );
});
