/**
 * ESLint for the whole project: Next.js's rules (Core Web Vitals and TypeScript), with formatting
 * left to Prettier, and the project's own: imports run one way through the site's folders and
 * through the editor's, with no cycle, and content/ reads nothing of Node's. `npm run lint` runs it with no warning allowed.
 */
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

/**
 * The folders that the site is made of, in the one direction imports may run: each folder imports
 * only from those after it (app -> components -> lib -> content), so that no layer depends on the
 * one that uses it.
 */
const siteFolders = ['./app', './components', './lib', './content'];
/** The folders outside the site: they may import the site, and the site never imports them. */
const outsideFolders = ['./scripts', './tools', './deploy', './e2e', './editor', './records'];
/**
 * The editor's folders, each with those it may import: the browser's code and both servers meet
 * only in shared/, and each server imports what both share, never the other server.
 */
const editorFolders = {
  browser: ['shared'],
  shared: [],
  'both-servers': ['shared'],
  local: ['both-servers', 'shared'],
  service: ['both-servers', 'shared'],
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          // One zone for each site folder: it may not import the folders before it, nor any folder
          // outside the site. The message names what it may import instead.
          zones: [
            ...siteFolders.map((target, index) => ({
              target,
              from: [...siteFolders.slice(0, index), ...outsideFolders],
              message: `${target.slice(2)}/ may import ${[...siteFolders.slice(index + 1).map((folder) => `${folder.slice(2)}/`), 'packages'].join(', ')}, nothing else of the project`,
            })),
            // One zone for each of the editor's folders: it may not import the editor's others.
            ...Object.entries(editorFolders).map(([folder, allowed]) => ({
              target: `./editor/${folder}`,
              from: Object.keys(editorFolders)
                .filter((other) => other !== folder && !allowed.includes(other))
                .map((other) => `./editor/${other}`),
              message: `editor/${folder}/ may import ${allowed.map((other) => `editor/${other}/, `).join('')}the site and scripts/, nothing else of the editor`,
            })),
          ],
        },
      ],
      // A cycle can only run through the project's own files, so the rule does not follow imports
      // into node_modules. Nor does it first map every file reachable from each one it lints
      // (disableScc): that map takes in the type declarations of typescript and Playwright, which
      // no cycle of ours passes through, and would be most of ESLint's time (docs/performance.md).
      // Without the map, a cycle through several files is still reported.
      'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }],
    },
  },
  {
    // Content is data that editors write: it reads no disk and runs nothing of Node's, so it stays
    // safe to load anywhere, in the browser too.
    files: ['content/**'],
    rules: { 'import/no-nodejs-modules': 'error' },
  },
  {
    // The editing view is React without Next.js: its pictures are the site's files as they are,
    // which next/image, a part of Next.js's server, could not serve there, and its own pages are
    // reached by plain links and navigation, as next/link and Next's router have no part in it.
    files: ['editor/browser/**'],
    rules: {
      '@next/next/no-img-element': 'off',
      '@next/next/no-html-link-for-pages': 'off',
      '@next/next/no-location-assign-relative-destination': 'off',
    },
  },
  // These come on top of eslint-config-next's own ignores: .next/, out/, build/ and next-env.d.ts.
  globalIgnores(['playwright-report/**', 'test-results/**', '**/.wrangler/**', '.cache/**']),
]);
