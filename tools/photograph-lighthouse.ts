/**
 * `npx tsx tools/photograph-lighthouse.ts` (after `npm run tools:install` and `npm run build`):
 * Lighthouse's accessibility, best-practice and SEO scores of the three pages with a photograph in
 * the South Africa page's hero (issue #53), which the shipped content does not have, beside those of
 * the build in out/. It builds a scratch copy of the project with the suite's photograph
 * (e2e/support/photograph.ts) in the hero, serves both exports as `npm run bench` serves out/,
 * audits each page as the bench does (mobile, the median of 3 runs) and prints the table that
 * docs/performance.md records. It exits 1 when a score with the photograph is below out/'s. The
 * whole Chromium runs Lighthouse, or the browser CHROME_PATH names.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, wholeChromiumPath } from '../e2e/support/browsers';
import { photographInHero } from '../e2e/support/photograph';
import { scratchCopy } from '../e2e/support/scratch-copy';
import { exportedPages, notFoundPage } from '../lib/routes';
import { startStaticServer } from '../scripts/serve/static';

/** The categories whose scores must stay 100 with a photograph, in the table's order. */
const CATEGORIES = ['accessibility', 'best-practices', 'seo'];
/** Lighthouse audits each page this many times and reports the median, since single runs vary. */
const RUNS = 3;

/** The median of a list of numbers; of an even number of them, the lower of the middle two. */
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const copy = scratchCopy('photograph-lighthouse');
try {
  await photographInHero(copy);
  execFileSync('npm', ['run', 'build'], { cwd: copy, stdio: ['ignore', 'ignore', 'inherit'] });
  // Lighthouse refuses a page answered with 404, so the not-found page is served with 200.
  const servers = await Promise.all(
    ['out', path.join(copy, 'out')].map((folder) => startStaticServer(0, true, folder)),
  );
  const [shipped, withPhotograph] = servers.map(
    (server) => `http://127.0.0.1:${(server.address() as { port: number }).port}`,
  );
  const chromePath = process.env.CHROME_PATH ?? wholeChromiumPath;
  const chrome = await chromeLauncher.launch({
    ...(chromePath && { chromePath }),
    chromeFlags: ['--headless=new', '--disable-gpu', ...chromiumArgs],
  });
  /** Each category's score of a page, the median of RUNS audits. */
  const scoresOf = async (url: string) => {
    const scores: number[][] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const { categories } = result!.lhr;
      scores.push(CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100)));
    }
    return CATEGORIES.map((_, i) => median(scores.map((run) => run[i]!)));
  };
  const rows = [['page', 'a11y', 'best pr.', 'SEO', 'out/: a11y', 'best pr.', 'SEO']];
  let lower = false;
  try {
    for (const { route, file } of exportedPages) {
      const isNotFoundPage = route === notFoundPage.route;
      const address = isNotFoundPage ? `/${file}` : route;
      const withIt = await scoresOf(`${withPhotograph}${address}`);
      const without = await scoresOf(`${shipped}${address}`);
      lower ||= withIt.some((score, i) => score < without[i]!);
      rows.push([isNotFoundPage ? 'not found' : route, ...[...withIt, ...without].map(String)]);
    }
  } finally {
    await chrome.kill();
    for (const server of servers) server.close();
  }
  const table = rows.map((row) => `| ${row.join(' | ')} |`);
  table.splice(1, 0, `| ${rows[0]!.map(() => '---').join(' | ')} |`);
  console.log(table.join('\n'));
  if (lower) process.exitCode = 1;
} finally {
  rmSync(copy, { recursive: true, force: true });
}
