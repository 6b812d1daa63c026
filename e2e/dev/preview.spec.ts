import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { slips, type Slip } from './slips';

/**
 * The content check as an editor meets it in `npm run dev` (issue #26): save a slip, read the
 * page and the terminal, save the fix, see the page again. The dev server runs over a scratch
 * copy of the project, since other specs read content/; one server serves every slip in turn.
 */

/** After the production servers' ports (playwright.config.ts), within the range E2E_PORT moves. */
const port = Number(process.env.E2E_PORT ?? 4173) + 3;
const site = `http://127.0.0.1:${port}`;
/**
 * Inside the project, in .cache/ (which git ignores), so that Turbopack finds the project's lockfile
 * and node_modules above it: it compiles nothing outside its root, so a copy elsewhere with
 * node_modules symlinked fails.
 */
const scratch = path.resolve('.cache', `dev-preview-${process.pid}`);
/** What the project's `npm run dev` needs; node_modules is found in the folder above. */
const copied = [
  'app',
  'components',
  'content',
  'lib',
  'public',
  'scripts',
  'next.config.ts',
  'package.json',
  'postcss.config.mjs',
  'tsconfig.json',
  'tsconfig.site.json',
];

let server: ChildProcess;
/** Everything the dev server has printed, as the editor's terminal shows it. */
let terminal = '';
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  mkdirSync(scratch, { recursive: true });
  for (const name of copied) cpSync(name, path.join(scratch, name), { recursive: true });
  // In a process group of its own, so that stopping npm stops Next.js and its loader processes.
  server = spawn('npm', ['run', 'dev', '--', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: scratch,
    detached: true,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
  });
  server.stdout!.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
  page = await browser.newPage();
  await expect(async () => {
    expect(server.exitCode, terminal).toBeNull();
    await page.goto(`${site}/south-africa`);
  }).toPass({ timeout: 90_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'South Africa' })).toBeVisible();
});

test.afterAll(async () => {
  await page?.close();
  if (server?.pid) {
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await stopped;
  }
  rmSync(scratch, { recursive: true, force: true });
});

/** The first heading each page shows while its content passes. */
const headings: Record<string, string> = {
  '/': 'Oops! Something went wrong',
  '/south-africa': 'South Africa',
};

/** What the editor must never meet: a runtime's error page, its errors or a stack trace. */
const foreign = [/Unexpected Application Error/, /RangeError/, /TypeError/, /^\s+(\[)?at /m];

async function saveAndFix(slip: Slip) {
  const file = path.join(scratch, slip.file);
  const good = readFileSync(file, 'utf8');
  expect(good, `${slip.file} has the text the slip replaces`).toContain(slip.from);
  await page.goto(`${site}${slip.page}`);
  const heading = page.getByRole('heading', { level: 1, name: headings[slip.page] });
  await expect(heading).toBeVisible();
  const printedBefore = terminal.length;

  // Next's error overlay: the check's line, and nothing of the runtime's or the parser's.
  const overlay = page.getByRole('dialog');
  try {
    writeFileSync(file, good.replace(slip.from, slip.to));
    await expect(overlay).toContainText(slip.line);
    for (const words of foreign) expect(await overlay.textContent()).not.toMatch(words);
    // The terminal: the check's report, its line indented as `npm run content:check` prints it.
    await expect.poll(() => terminal.slice(printedBefore)).toContain(`\n  ${slip.line}\n`);
    await expect.poll(() => terminal.slice(printedBefore)).toMatch(/content:check: \d+ problem/);
  } finally {
    // Restored even when an expectation fails, so that the next slip starts from passing content.
    writeFileSync(file, good);
  }
  await expect(heading).toBeVisible();
  await expect(overlay).toHaveCount(0);
  await expect
    .poll(() => terminal.slice(printedBefore))
    .toMatch(/content:check: \d+ content sections OK/);
  for (const words of foreign) expect(terminal.slice(printedBefore)).not.toMatch(words);
}

for (const slip of slips) {
  test(`${slip.name}: the page and the terminal show the check's line, and the fix brings the page back`, async () => {
    await saveAndFix(slip);
  });
}

test('the go-live placeholders are not errors in the preview', async () => {
  await page.goto(`${site}/south-africa`);
  await expect(page.getByRole('heading', { level: 1, name: 'South Africa' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(terminal).not.toContain('placeholder(s) to replace');
});
