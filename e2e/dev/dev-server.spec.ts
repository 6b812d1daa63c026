import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startDevServer } from '../support/dev-server';
import { slips, type Slip } from './slips';

/**
 * The content check as an editor meets it in `npm run dev` (issue #26): save a slip, read the
 * page and the terminal, save the fix, see the page again. The dev server runs over a scratch
 * copy of the project, since other specs read content/; one server serves every slip in turn.
 */

let dev: Awaited<ReturnType<typeof startDevServer>>;
let page: Page;

// Each slip waits for the overlay, the terminal, the page and the terminal again: room for all four.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  dev = await startDevServer();
  // A laptop's window, where Next's error overlay once cut the check's longer lines off.
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Once the dev server says it is ready: the first page, which it compiles, may take a minute.
  await dev.ready;
  await page.goto(`${dev.url}/south-africa`);
  await expect(page.getByRole('heading', { level: 1, name: 'South Africa' })).toBeVisible();
});

test.afterAll(async () => {
  await page?.close();
  await dev?.stop();
});

/** The first heading each page shows while its content passes. */
const headings: Record<Slip['page'], string> = {
  '/': 'Oops! Something went wrong',
  '/south-africa': 'South Africa',
};

/**
 * A save reaches the page in about a second here (tools/dev-server-latency.ts measures it); the
 * room is for a CI machine busy with the other projects.
 */
const soon = expect.configure({ timeout: 15_000 });

/**
 * What the editor must never meet: a runtime's error page, its errors or a stack trace, and a
 * parser's or bundler's own words about a typing slip (SWC's and TypeScript's, through Turbopack).
 */
const foreign = [
  /Unexpected Application Error/,
  /RangeError/,
  /TypeError/,
  /^\s+(\[)?at /m,
  /Parsing ecmascript source code failed/i,
  /Syntax ?Error/i,
  /Expected ['"`].*['"`], got/,
  /Unexpected token/i,
  /Unterminated string/i,
  /Expression expected/i,
  /error TS\d+/,
  /Module (parse|build) failed/i,
];

/** Where a text starts in a source, 1-based, as the check counts. */
function placeOf(source: string, text: string) {
  expect(source, `the place of the slip, ${JSON.stringify(text)}`).toContain(text);
  const before = source.slice(0, source.indexOf(text)).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

async function saveAndFix(slip: Slip) {
  const file = path.join(dev.folder, slip.file);
  const good = readFileSync(file, 'utf8');
  expect(good, `${slip.file} has the text the slip replaces`).toContain(slip.from);
  const edited = good.replace(slip.from, slip.to);
  // The check's line, placed in the content as the editor saved it.
  const reported = slip.reported ?? slip.file;
  const saved = slip.reported ? readFileSync(path.join(dev.folder, reported), 'utf8') : edited;
  const { line, column } = placeOf(saved, slip.at);
  const says = slip.says
    .replace('{line}', String(line))
    .replace(/\{line:([^}]+)\}/g, (_, text: string) => String(placeOf(saved, text).line));
  const expected = `${reported}:${line}:${column}  ${says}`;
  await page.goto(`${dev.url}${slip.page}`);
  const heading = page.getByRole('heading', { level: 1, name: headings[slip.page] });
  await expect(heading).toBeVisible();
  const printedBefore = dev.terminal().length;

  // Next's error overlay: the check's line, and nothing of the runtime's or the parser's.
  const overlay = page.getByRole('dialog');
  try {
    writeFileSync(file, edited);
    await soon(overlay).toContainText(expected);
    for (const words of foreign) expect(await overlay.textContent()).not.toMatch(words);
    // Every line of the check shows whole, its advice included: none runs past the overlay's box,
    // which scrolls sideways rather than wrapping.
    const checkLines = overlay.locator('pre').filter({ hasText: 'content:check' });
    expect(await checkLines.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThan(1);
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    // The terminal: the check's report, its line indented as `npm run content:check` prints it.
    await soon
      .poll(() => dev.terminal().slice(printedBefore))
      .toContain(`content:check: 1 problem(s) to fix:\n  ${expected}\n`);
  } finally {
    // Restored even when an expectation fails, so that the next slip starts from passing content.
    writeFileSync(file, good);
  }
  await soon(heading).toBeVisible();
  await soon(overlay).toHaveCount(0);
  await soon
    .poll(() => dev.terminal().slice(printedBefore))
    .toMatch(/content:check: \d+ content files OK/);
  for (const words of foreign) expect(dev.terminal().slice(printedBefore)).not.toMatch(words);
}

for (const slip of slips) {
  test(`${slip.name}: the page and the terminal show the check's line, and the fix brings the page back`, async () => {
    await saveAndFix(slip);
  });
}

test('the go-live placeholders are not errors in npm run dev', async () => {
  await page.goto(`${dev.url}/south-africa`);
  await expect(page.getByRole('heading', { level: 1, name: 'South Africa' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(dev.terminal()).not.toContain('placeholder(s) to replace');
});
