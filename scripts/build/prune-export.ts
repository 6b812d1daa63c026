/**
 * Build step: removes what nothing requests, so that no server answers with it: the RSC payloads,
 * for client-side navigation (every link here is a plain <a>), _not-found.html, 404.html again, and
 * the folders left empty, such as the one Next.js names after the build id.
 */
import { readdirSync, rmSync } from 'node:fs';
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
// Folders that held nothing but payloads, and any other that holds nothing (out/_next/<build id>/):
// deepest first, so that a folder whose only content was an empty folder goes too.
const folders = readdirSync('out', { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(entry.parentPath, entry.name))
  .sort((a, b) => b.length - a.length);
let emptyFolders = 0;
for (const folder of folders) {
  if (readdirSync(folder).length > 0) continue;
  rmSync(folder, { recursive: true });
  emptyFolders += 1;
}
console.log(
  `prune-export: removed ${unwanted.length} files nothing requests (RSC payloads, a copy of ${notFoundPage.file}) and ${emptyFolders} empty folders`,
);
