/**
 * Post-build step of `npm run build`: removes all executable JavaScript from every exported page
 * that lib/routes.ts says runs none, so those pages weigh what hand-written HTML weighs.
 *
 * Next.js ships its runtime and the page's RSC payload with every App Router page, and has no switch
 * to turn that off (vercel/next.js#45009, #34063). A page that renders no client component needs
 * none of it: its HTML is already complete.
 *
 * Removed: <script> elements (runtime, RSC payload, polyfills) and script preloads. Kept: JSON-LD
 * <script type="application/ld+json"> data blocks.
 *
 * Usage: tsx scripts/build/strip-js.ts   (after `next build`; rewrites out/*.html in place)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportedPages } from '../../lib/routes';
import { elementsOf, isExecutable } from '../shared/html';

const OUT = 'out';

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
  const known = exportedPages.map((page) => page.file);
  const unknown = readdirSync(OUT).filter((f) => f.endsWith('.html') && !known.includes(f));
  if (unknown.length > 0) {
    throw new Error(`strip-js: ${unknown.join(', ')} is no page of lib/routes.ts; add it there`);
  }
  for (const page of exportedPages) {
    if (page.javaScript) {
      console.log(`strip-js: kept   ${page.file} (it runs client components: lib/routes.ts)`);
      continue;
    }
    const source = readFileSync(path.join(OUT, page.file), 'utf8');
    const { html, removed } = strip(source);
    writeFileSync(path.join(OUT, page.file), html);
    console.log(
      `strip-js: strip  ${page.file} (${removed} script elements, ${source.length} → ${html.length} bytes)`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
