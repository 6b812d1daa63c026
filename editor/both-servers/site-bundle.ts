/**
 * The page beside the form: the site's own pages (app/), bundled for the browser, which the view
 * draws with React from the values of its form, so that a keystroke shows on the page without a
 * request to the server. esbuild bundles the pages once, as the server starts, with a plugin that
 * replaces every content module by the value the view hands in, and wraps the bundle in a function
 * that the view calls for each drawing: the pages' modules run anew with the content of the moment,
 * their metadata included, while React and the other packages they import are the view's own,
 * loaded once. Nothing of it reaches out/: components/ never import the editor, and the build never
 * loads this module.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type postcss from 'postcss';
import type { SitePage } from '../shared/protocol';

/** A page of the site as app/ has it: its route, and the content files it draws from. */

/** The content modules the pages import, by their import path, and the name each exports. */
const CONTENT_IMPORT = /^@\/content\/(?!schema)([\w-]+)$/;

/** A content module's export name, from its file's name: south-africa exports southAfrica. */
const exportName = (file: string) => file.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The pages and route handlers under app/: page.tsx files by folder, not-found, error, route.ts. */
function pageFiles(folder = 'app'): { route: string; file: string; handler: boolean }[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    const route = `/${path.relative('app', folder).split(path.sep).join('/')}`.replace(/\/$/, '');
    if (entry.isDirectory()) return pageFiles(file);
    if (entry.name === 'page.tsx') return [{ route: route || '/', file, handler: false }];
    if (folder === 'app' && ['not-found.tsx', 'error.tsx'].includes(entry.name))
      return [{ route: `/_${entry.name.replace('.tsx', '')}`, file, handler: false }];
    if (entry.name === 'route.ts') return [{ route: route || '/', file, handler: true }];
    return [];
  });
}

/**
 * The site's pages for the view to draw in the browser:
 * - `script`: the pages' bundle, which defines `editorSite(content, require)`, returning the pages'
 *   modules (in the order of `pages`) and the root layout, drawn with that content;
 * - `packages`: the packages the pages import, which the view's own bundle provides as `require`;
 * - `pages`: each page's route and content files; `css`: the site's styles, as the build writes them.
 */
export async function pagesBeside(projectRoot: string) {
  const files = pageFiles();
  const contentPlugin: Plugin = {
    name: 'editor-content',
    setup(bundle) {
      // esbuild's filters are Go's regular expressions, without lookahead: the schema is let by here.
      bundle.onResolve({ filter: /^@\/content\// }, (args) =>
        CONTENT_IMPORT.test(args.path)
          ? { path: args.path, namespace: 'editor-content' }
          : undefined,
      );
      bundle.onLoad({ filter: /.*/, namespace: 'editor-content' }, (args) => {
        const name = exportName(CONTENT_IMPORT.exec(args.path)![1]!);
        // `editorContent` is the argument of the function the bundle is wrapped in, below.
        return {
          contents: `export const ${name} = editorContent[${JSON.stringify(name)}];`,
          loader: 'js',
        };
      });
    },
  };
  const entry = [
    "import RootLayout from '@/app/layout';",
    ...files.map(({ file }, i) => `import * as page${i} from './${file.replace(/\.tsx?$/, '')}';`),
    `export const pages = [${files.map((_, i) => `page${i}`).join(', ')}];`,
    'export { RootLayout };',
  ].join('\n');
  const result = await build({
    stdin: {
      contents: entry,
      resolveDir: projectRoot,
      loader: 'ts',
      sourcefile: 'site-bundle.ts',
    },
    bundle: true,
    write: false,
    outdir: path.join(projectRoot, '.cache/editor-site-bundle'),
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    packages: 'external',
    jsx: 'automatic',
    // What the pages read of the environment, as `npm run edit` was started: no production island
    // (components/status/island-elements.tsx), and the site's address as the build would take it.
    define: {
      'process.env.NODE_ENV': JSON.stringify('development'),
      'process.env.SITE_URL': JSON.stringify(process.env.SITE_URL ?? ''),
    },
    loader: { '.module.css': 'local-css', '.css': 'css', '.png': 'empty', '.svg': 'empty' },
    metafile: true,
    plugins: [contentPlugin],
    logLevel: 'silent',
    tsconfig: path.join(projectRoot, 'tsconfig.json'),
  });
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
  const rawCss = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text ?? '';
  const outputMeta = Object.values(result.metafile.outputs).find((meta) => meta.entryPoint)!;
  const packages = [
    ...new Set(outputMeta.imports.filter((i) => i.external).map((i) => i.path)),
  ].sort();
  // The site's PostCSS writes out its custom media queries, as the build does.
  const postcssConfig = (await import(path.join(projectRoot, 'postcss.config.mjs'))) as {
    default: { plugins: Record<string, object> };
  };
  // PostCSS itself is Next.js's and the plugins' own, loaded from the project as they load it.
  const requireFromProject = createRequire(path.join(projectRoot, 'package.json'));
  const postcssOfProject = requireFromProject('postcss') as typeof postcss;
  const plugins = Object.entries(postcssConfig.default.plugins).map(([name, options]) =>
    (requireFromProject(name) as (options: object) => postcss.AcceptedPlugin)(options),
  );
  const css = (
    await postcssOfProject(plugins).process(rawCss, { from: path.join(projectRoot, 'app/x.css') })
  ).css;

  // Which content files each page imports, from esbuild's map of the bundle's inputs.
  const inputs = result.metafile.inputs;
  const reaches = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of inputs[file]?.imports ?? []) reaches(imported.path, seen);
    return seen;
  };
  const pages: SitePage[] = files.map(({ route, file, handler }) => ({
    route,
    handler,
    contentFiles: [...reaches(file)]
      .filter((input) => input.startsWith('editor-content:'))
      .map((input) => exportName(CONTENT_IMPORT.exec(input.slice('editor-content:'.length))![1]!)),
  }));
  // A function the view calls for each drawing: its modules run again with the content given.
  const script = `globalThis.editorSite = function (editorContent, require) {
var module = { exports: {} }, exports = module.exports;
${output.text}
return module.exports;
};
`;
  return { pages, packages, css, script };
}
