/**
 * `npm run bench` measures the shipped site: a cold build, then each page loaded cold in Chromium
 * and audited by Lighthouse, then the production servers under load, over HTTP and over HTTPS with
 * HTTP/2 (tools/load-bench.ts), then the editing view's typing (tools/editor-latency.ts) and the
 * editing service under 20 editors' saves (tools/editing-service-load.ts). The tables are printed
 * and also written to docs/performance.md, whose text (at the end of this file and of the tools it
 * runs) says what each figure is; the page's last section, of figures measured by hand, is copied
 * over as it is. Speed and size are measured here rather than in timed tests, which would fail at
 * random on a busy machine.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { exportedPages, notFoundPage } from '../lib/routes';
import { strip } from '../scripts/build/strip-js';
import { chromiumArgs, chromiumLaunchOptions, wholeChromiumPath } from '../e2e/support/browsers';
import { startStaticServer } from '../scripts/serve/static';
import { editorLatency } from './editor-latency';
import { editingServiceLoad } from './editing-service-load';
import { httpsBench, loadBench } from './load-bench';

/** The page the bench writes its tables into. */
const REPORT = 'docs/performance.md';
/**
 * The heading of the report's last section: figures the bench cannot measure (CI's time, sizes of
 * what the site no longer ships), which people keep by hand and the bench leaves as they are.
 */
const MEASURED_BY_HAND = '## Measured by hand';

/** The port of the static server (npm run serve's) that the benchmark loads the pages from. */
const STATIC_SERVER_PORT = 4190;
/** Lighthouse audits each page this many times and reports the median, since single runs vary. */
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The table's column for each of Playwright's resource types; any other type counts as 'other'. */
const COLUMN_BY_RESOURCE_TYPE = {
  document: 'HTML',
  stylesheet: 'CSS',
  script: 'JS',
  image: 'images',
  font: 'fonts',
};

/** The median of a list of numbers; of an even number of them, the lower of the middle two. */
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/**
 * Loads a page cold, in a browser of its own, so that nothing comes from a cache.
 * @returns The number of requests, and the bytes transferred for each column of the table ('other'
 *   is mostly the favicon).
 */
async function loadCold(url: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage();
  const bytesByColumn: Record<string, number> = {
    HTML: 0,
    CSS: 0,
    JS: 0,
    images: 0,
    fonts: 0,
    other: 0,
  };
  const sizesCounted: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const column =
      COLUMN_BY_RESOURCE_TYPE[request.resourceType() as keyof typeof COLUMN_BY_RESOURCE_TYPE] ??
      'other';
    sizesCounted.push(
      request.sizes().then((sizes) => void (bytesByColumn[column]! += sizes.responseBodySize)),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(sizesCounted);
  await browser.close();
  return { requests: sizesCounted.length, bytesByColumn };
}

/**
 * Lighthouse's mobile audit of a page, in the Chrome that listens on `port`.
 * @returns Each category's score out of 100, then LCP and TBT in milliseconds, and CLS.
 */
async function audit(url: string, port: number): Promise<number[]> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: LIGHTHOUSE_CATEGORIES,
  });
  // Lighthouse returns nothing only in its gather mode, which is never asked for here.
  const { categories, audits } = result!.lhr;
  const timings = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];
  return [
    ...LIGHTHOUSE_CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100)),
    ...timings.map((id) => audits[id]?.numericValue ?? NaN),
  ];
}

// Before anything takes time: Lighthouse needs the whole browser, which npm run setup leaves out.
if (!wholeChromiumPath && !process.env.CHROME_PATH) {
  console.error(
    'bench: Lighthouse needs the whole Chromium browser: sudo apt-get install chromium (or set CHROME_PATH)',
  );
  process.exit(1);
}

// Without Next.js's cache, the build time is that of a fresh checkout.
rmSync('.next', { recursive: true, force: true });
const started = performance.now();
execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const buildSeconds = ((performance.now() - started) / 1000).toFixed(1);
// Lighthouse refuses a page answered with 404, so the static server serves 404.html with 200.
const server = await startStaticServer(STATIC_SERVER_PORT, true);
const chrome = await chromeLauncher.launch({
  ...(wholeChromiumPath && { chromePath: wholeChromiumPath }),
  chromeFlags: ['--headless=new', '--disable-gpu', ...chromiumArgs],
});
const sizeColumns = [...Object.values(COLUMN_BY_RESOURCE_TYPE), 'other', 'total', '× plain HTML'];
const auditColumns = ['perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'TBT ms', 'CLS'];
const rows = [['page', 'requests', ...sizeColumns, ...auditColumns]];
try {
  for (const { route, file } of exportedPages) {
    // The not-found page has no address of its own, so it is loaded by its file's name.
    const isNotFoundPage = route === notFoundPage.route;
    const url = `http://127.0.0.1:${STATIC_SERVER_PORT}${isNotFoundPage ? `/${file}` : route}`;
    const { requests, bytesByColumn } = await loadCold(url);
    const totalBytes = Object.values(bytesByColumn).reduce((sum, bytes) => sum + bytes, 0);
    // The plain-HTML limit: this page's HTML with no scripts, compressed as the server does (gzip
    // level 6), plus what the page loads besides its HTML and its scripts.
    const plainHtmlBytes = gzipSync(strip(readFileSync(`out/${file}`, 'utf8')).html).length;
    const plainHtmlLimit = plainHtmlBytes + totalBytes - bytesByColumn.HTML! - bytesByColumn.JS!;
    const auditRuns: number[][] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      auditRuns.push(await audit(url, chrome.port));
    }
    // The median of each figure separately, across the runs.
    const [perf, a11y, best, seo, lcp, tbt, cls] = auditRuns[0]!.map((_, figureIndex) =>
      median(auditRuns.map((figures) => figures[figureIndex]!)),
    );
    const auditCells = [perf, a11y, best, seo, Math.round(lcp!), Math.round(tbt!), cls!.toFixed(3)];
    const kilobyteCells = [...Object.values(bytesByColumn), totalBytes].map((bytes) =>
      (bytes / 1000).toFixed(1),
    );
    const pageLabel = isNotFoundPage ? 'not found' : route;
    const ratioToPlainHtml = (totalBytes / plainHtmlLimit).toFixed(2);
    rows.push([pageLabel, requests, ...kilobyteCells, ratioToPlainHtml, ...auditCells].map(String));
  }
} finally {
  chrome.kill();
  server.close();
}
const table = [rows[0]!, rows[0]!.map(() => '---'), ...rows.slice(1)]
  .map((cells) => `| ${cells.join(' | ')} |`)
  .join('\n');
const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim()}, Node ${process.version}`;
const report = `${table}\n\nCold build (content check, \`next build\`, strip, island, headers, gzip twins): ${buildSeconds} s`;
console.log(`\n${report}\n`);
const loadReport = await loadBench();
console.log(`\n${loadReport}`);
const httpsReport = await httpsBench();
console.log(`\n${httpsReport}`);
const editorReport = await editorLatency();
console.log(`\n${editorReport}`);
const serviceLoad = await editingServiceLoad();
console.log(`\n${serviceLoad.report}`);
// A save lost or written into another's workspace is a fault to fix, not a figure to publish.
if (!serviceLoad.passed) {
  console.error(
    'bench: the editing service under load failed a check: docs/performance.md is left as it was',
  );
  process.exit(1);
}
const date = new Date().toISOString().slice(0, 10);
const previousReport = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
const measuredByHandAt = previousReport.indexOf(`\n${MEASURED_BY_HAND}\n`);
const measuredByHand = measuredByHandAt === -1 ? '' : previousReport.slice(measuredByHandAt);
writeFileSync(
  REPORT,
  `# Performance

Measured on ${date} with \`npm run bench\` (${machine}; Lighthouse's Chromium at ${wholeChromiumPath ?? "chrome-launcher's choice"}).

Each page of the shipped build loaded cold over loopback from a compressing static server; sizes are
compressed kB. "× plain HTML" divides the total by the plain-HTML limit: the page's own HTML without
any script, compressed, plus all else it loads but scripts (CSS, images, fonts, the icon). Scores and
timings are Lighthouse's mobile audit with default (simulated) throttling, the median of ${LIGHTHOUSE_RUNS} runs;
the not-found page is audited at /404.html because Lighthouse refuses a 404 answer.

${report}

${loadReport}
${httpsReport}
${editorReport}
${serviceLoad.report}
${measuredByHand}`,
);
