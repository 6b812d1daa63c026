/**
 * Build step after `next build`: removes from out/ what nothing on this site requests, so that no
 * server can answer with it: the RSC payloads (`<page>.txt`, `__next.*.txt`), which Next.js fetches
 * for client-side navigation and prefetching, which no page here uses (every link is a plain <a>),
 * and `_not-found.html`, a second copy of 404.html at an address the site must not have.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { exportedPages, notFoundPage } from '../../lib/routes';

const OUT = 'out';
const routeFiles = exportedPages.map((page) =>
  page.route === '/' ? 'index' : page.route.slice(1),
);
const unwanted = readdirSync(OUT, { recursive: true, encoding: 'utf8' }).filter(
  (file) =>
    statSync(path.join(OUT, file)).isFile() &&
    (/(^|\/)__next\.[^/]+\.txt$/.test(file) ||
      routeFiles.some((base) => file === `${base}.txt`) ||
      file === `${notFoundPage.route.slice(1)}.html`),
);
for (const file of unwanted) rmSync(path.join(OUT, file));
// Folders that held nothing but payloads.
for (const folder of routeFiles) {
  const dir = path.join(OUT, folder);
  if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}
console.log(
  `prune-export: removed ${unwanted.length} files nothing requests (RSC payloads, a copy of ${notFoundPage.file})`,
);
