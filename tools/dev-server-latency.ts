/**
 * `npx tsx tools/dev-server-latency.ts`: how soon `npm run dev` tells an editor about a content
 * slip. Over a scratch copy, it saves `opens: '9am'` in content/contact.ts several times and
 * prints the median time from the save to the check's line in the error overlay and in the
 * terminal, and from saving the fix to the page shown again. PORT moves the dev server (4191).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browsers';
import { startDevServer } from '../e2e/support/dev-server';

const RUNS = 7;
const LINE =
  'content/contact.ts:18:5  contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dev = await startDevServer(Number(process.env.PORT ?? 4191));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage();
  const heading = page.getByRole('heading', { level: 1, name: 'South Africa' });
  const overlay = page.getByRole('dialog');
  for (let tries = 0; ; tries++) {
    try {
      await page.goto(`${dev.url}/south-africa`);
      break;
    } catch (error) {
      if (dev.exited() || tries > 120)
        throw new Error(`npm run dev did not serve:\n${dev.terminal()}`, { cause: error });
      await sleep(500);
    }
  }
  await heading.waitFor({ timeout: 60_000 });

  const file = path.join(dev.folder, 'content/contact.ts');
  const good = readFileSync(file, 'utf8');
  const times = { overlay: [] as number[], terminal: [] as number[], back: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    const printedBefore = dev.terminal().length;
    const saved = performance.now();
    writeFileSync(file, good.replace("opens: '09:00'", "opens: '9am'"));
    const inTerminal = (async () => {
      while (!dev.terminal().slice(printedBefore).includes(`  ${LINE}\n`)) await sleep(10);
      times.terminal.push(performance.now() - saved);
    })();
    await overlay.getByText(LINE).waitFor({ timeout: 30_000 });
    times.overlay.push(performance.now() - saved);
    await inTerminal;

    const fixed = performance.now();
    writeFileSync(file, good);
    await heading.waitFor({ timeout: 30_000 });
    await overlay.waitFor({ state: 'detached', timeout: 30_000 });
    times.back.push(performance.now() - fixed);
  }
  console.log(`dev server, median of ${RUNS} saves of opens: '9am' in content/contact.ts:`);
  console.log(`  save to the check's line in the overlay:  ${seconds(median(times.overlay))}`);
  console.log(`  save to the check's line in the terminal: ${seconds(median(times.terminal))}`);
  console.log(`  fix saved to the page shown again:        ${seconds(median(times.back))}`);
  console.log(
    `  (each: ${Object.entries(times)
      .map(([k, v]) => `${k} ${v.map((t) => Math.round(t)).join('/')} ms`)
      .join('; ')})`,
  );
} finally {
  await browser.close();
  await dev.stop();
}
