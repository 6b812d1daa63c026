import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { offlineWrangler, WRANGLER } from '../../scripts/serve/cloudflare';
import { scratchCopy } from '../support/scratch-copy';

/**
 * The Cloudflare deployment, checked without an account: wrangler bundles the Worker as the deploy
 * workflow's test job does, uploads that bundle unchanged as its upload job does (a first deploy, or
 * a new version), and uploads a
 * pull request's preview version to the preview Worker as the preview workflow does, each time
 * stopping short of the upload. The headers file is Cloudflare's.
 */

const production = 'deploy/cloudflare/wrangler.jsonc';
const preview = 'deploy/cloudflare/wrangler.preview.jsonc';
type Settings = Record<string, unknown>;

/** Runs wrangler offline from `cwd`, with `args` and --dry-run, and its output written to `outdir`. */
async function wranglerDryRun(args: string[], outdir: string, cwd = '.') {
  const { stdout } = await promisify(execFile)(
    path.resolve(WRANGLER),
    [...args, '--dry-run', '--outdir', outdir],
    { env: offlineWrangler, cwd },
  );
  expect(stdout).toContain('--dry-run: exiting now.');
}

test('wrangler bundles the Worker, and deploys that bundle unchanged: deploy --dry-run, then --no-bundle, as a deploy or a version', async () => {
  // Three runs of wrangler, each about ten seconds on a busy machine of two cores.
  test.setTimeout(90_000);
  const scratch = mkdtempSync(path.join(tmpdir(), 'wrangler-dry-run-'));
  try {
    // The test job's bundle, which is ours: it answers the not-found page's own addresses.
    const bundle = path.join(scratch, 'bundle');
    await wranglerDryRun(['deploy', '--config', production], bundle);
    const worker = readFileSync(path.join(bundle, 'worker.js'), 'utf8');
    expect(worker).toContain('__no-such-file__');
    // What the upload job uses: the configuration, wrangler and the tested out/. With neither
    // worker.ts nor the lib/ it imports at hand, a rebuild would fail: the upload is the bundle.
    const job = path.join(scratch, 'deploy-job');
    mkdirSync(path.join(job, 'deploy/cloudflare'), { recursive: true });
    cpSync(production, path.join(job, production));
    symlinkSync(
      path.resolve('deploy/cloudflare/node_modules'),
      path.join(job, 'deploy/cloudflare/node_modules'),
    );
    symlinkSync(path.resolve('out'), path.join(job, 'out'));
    const uploaded = path.join(scratch, 'uploaded');
    await wranglerDryRun(
      ['deploy', '--no-bundle', path.join(bundle, 'worker.js'), '--config', production],
      uploaded,
      job,
    );
    expect(readFileSync(path.join(uploaded, 'worker.js'), 'utf8')).toBe(worker);
    // The upload job's own command: the bundle as a new version of the Worker, not deployed.
    const version = path.join(scratch, 'version');
    await wranglerDryRun(
      ['versions', 'upload', '--no-bundle', path.join(bundle, 'worker.js'), '--config', production],
      version,
      job,
    );
    expect(readFileSync(path.join(version, 'worker.js'), 'utf8')).toBe(worker);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test('the preview Worker is the production Worker under another name', () => {
  // TypeScript's reader of tsconfig files takes JSON with comments and trailing commas, as
  // wrangler's does.
  const settings = (file: string): Settings =>
    ts.parseConfigFileTextToJson(file, readFileSync(file, 'utf8')).config;
  const { name: productionName, ...productionSettings } = settings(production);
  const { name: previewName, ...previewSettings } = settings(preview);
  expect(productionName).toBe('private-bank-south-africa');
  expect(previewName).toBe('private-bank-south-africa-preview');
  expect(previewSettings).toEqual(productionSettings);
});

test('wrangler accepts a preview version of a pull request: versions upload --dry-run --preview-alias', async () => {
  test.setTimeout(60_000);
  const outdir = mkdtempSync(path.join(tmpdir(), 'wrangler-dry-run-'));
  try {
    await wranglerDryRun(
      ['versions', 'upload', '--preview-alias', 'pr-12', '--config', preview],
      outdir,
    );
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});

test("the headers file stays within Cloudflare's limits", () => {
  const rules = readFileSync('out/_headers', 'utf8').split('\n');
  // At most 100 rules, each line at most 2,000 characters.
  expect(rules.filter((line) => line.startsWith('/')).length).toBeLessThanOrEqual(100);
  expect(Math.max(...rules.map((line) => line.length))).toBeLessThanOrEqual(2000);
});

test('a reporting address named at build reaches every policy of the headers file', async () => {
  test.setTimeout(60_000);
  // The headers step alone, on a copy of the project with this build's out/, with an address named.
  // Of deploy/, only what the step reads: deploy/cloudflare/ holds wrangler's packages and its
  // working files (.wrangler/tmp), which the wrangler tests above write and delete as they run. This
  // test's worker aborted once (SIGABRT, in a CI run from a fresh clone) as it began, copying
  // them beside those tests: the likeliest cause, a file gone in the middle of the copy.
  const copy = scratchCopy('report-address', [
    'scripts',
    'deploy/security-headers.ts',
    'deploy/build',
    'lib',
    'content',
    'package.json',
  ]);
  try {
    cpSync('out', path.join(copy, 'out'), { recursive: true });
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/build/server-headers.ts'],
      {
        cwd: copy,
        env: { ...process.env, CSP_REPORT_URI: 'https://reports.example.com/csp' },
      },
    );
    const headers = readFileSync(path.join(copy, 'out', '_headers'), 'utf8');
    const policies = headers
      .split('\n')
      .filter((line) => line.includes('Content-Security-Policy:'));
    expect(policies.length).toBeGreaterThan(3);
    for (const policy of policies) {
      expect(policy).toMatch(/; report-uri https:\/\/reports\.example\.com\/csp; report-to csp$/);
    }
    expect(headers).toContain('  Reporting-Endpoints: csp="https://reports.example.com/csp"');
    // Without one, the build the suite serves names none.
    expect(readFileSync('out/_headers', 'utf8')).not.toMatch(/report-(uri|to)|Reporting-Endpoints/);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
