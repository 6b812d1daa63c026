// `npm run bench`: a cold build, then each page loaded cold in Chromium and audited by Lighthouse;
// the table, printed, also goes to docs/performance.md, whose text below says what each figure is.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { exportedPages, notFoundPage } from '../lib/routes';
import { strip } from '../scripts/build/strip-js';
import { chromiumArgs, chromiumLaunchOptions, chromiumPath } from '../e2e/support/browsers';
import { startPreview } from '../scripts/serve/preview';

const PORT = 4190;
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const KINDS = { document: 'HTML', stylesheet: 'CSS', script: 'JS', image: 'images', font: 'fonts' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;

/** A cold load: the requests, and the bytes transferred by kind ('other' is mostly the favicon). */
async function load(url: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage();
  const bytes: Record<string, number> = { HTML: 0, CSS: 0, JS: 0, images: 0, fonts: 0, other: 0 };
  const sizes: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const kind = KINDS[request.resourceType() as keyof typeof KINDS] ?? 'other';
    sizes.push(request.sizes().then((s) => void (bytes[kind]! += s.responseBodySize)));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(sizes);
  await browser.close();
  return { requests: sizes.length, bytes };
}

/** Lighthouse's mobile audit: each category's score, LCP, TBT and CLS. */
async function audit(url: string, port: number): Promise<number[]> {
  const result = await lighthouse(url, { port, logLevel: 'error', onlyCategories: CATEGORIES });
  const { categories, audits } = result!.lhr;
  const timings = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];
  return [
    ...CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100)),
    ...timings.map((id) => audits[id]?.numericValue ?? NaN),
  ];
}

rmSync('.next', { recursive: true, force: true });
const started = performance.now();
execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const buildSeconds = ((performance.now() - started) / 1000).toFixed(1);
const server = await startPreview(PORT, true);
const chrome = await chromeLauncher.launch({
  ...(chromiumPath && { chromePath: chromiumPath }),
  chromeFlags: ['--headless=new', '--disable-gpu', ...chromiumArgs],
});
const header = ['page', 'requests', ...Object.values(KINDS), 'other', 'total', '× plain HTML'];
const rows = [[...header, 'perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'TBT ms', 'CLS']];
try {
  for (const { route, file } of exportedPages) {
    const missing = route === notFoundPage.route;
    const url = `http://127.0.0.1:${PORT}${missing ? `/${file}` : route}`;
    const { requests, bytes } = await load(url);
    const total = Object.values(bytes).reduce((sum, n) => sum + n, 0);
    // The limit: this page's HTML with no scripts, compressed as the server does (gzip level 6).
    const plain = gzipSync(strip(readFileSync(`out/${file}`, 'utf8')).html).length;
    const limit = plain + total - bytes.HTML! - bytes.JS!;
    const runs: number[][] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url, chrome.port));
    const [perf, a11y, best, seo, lcp, tbt, cls] = runs[0]!.map((_, i) =>
      median(runs.map((r) => r[i]!)),
    );
    const figures = [perf, a11y, best, seo, Math.round(lcp!), Math.round(tbt!), cls!.toFixed(3)];
    const weights = [...Object.values(bytes), total].map((n) => (n / 1000).toFixed(1));
    const page = missing ? 'not found' : route;
    rows.push([page, requests, ...weights, (total / limit).toFixed(2), ...figures].map(String));
  }
} finally {
  chrome.kill();
  server.close();
}
const table = [rows[0]!, rows[0]!.map(() => '---'), ...rows.slice(1)]
  .map((cells) => `| ${cells.join(' | ')} |`)
  .join('\n');
const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim()}, Node ${process.version}`;
const report = `${table}\n\nCold build (content check, \`next build\`, strip, island): ${buildSeconds} s`;
console.log(`\n${report}\n`);
const date = new Date().toISOString().slice(0, 10);
writeFileSync(
  'docs/performance.md',
  `# Performance

Measured on ${date} with \`npm run bench\` (${machine}; Chromium at ${chromiumPath ?? 'Playwright'}).

Each page of the shipped build loaded cold over loopback from a compressing static server; sizes are
compressed kB. "× plain HTML" divides the total by the plain-HTML limit: the page's own HTML without
any script, compressed, plus its CSS, images and fonts. Scores and timings are Lighthouse's mobile
audit with default (simulated) throttling, the median of ${RUNS} runs; the not-found page is audited
at /404.html because Lighthouse refuses a 404 answer.

${report}
`,
);
