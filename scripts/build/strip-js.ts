/**
 * Post-build step of `npm run build`: removes all executable JavaScript from every exported page whose
 * route renders no client component, so those pages weigh what hand-written HTML weighs.
 *
 * Next.js ships its runtime and the page's RSC payload with every App Router page, and has no switch
 * to turn that off (vercel/next.js#45009, #34063). Which pages can go without is read from the build
 * itself: the client-reference manifest lists, for each route, the script chunks each of its segments
 * needs. Chunks that every segment of the app needs are the framework's; a route whose rendered
 * segments (its layouts and its page) need nothing more renders no client component.
 *
 * Removed: <script> elements (runtime, RSC payload, polyfills) and script preloads. Kept: JSON-LD
 * <script type="application/ld+json"> data blocks. The build fails, rather than strip, whenever a
 * page cannot be matched with its route's manifest.
 *
 * Usage: tsx scripts/build/strip-js.ts   (after `next build`; rewrites out/*.html in place)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { exportedPages } from '../../lib/routes';
import { elementsOf, isExecutable } from '../shared/html';

const OUT = 'out';
const SERVER_APP = '.next/server/app';

/** What the client-reference manifest of one route says: script chunks per segment and per module. */
type RouteManifest = {
  entry: string;
  entryJSFiles: Record<string, string[]>;
  clientModules: Record<string, { chunks: string[] }>;
};

function readManifests(): RouteManifest[] {
  const files = readdirSync(SERVER_APP, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('page_client-reference-manifest.js'),
  );
  return files.flatMap((file) => {
    // The manifest is a script that assigns globalThis.__RSC_MANIFEST; run it in a sandbox of its own.
    const sandbox: { __RSC_MANIFEST?: Record<string, RouteManifest> } = {};
    runInNewContext(readFileSync(path.join(SERVER_APP, file), 'utf8'), sandbox);
    return Object.entries(sandbox.__RSC_MANIFEST ?? {}).map(([entry, manifest]) => ({
      entry,
      entryJSFiles: manifest.entryJSFiles,
      clientModules: manifest.clientModules,
    }));
  });
}

/**
 * The chunks a route's page needs beyond the framework's: those of its layouts and of its page (for
 * the not-found route, of not-found), leaving out error boundaries, which a static page never shows.
 */
function extraChunks(manifest: RouteManifest, framework: ReadonlySet<string>): string[] {
  const isNotFoundRoute = manifest.entry === '/_not-found/page';
  const rendered = Object.entries(manifest.entryJSFiles).filter(([segment]) => {
    const kind = segment.slice(segment.lastIndexOf('/') + 1);
    return kind === 'layout' || kind === 'page' || (isNotFoundRoute && kind === 'not-found');
  });
  if (!rendered.some(([segment]) => /\/(page|not-found)$/.test(segment))) {
    throw new Error(`strip-js: the manifest of ${manifest.entry} names no page segment`);
  }
  return [...new Set(rendered.flatMap(([, chunks]) => chunks))].filter((c) => !framework.has(c));
}

/** Cuts the executable elements out of a page, leaving every other byte as it was. */
export function strip(html: string): { html: string; removed: number } {
  const ranges = elementsOf(html)
    .filter(isExecutable)
    .map((element) => {
      const location = element.sourceCodeLocation;
      if (!location) throw new Error('strip-js: parse5 gave no source location');
      return [location.startOffset, location.endOffset] as const;
    })
    .sort(([a], [b]) => b - a);
  const stripped = ranges.reduce(
    (text, [start, end]) => text.slice(0, start) + text.slice(end),
    html,
  );
  return { html: stripped, removed: ranges.length };
}

function main(): void {
  const manifests = readManifests().filter((m) => m.entry !== '/_global-error/page');
  const routes: Record<string, string> = JSON.parse(
    readFileSync('.next/app-path-routes-manifest.json', 'utf8'),
  );
  // The framework's chunks: those every segment of every route needs.
  const allLists = manifests.flatMap((m) => Object.values(m.entryJSFiles));
  const framework = new Set(
    allLists[0]?.filter((chunk) => allLists.every((list) => list.includes(chunk))),
  );
  if (framework.size === 0) throw new Error('strip-js: found no framework chunk in the manifests');
  // Sound only if each of our own client components has a chunk beyond the framework's.
  for (const manifest of manifests) {
    for (const [module, { chunks }] of Object.entries(manifest.clientModules)) {
      const ours = module.startsWith('[project]/') && !module.includes('/node_modules/');
      if (ours && chunks.every((chunk) => framework.has(chunk.replace(/^\/_next\//, '')))) {
        throw new Error(`strip-js: ${module} is bundled into the framework's chunks only`);
      }
    }
  }

  const files = readdirSync(OUT).filter((file) => file.endsWith('.html'));
  const decided = new Set<string>();
  for (const manifest of manifests) {
    const route = routes[manifest.entry];
    const page = exportedPages.find((known) => known.route === route);
    if (!page) throw new Error(`strip-js: route ${route} is not in lib/routes.ts; add it there`);
    decided.add(page.file);
    const extra = extraChunks(manifest, framework);
    if (extra.length > 0) {
      console.log(`strip-js: kept   ${page.file} (client components in ${extra.join(', ')})`);
      continue;
    }
    const source = readFileSync(path.join(OUT, page.file), 'utf8');
    const { html, removed } = strip(source);
    writeFileSync(path.join(OUT, page.file), html);
    console.log(
      `strip-js: strip  ${page.file} (${removed} script elements, ${source.length} → ${html.length} bytes)`,
    );
  }
  const unknown = files.filter((file) => !decided.has(file));
  if (unknown.length > 0) {
    throw new Error(
      `strip-js: no route manifest for ${unknown.join(', ')}; cannot tell whether they need JavaScript`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
