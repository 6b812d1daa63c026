/**
 * The editing view's part of `npm run bench`: how soon the page beside the form shows a text typed
 * in it. Over a scratch copy, it types a new heading for the South Africa page's first section
 * several times and takes the median time from the keystroke to the heading drawn in the page.
 * Run alone with `npx tsx tools/editor-latency.ts`; PORT moves the editing view (4192).
 */
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browsers';
import { startEditingView } from '../e2e/support/editing-view';

const RUNS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;

/** Measures the view and returns its part of docs/performance.md. */
export async function editorLatency(): Promise<string> {
  const view = await startEditingView(Number(process.env.PORT ?? 4192));
  const browser = await chromium.launch(chromiumLaunchOptions);
  const delays: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(view.address);
    const heading = page.getByRole('textbox', { name: 'South Africa page, section 1, heading' });
    await heading.focus();
    const frame = page.frameLocator('iframe[title="The page as it will look"]');
    for (let run = 1; run <= RUNS; run += 1) {
      const typed = `Personal service, measured (${run})`;
      const started = performance.now();
      await heading.fill(typed);
      await frame.getByRole('heading', { name: typed }).waitFor({ timeout: 10_000 });
      delays.push(performance.now() - started);
    }
  } finally {
    await browser.close();
    await view.stop();
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `## Editing view

From a keystroke in \`npm run edit\`'s form to the text drawn in the page beside it (a quarter of a
second of that waits for the editor to stop typing), the median of ${RUNS} runs: ${seconds(median(delays))} (fastest ${seconds(Math.min(...delays))}, slowest ${seconds(Math.max(...delays))}).`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await editorLatency());
