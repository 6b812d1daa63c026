/**
 * `npm run bench`: how fast and light each page is, against the limit of plain HTML.
 *
 * Builds the site three ways (as shipped; without the zero-JavaScript step; with linked instead of
 * inlined CSS), serves each build compressed on 127.0.0.1, and for every page prints:
 * - a cold load in Chromium: requests and transferred bytes by type, and the ratio to the plain-HTML
 *   limit (the page's HTML without scripts, compressed, plus its non-script files);
 * - Lighthouse mobile, default throttling: performance, accessibility, best practices, SEO, LCP, TBT
 *   and CLS, each the median of three runs (the not-found page is audited at /404.html, since
 *   Lighthouse refuses a 404 answer);
 * and the time each build took. The table also goes to docs/performance.md.
 *
 * Usage: npm run bench   (about five minutes on two cores; leaves out/ as shipped)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { notFoundPage, pages as exportedPages } from '../lib/routes';
import { strip } from '../scripts/build/strip-js';
import { chromiumArgs, chromiumPath } from '../e2e/support/browsers';
import { startPreview } from '../scripts/serve/preview';

type Variant = { id: string; label: string; env: Record<string, string>; commands: string[][] };

const variants: Variant[] = [
  {
    id: 'no-strip',
    label: 'Next.js export as is',
    env: {},
    commands: [
      ['npm', 'run', 'content:check', '--', '--summary'],
      ['npx', 'next', 'build'],
    ],
  },
  {
    id: 'linked-css',
    label: 'stripped, CSS linked',
    env: { INLINE_CSS: 'false' },
    commands: [['npm', 'run', 'build']],
  },
  // Last, so that out/ is left as shipped.
  {
    id: 'shipped',
    label: 'stripped, CSS inlined (shipped)',
    env: {},
    commands: [['npm', 'run', 'build']],
  },
];

const pages = [
  ...exportedPages.map((page) => ({ name: page.route, path: page.route, file: page.file })),
  { name: 'not found', path: `/${notFoundPage.file}`, file: notFoundPage.file },
];

/** Transferred bytes by type; 'other' is mostly the favicon. */
type Bytes = Record<'html' | 'css' | 'js' | 'image' | 'font' | 'other', number>;
type Row = {
  page: string;
  variant: string;
  requests: number;
  bytes: Bytes;
  total: number;
  limit: number;
  scores: Record<string, number>;
  lcp: number;
  tbt: number;
  cls: number;
};

const PORT = 4190;
const BENCH_DIR = '.bench';

/** Builds a variant from cold (no .next cache), copies it aside, and returns the seconds it took. */
function build(variant: Variant): number {
  rmSync('.next', { recursive: true, force: true });
  const started = performance.now();
  for (const [command, ...args] of variant.commands) {
    execFileSync(command ?? 'true', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...variant.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
  }
  const seconds = (performance.now() - started) / 1000;
  cpSync('out', `${BENCH_DIR}/${variant.id}`, { recursive: true });
  return seconds;
}

/** Loads a page cold and sums what was transferred, by type. */
async function load(url: string): Promise<{ requests: number; bytes: Bytes }> {
  const browser = await chromium.launch({
    ...(chromiumPath && { executablePath: chromiumPath }),
    args: chromiumArgs,
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const bytes: Bytes = { html: 0, css: 0, js: 0, image: 0, font: 0, other: 0 };
  const pending: Promise<void>[] = [];
  let requests = 0;
  page.on('requestfinished', (request) => {
    requests += 1;
    const kind = {
      document: 'html',
      stylesheet: 'css',
      script: 'js',
      image: 'image',
      font: 'font',
    }[request.resourceType()] as keyof Bytes | undefined;
    pending.push(
      request.sizes().then((sizes) => {
        bytes[kind ?? 'other'] += sizes.responseBodySize;
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  return { requests, bytes };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Lighthouse runs per page; the table shows each figure's median, as timings vary run to run. */
const RUNS = 3;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function auditOnce(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const scores: Record<string, number> = {};
  for (const id of CATEGORIES) scores[id] = Math.round((categories[id]?.score ?? 0) * 100);
  return {
    scores,
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

/** Lighthouse mobile, RUNS times: the median of each score and timing. */
async function audit(url: string, port: number) {
  const runs: Awaited<ReturnType<typeof auditOnce>>[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await auditOnce(url, port));
  const categories = Object.keys(runs[0]?.scores ?? {});
  return {
    scores: Object.fromEntries(
      categories.map((c) => [c, median(runs.map((r) => r.scores[c] ?? 0))]),
    ),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
  };
}

async function measure(variant: Variant): Promise<Row[]> {
  const root = `${BENCH_DIR}/${variant.id}`;
  const server = await startPreview({ root, port: PORT, exposeErrorPages: true });
  const chrome = await chromeLauncher.launch({
    ...(chromiumPath && { chromePath: chromiumPath }),
    chromeFlags: ['--headless=new', '--disable-gpu', ...chromiumArgs],
  });
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const url = `http://127.0.0.1:${PORT}${page.path}`;
      const { requests, bytes } = await load(url);
      // The limit: this page's own HTML with no scripts, as the server compresses it (gzip level 6).
      const plainHtml = gzipSync(strip(readFileSync(`${root}/${page.file}`, 'utf8')).html).length;
      const total = Object.values(bytes).reduce((sum, n) => sum + n, 0);
      const limit = plainHtml + total - bytes.html - bytes.js;
      rows.push({
        page: page.name,
        variant: variant.label,
        requests,
        bytes,
        total,
        limit,
        ...(await audit(url, chrome.port)),
      });
    }
  } finally {
    chrome.kill();
    server.close();
  }
  return rows;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function table(rows: Row[]): string {
  const header = [
    'page',
    'build',
    'requests',
    'HTML kB',
    'CSS kB',
    'JS kB',
    'images kB',
    'fonts kB',
    'other kB',
    'total kB',
    '× plain HTML',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'LCP ms',
    'TBT ms',
    'CLS',
  ];
  const lines = rows
    .sort((a, b) => a.page.localeCompare(b.page))
    .map((r) => [
      r.page,
      r.variant,
      r.requests,
      kB(r.bytes.html),
      kB(r.bytes.css),
      kB(r.bytes.js),
      kB(r.bytes.image),
      kB(r.bytes.font),
      kB(r.bytes.other),
      kB(r.total),
      (r.total / r.limit).toFixed(2),
      r.scores.performance,
      r.scores.accessibility,
      r.scores['best-practices'],
      r.scores.seo,
      Math.round(r.lcp),
      Math.round(r.tbt),
      r.cls.toFixed(3),
    ]);
  return [header, header.map(() => '---'), ...lines]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n');
}

async function main(): Promise<void> {
  rmSync(BENCH_DIR, { recursive: true, force: true });
  mkdirSync(BENCH_DIR);
  const buildTimes: string[] = [];
  for (const variant of variants) {
    console.log(`bench: building ${variant.label} …`);
    buildTimes.push(`- ${variant.label}: ${build(variant).toFixed(1)} s`);
  }
  const rows: Row[] = [];
  for (const variant of variants) {
    console.log(`bench: measuring ${variant.label} …`);
    rows.push(...(await measure(variant)));
  }
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim()}, Node ${process.version}`;
  const report = [
    table(rows),
    '',
    'Cold build times (content check, `next build` without a cache, and the strip step where used):',
    ...buildTimes,
  ].join('\n');
  console.log(`\n${report}\n`);
  writeFileSync(
    'docs/performance.md',
    [
      '# Performance',
      '',
      `Measured on ${date} with \`npm run bench\` (${machine}; Chromium from ${chromiumPath ?? 'Playwright'}).`,
      '',
      'Each page loaded cold over loopback from a compressing static server; transfer sizes are',
      'compressed bytes. "× plain HTML" divides the total by the plain-HTML limit: the page\'s own',
      'HTML without any script, compressed, plus its CSS, images and fonts. Scores and timings are',
      `Lighthouse's mobile audit with default (simulated) throttling, the median of ${RUNS} runs; the`,
      'not-found page is audited at /404.html because Lighthouse refuses a 404 answer.',
      '',
      report,
      '',
    ].join('\n'),
  );
  console.log('bench: wrote docs/performance.md');
}

await main();
