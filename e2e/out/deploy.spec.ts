import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { offlineWrangler, WRANGLER } from '../../scripts/serve/cloudflare';
import { scratchCopy } from '../support/scratch-copy';

/**
 * The Cloudflare deployment, checked without an account: wrangler builds exactly what
 * `npm run deploy:cloudflare` and the deploy workflow would upload, and what the preview workflow
 * would upload as a pull request's preview version, and stops there. The headers file is
 * Cloudflare's.
 */
test('wrangler accepts the Cloudflare configuration: deploy --dry-run', async () => {
  test.setTimeout(60_000);
  const outdir = mkdtempSync(path.join(tmpdir(), 'wrangler-dry-run-'));
  try {
    const { stdout } = await promisify(execFile)(
      WRANGLER,
      ['deploy', '--dry-run', '--config', 'deploy/cloudflare/wrangler.jsonc', '--outdir', outdir],
      { env: offlineWrangler },
    );
    expect(stdout).toContain('--dry-run: exiting now.');
    // The Worker that wrangler bundled is ours: it answers the not-found page's own addresses.
    expect(readFileSync(path.join(outdir, 'worker.js'), 'utf8')).toContain('__no-such-file__');
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});

test('wrangler accepts a preview version of a pull request: versions upload --dry-run --preview-alias', async () => {
  test.setTimeout(60_000);
  const outdir = mkdtempSync(path.join(tmpdir(), 'wrangler-dry-run-'));
  try {
    const { stdout } = await promisify(execFile)(
      WRANGLER,
      [
        ...['versions', 'upload', '--dry-run', '--preview-alias', 'pr-12'],
        ...['--config', 'deploy/cloudflare/wrangler.jsonc', '--outdir', outdir],
      ],
      { env: offlineWrangler },
    );
    expect(stdout).toContain('--dry-run: exiting now.');
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
  // working files (.wrangler/tmp), which the two tests above write and delete as they run. This
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
