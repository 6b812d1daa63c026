/**
 * Build step: cuts every script but JSON-LD, and every script preload, out of every page: Next.js's
 * runtime and RSC payload, which none needs, and Next.js has no switch to leave out
 * (vercel/next.js#45009). The runtime's own files then go from the export too, so that no server
 * offers a script no page loads. The not-found page then gets its island: scripts/build/compile-island.ts.
 *
 * It also cuts the `<meta name="robots" content="noindex">` that Next.js writes into the not-found
 * page, again with no switch to leave it out. Every server answers that page with status 404 only
 * (its own file names included), and a 404 keeps a page out of search engines' indexes; the tag
 * added nothing but a mark against the page in Lighthouse's SEO audit, which reads the page's HTML
 * alone (docs/developing.md, "Search, sharing and validity").
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportedPages, notFoundPage } from '../../lib/routes';
import { attr, elementsOf, isExecutable, type Element } from '../shared/html';

/** Whether an element is a robots meta tag whose directives include noindex. */
const isNoindex = (element: Element) =>
  element.tagName === 'meta' &&
  attr(element, 'name')?.toLowerCase() === 'robots' &&
  /(^|[\s,])noindex($|[\s,])/i.test(attr(element, 'content') ?? '');

/** Cuts the executable elements out of a page, leaving every other byte as it was. */
export function strip(html: string): { html: string; removed: number } {
  return cut(html, isExecutable);
}

/** Cuts every element the test picks out of a page, leaving every other byte as it was. */
function cut(
  html: string,
  picks: (element: Element) => boolean,
): { html: string; removed: number } {
  const locations = elementsOf(html)
    .filter(picks)
    .map((element) => element.sourceCodeLocation!)
    .sort((a, b) => b.startOffset - a.startOffset);
  let stripped = html;
  for (const { startOffset, endOffset } of locations) {
    stripped = stripped.slice(0, startOffset) + stripped.slice(endOffset);
  }
  return { html: stripped, removed: locations.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const known = exportedPages.map((page) => page.file);
  const unknown = readdirSync('out').filter((f) => f.endsWith('.html') && !known.includes(f));
  if (unknown.length > 0) {
    throw new Error(`strip-js: ${unknown.join(', ')} is no page of lib/routes.ts; add it there`);
  }
  for (const page of exportedPages) {
    const source = readFileSync(path.join('out', page.file), 'utf8');
    const stripped = strip(source);
    const { html, removed: noindex } =
      page === notFoundPage ? cut(stripped.html, isNoindex) : { ...stripped, removed: 0 };
    if (page === notFoundPage && noindex !== 1) {
      throw new Error(
        `strip-js: ${page.file} has ${noindex} robots noindex tags where Next.js writes one; see this file's opening comment`,
      );
    }
    writeFileSync(path.join('out', page.file), html);
    console.log(
      `strip-js: ${page.file} (${stripped.removed} script elements${noindex ? ', its robots noindex' : ''}, ${source.length} → ${html.length} bytes)`,
    );
  }
  // Next.js's runtime: the JavaScript chunks, and the manifests in the folder named after the build
  // id, which only the runtime reads. The CSS chunks stay, inlined into each page and read by the
  // byte budgets.
  const staticFolder = 'out/_next/static';
  const runtimeFiles = [
    ...readdirSync(`${staticFolder}/chunks`)
      .filter((file) => file.endsWith('.js'))
      .map((file) => `${staticFolder}/chunks/${file}`),
    ...readdirSync(staticFolder)
      .filter((folder) => !['chunks', 'media'].includes(folder))
      .map((folder) => `${staticFolder}/${folder}`),
  ];
  for (const file of runtimeFiles) rmSync(file, { recursive: true });
  console.log(`strip-js: removed ${runtimeFiles.length} files of Next.js's runtime from out/`);
}
