/**
 * Build step: removes what nothing requests, so that no server answers with it: the RSC payloads,
 * for client-side navigation (every link here is a plain <a>), and _not-found.html, 404.html again.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { exportedPages, notFoundPage } from '../../lib/routes';

const routeFiles = exportedPages.map(({ route }) => (route === '/' ? 'index' : route.slice(1)));
const unwanted = readdirSync('out', { recursive: true, encoding: 'utf8' }).filter(
  (file) =>
    /(^|\/)__next\.[^/]+\.txt$/.test(file) ||
    routeFiles.some((base) => file === `${base}.txt`) ||
    file === `${notFoundPage.route.slice(1)}.html`,
);
for (const file of unwanted) rmSync(path.join('out', file));
// Folders that held nothing but payloads.
for (const folder of routeFiles) {
  const dir = path.join('out', folder);
  if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}
console.log(
  `prune-export: removed ${unwanted.length} files nothing requests (RSC payloads, a copy of ${notFoundPage.file})`,
);
