/**
 * Build step, after strip-js: compiles the not-found page's island. esbuild compiles MissingPathLog
 * and BackButton, the same files `npm run dev` runs under React, with Preact's hooks standing in for
 * React (scripts/build/island-source/), into one small module that takes over the button the export
 * rendered; the page links it, with Subresource Integrity, and loads no other script.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { notFound } from '../../content/not-found';
import { islandElementIds, notFoundIslandProps } from '../../lib/not-found-island';
import { notFoundPage } from '../../lib/routes';
import { attr, elementsOf, isExecutable, type Element } from '../shared/html';

/** Where the island's file goes: under /_next/static/, which the servers cache for a year. */
const ISLAND_FOLDER = '_next/static/island';

/**
 * The browsers of package.json's browserslist, by esbuild's names for them: "chrome >= 111" becomes
 * chrome111.
 */
function browsers(): string[] {
  const esbuildNames: Record<string, string> = {
    chrome: 'chrome',
    and_chr: 'chrome',
    edge: 'edge',
    firefox: 'firefox',
    safari: 'safari',
    ios_saf: 'ios',
  };
  const { browserslist } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    browserslist: string[];
  };
  return browserslist.map((query) => {
    const [, name = '', version = ''] = /^(\w+) >= ([\d.]+)$/.exec(query) ?? [];
    if (!esbuildNames[name])
      throw new Error(`compile-island: cannot read the browserslist query "${query}"`);
    return `${esbuildNames[name]}${version}`;
  });
}

/** Every element inside an element, in source order. */
function descendants(element: Element): Element[] {
  return element.childNodes
    .filter((node): node is Element => 'tagName' in node)
    .flatMap((child) => [child, ...descendants(child)]);
}

/**
 * CSS modules under the class names the export gave them: the island draws with the page's own CSS
 * and brings none. The export writes a module's class `root` as `<hash>_root`, and several modules
 * have a `root`, so each class a module defines is looked up among the classes of the markup that
 * the island takes over, and must be there exactly once.
 */
function exportedClassNames(markupClasses: string[]): Plugin {
  return {
    name: 'exported-class-names',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.module\.css$/ }, ({ path: file }) => {
        const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
        const classes = new Set(
          [...css.matchAll(/\.([A-Za-z_][\w-]*)/g)].map((match) => match[1]!),
        );
        const names = [...classes].map((name) => {
          const exported = [...new Set(markupClasses.filter((c) => c.endsWith(`_${name}`)))];
          if (exported.length !== 1) {
            throw new Error(
              `${path.relative('.', file)}: .${name} is ${exported.length} classes in the markup the island takes over, not 1`,
            );
          }
          return [name, exported[0]];
        });
        return { contents: `export default ${JSON.stringify(Object.fromEntries(names))};` };
      });
    },
  };
}

const pageFile = path.join('out', notFoundPage.file);
const html = readFileSync(pageFile, 'utf8');
const elements = elementsOf(html);
if (elements.some(isExecutable)) {
  throw new Error(
    `compile-island: ${notFoundPage.file} still has scripts; strip-js runs before this step`,
  );
}
const root = elements.find((element) => attr(element, 'id') === islandElementIds.rootId);
const errorPage = elements.find((element) => attr(element, 'id') === islandElementIds.errorPageId);
if (!root || errorPage?.tagName !== 'template') {
  throw new Error(
    `compile-island: ${notFoundPage.file} lacks #${islandElementIds.rootId} or template#${islandElementIds.errorPageId}`,
  );
}
const markupClasses = descendants(root).flatMap((element) =>
  (attr(element, 'class') ?? '').split(/\s+/),
);

const { outputFiles } = await build({
  entryPoints: ['scripts/build/island-source/not-found.ts'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: browsers(),
  write: false,
  alias: { react: './scripts/build/island-source/react.ts' },
  // Classic JSX, to Preact's h(); the project's tsconfig.json sets React's automatic runtime.
  tsconfigRaw: { compilerOptions: { jsx: 'react', jsxFactory: 'h' } },
  inject: ['./scripts/build/island-source/jsx.ts'],
  // The props app/not-found.tsx gives the two components, from the same function and content.
  define: { ISLAND_PROPS: JSON.stringify(notFoundIslandProps(notFound)) },
  legalComments: 'none',
  plugins: [exportedClassNames(markupClasses)],
});
const code = outputFiles[0]!.contents;
const compressed = gzipSync(code, { level: 9 }).length;
const name = `not-found.${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`;
mkdirSync(path.join('out', ISLAND_FOLDER), { recursive: true });
writeFileSync(path.join('out', ISLAND_FOLDER, name), code);

const integrity = `sha384-${createHash('sha384').update(code).digest('base64')}`;
const script = `<script type="module" src="/${ISLAND_FOLDER}/${name}" integrity="${integrity}"></script>`;
const head = elements.find((element) => element.tagName === 'head')!;
const headEndOffset = head.sourceCodeLocation!.endTag!.startOffset;
writeFileSync(pageFile, html.slice(0, headEndOffset) + script + html.slice(headEndOffset));
console.log(
  `compile-island: ${notFoundPage.file} loads /${ISLAND_FOLDER}/${name} (${code.length} bytes, ${compressed} gzip -9)`,
);
