/**
 * The editing view's part of `npm run bench`: how soon the page beside the form shows a key typed
 * in the form. Over a scratch copy, it types one character at a time into the South Africa page's
 * first section's heading, and takes, in the browser, the time from the key's keydown to the frame
 * beside the form holding the new heading: the median of several keys. It also counts the frame's
 * loads after the first, which a redraw must not cause. Run alone with
 * `npx tsx tools/editor-latency.ts`; PORT moves the editing view (4192).
 */
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browsers';
import { startEditingView } from '../e2e/support/editing-view';

const RUNS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;

/** Measures the view and returns its part of docs/performance.md. */
export async function editorLatency(): Promise<string> {
  const view = await startEditingView({ port: Number(process.env.PORT ?? 4192) });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const delays: number[] = [];
  let frameLoads = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(view.address);
    const heading = page.getByRole('textbox', { name: 'South Africa page, section 1, heading' });
    const frameElement = page.getByTitle('The page as it will look');
    await page.waitForFunction(
      () => document.getElementById('page-beside-frame')?.getAttribute('aria-busy') === 'false',
    );
    const frame = page.frames().find((each) => each !== page.mainFrame())!;
    page.on('framenavigated', (navigated) => {
      if (navigated === frame) frameLoads += 1;
    });
    await heading.fill('Measured ');
    for (let run = 1; run <= RUNS; run += 1) {
      const expected = `Measured ${'x'.repeat(run)}`;
      // The clock starts at the key's keydown and stops when the frame's page holds the heading;
      // both are listened for before the key is pressed.
      await frameElement.evaluate((iframe: HTMLIFrameElement, text) => {
        const drawn = iframe.contentDocument!;
        (globalThis as { measured?: Promise<number> }).measured = new Promise<number>((resolve) => {
          let started = 0;
          addEventListener('keydown', () => (started = performance.now()), {
            once: true,
            capture: true,
          });
          const observer = new MutationObserver(() => {
            const headings = [...drawn.querySelectorAll('h1, h2, h3, h4')].map(
              (h) => h.textContent,
            );
            if (!headings.includes(text)) return;
            observer.disconnect();
            resolve(performance.now() - started);
          });
          observer.observe(drawn.documentElement, { subtree: true, childList: true });
        });
      }, expected);
      await heading.press('x');
      delays.push(
        await page.evaluate(() => (globalThis as { measured?: Promise<number> }).measured!),
      );
    }
  } finally {
    await browser.close();
    await view.stop();
  }
  const ms = (value: number) => `${Math.round(value)} ms`;
  return `## Editing view

From a key typed in \`npm run edit\`'s form to the text drawn in the page beside it, in the browser,
the median of ${RUNS} keys: ${ms(median(delays))} (fastest ${ms(Math.min(...delays))}, slowest ${ms(Math.max(...delays))}). The frame beside the form was loaded again ${frameLoads} times.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await editorLatency());
