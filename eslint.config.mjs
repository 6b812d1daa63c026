import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

/** What the site is made of, each folder importing only from those after it. */
const site = ['./app', './components', './lib', './content'];
/** What sits outside the site: it may import the site, and the site never imports it. */
const outside = ['./scripts', './tools', './deploy', './e2e'];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: site.map((target, index) => ({
            target,
            from: [...site.slice(0, index), ...outside],
            message: `${target.slice(2)}/ may import ${[...site.slice(index + 1).map((f) => `${f.slice(2)}/`), 'packages'].join(', ')}, nothing else of the project`,
          })),
        },
      ],
      'import/no-cycle': 'error',
    },
  },
  {
    // Content is data: it reads no disk and runs nothing of Node's.
    files: ['content/**'],
    rules: { 'import/no-nodejs-modules': 'error' },
  },
  // Besides eslint-config-next's own: .next/, out/, build/ and next-env.d.ts.
  globalIgnores(['playwright-report/**', 'test-results/**', '**/.wrangler/**', '.cache/**']),
]);
