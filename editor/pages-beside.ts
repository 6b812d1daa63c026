/**
 * The page beside the form: the site's own pages (app/), rendered on the server with React, with
 * the content the form shows in place of the content files. esbuild bundles each page once, with
 * a plugin that replaces every content module by the content of the moment, so that a change is
 * drawn in milliseconds without writing anything. Each text of the content that visitors read (the
 * server chooses them by their kind) is wrapped in invisible markers as it goes into the page, and the markers come out of the HTML as spans naming their
 * field (`data-editor-field`), which the script of the page beside the form turns into click-to-select. The
 * markers exist only here: components/ never import the editor, the build never loads this
 * module, and nothing of it reaches out/.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type postcss from 'postcss';
import type { FieldPath } from './content-files';
import { fieldName } from '../scripts/build/field-name';

/** A page of the site as app/ has it: its route, and the module that draws it. */
type PageModule = {
  route: string;
  /** The content files the page imports, by export name, as esbuild found them. */
  contentFiles: string[];
  /** Whether it is a route handler (security.txt), whose answer is text rather than a page. */
  handler: boolean;
};

/** What the page beside the form shows for one page: its HTML, or a route handler's text. */
type Drawn =
  | { html: string; title: string; description: string; image?: { url: string; alt: string } }
  | { text: string };

/** Marks around a text value: start, the field's number in base 16 in private-use letters, end. */
const START = '\ue000';
const NUMBER_END = '\ue001';
const END = '\ue002';
const DIGITS = 0xe010;
const encode = (n: number) =>
  [...n.toString(16)].map((d) => String.fromCharCode(DIGITS + parseInt(d, 16))).join('');
const decode = (s: string) =>
  parseInt([...s].map((c) => (c.charCodeAt(0) - DIGITS).toString(16)).join(''), 16);
const MARKERS = /[\ue000-\ue002\ue010-\ue01f]/g;
/** The same markers as a link's address writes them, percent-encoded (a mailto: subject, say). */
const ENCODED_MARKERS = /%EE%80%(?:8[0-2]|9[0-9A-F])/gi;

/** The content modules the pages import, by their import path, and the name each exports. */
const CONTENT_IMPORT = /^@\/content\/(?!schema)([\w-]+)$/;

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

/** The bundled pages, evaluated anew for each drawing with the content of the moment. */
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
        const file = CONTENT_IMPORT.exec(args.path)![1]!;
        const name = file.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
        return {
          contents: `export const ${name} = globalThis.editorContent[${JSON.stringify(name)}];`,
          loader: 'js',
        };
      });
    },
  };
  const entry = [
    "import { createElement } from 'react';",
    "import RootLayout from '@/app/layout';",
    ...files.map(({ file }, i) => `import * as page${i} from './${file.replace(/\.tsx?$/, '')}';`),
    `export const pages = [${files.map((_, i) => `page${i}`).join(', ')}];`,
    'export { RootLayout, createElement };',
  ].join('\n');
  const result = await build({
    stdin: {
      contents: entry,
      resolveDir: projectRoot,
      loader: 'ts',
      sourcefile: 'pages-beside.ts',
    },
    bundle: true,
    write: false,
    outdir: path.join(projectRoot, '.cache/editor-pages-beside'),
    format: 'cjs',
    platform: 'node',
    packages: 'external',
    jsx: 'automatic',
    loader: { '.module.css': 'local-css', '.css': 'css', '.png': 'empty', '.svg': 'empty' },
    metafile: true,
    plugins: [contentPlugin],
    logLevel: 'silent',
    tsconfig: path.join(projectRoot, 'tsconfig.json'),
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const rawCss = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text ?? '';
  // The site's PostCSS writes out its custom media queries, as the build does.
  const postcssConfig = (await import(path.join(projectRoot, 'postcss.config.mjs'))) as {
    default: { plugins: Record<string, object> };
  };
  // PostCSS itself is Next.js's and the plugins' own, loaded from the project as they load it.
  const requireFromProject = createRequire(path.join(projectRoot, 'package.json'));
  const process = requireFromProject('postcss') as typeof postcss;
  const plugins = Object.entries(postcssConfig.default.plugins).map(([name, options]) =>
    (requireFromProject(name) as (options: object) => postcss.AcceptedPlugin)(options),
  );
  const css = (
    await process(plugins).process(rawCss, { from: path.join(projectRoot, 'app/x.css') })
  ).css;

  // Which content files each page imports, from esbuild's map of the bundle's inputs.
  const inputs = result.metafile.inputs;
  const reaches = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of inputs[file]?.imports ?? []) reaches(imported.path, seen);
    return seen;
  };
  const pages: PageModule[] = files.map(({ route, file, handler }) => ({
    route,
    handler,
    contentFiles: [...reaches(file)]
      .filter((input) => input.startsWith('editor-content:'))
      .map((input) =>
        CONTENT_IMPORT.exec(input.slice('editor-content:'.length))![1]!.replace(
          /-(\w)/g,
          (_, c: string) => c.toUpperCase(),
        ),
      ),
  }));
  const requirePackage = createRequire(path.join(projectRoot, 'app', 'layout.tsx'));
  type Bundle = {
    pages: { default?: unknown; GET?: () => Response; metadata?: Record<string, unknown> }[];
    RootLayout: unknown;
    createElement: (...args: unknown[]) => unknown;
  };
  const { renderToStaticMarkup } = requirePackage('react-dom/server') as {
    renderToStaticMarkup: (element: unknown) => string;
  };

  /** The pages' modules, evaluated with this content in place of the content files. */
  const evaluate = (content: Record<string, unknown>): Bundle => {
    (globalThis as { editorContent?: unknown }).editorContent = content;
    const commonJs = { exports: {} as Bundle };
    new Function('require', 'module', 'exports', code)(requirePackage, commonJs, commonJs.exports);
    return commonJs.exports;
  };

  return {
    pages,
    css,
    /**
     * Draws one page with the given content, each text of the fields in `marked` wrapped in a span
     * naming its field.
     */
    async draw(route: string, content: Record<string, unknown>, marked: FieldPath[]) {
      const index = files.findIndex((page) => page.route === route);
      if (index === -1) return undefined;
      const withMarks = markTexts(content, marked);
      const bundle = evaluate(withMarks);
      const page = bundle.pages[index]!;
      if (files[index]!.handler) {
        const text = await page.GET!().text();
        return { text: text.replace(MARKERS, '') } satisfies Drawn;
      }
      const element = bundle.createElement(
        bundle.RootLayout,
        null,
        bundle.createElement(page.default, {}),
      );
      const html = spansForMarks(renderToStaticMarkup(element), marked);
      const metadata = (page.metadata ?? {}) as {
        title?: unknown;
        description?: unknown;
        openGraph?: { images?: { url?: unknown; alt?: unknown }[] };
      };
      const [shared] = metadata.openGraph?.images ?? [];
      // Next.js takes a title as text, or as { absolute } or { default } for a template's sake.
      const title =
        metadata.title && typeof metadata.title === 'object'
          ? Object.values(metadata.title).find((value) => typeof value === 'string')
          : metadata.title;
      return {
        html,
        title: String(title ?? '').replace(MARKERS, ''),
        description: String(metadata.description ?? '').replace(MARKERS, ''),
        ...(shared && {
          image: {
            url: String(shared.url).replace(MARKERS, ''),
            alt: String(shared.alt ?? '').replace(MARKERS, ''),
          },
        }),
      } satisfies Drawn;
    },
  };
}

/** A copy of the content with the texts at the given paths wrapped in markers naming them. */
function markTexts(content: Record<string, unknown>, marked: FieldPath[]) {
  let copy: unknown = structuredClone(content);
  marked.forEach((path, index) => {
    const set = (value: unknown, keys: FieldPath): unknown => {
      if (keys.length === 0)
        return typeof value === 'string'
          ? `${START}${encode(index)}${NUMBER_END}${value}${END}`
          : value;
      const [key, ...rest] = keys as [string | number, ...FieldPath];
      const inside = value as Record<string | number, unknown>;
      if (!inside || !(key in inside)) return value;
      inside[key] = set(inside[key], rest);
      return value;
    };
    copy = set(copy, path);
  });
  return copy as Record<string, unknown>;
}

/**
 * The HTML with each marked text's markers made a span naming its field. Inside a tag (an
 * attribute), a script, a style or the title, where a span cannot go, the markers are removed.
 */
function spansForMarks(html: string, marked: FieldPath[]) {
  const parts = html.split(
    /(<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>|<title\b[\s\S]*?<\/title>|<[^>]*>)/,
  );
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part.replace(MARKERS, '').replace(ENCODED_MARKERS, '');
      return part
        .replace(
          new RegExp(`${START}([\\ue010-\\ue01f]+)${NUMBER_END}`, 'g'),
          (_, digits: string) =>
            `<span data-editor-field="${fieldName(marked[decode(digits)] ?? []).replace(/"/g, '&quot;')}">`,
        )
        .replaceAll(END, '</span>');
    })
    .join('');
}
