/**
 * Next.js's configuration. The site is a static export, so only the settings that a static export
 * and its development server need are here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';

/**
 * The commit being built, so that two builds of one commit carry the same build id rather than a
 * random one each (Next.js's default); undefined outside a git checkout, where Next.js picks one.
 */
function commitBuilt(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return undefined;
  }
}

/** The list of the photographs' sizes and formats that `npm run build` makes before `next build`. */
const PHOTOGRAPHS_MADE = '.cache/photographs/photographs.json';

/**
 * The photographs' sizes and formats that the build made (scripts/build/photographs.ts), for
 * lib/photographs.ts. Only a build has them: `npm run dev` serves public/, where the photographs are
 * as they are. `next typegen` (in `npm run typecheck`) loads this configuration as a build does, on
 * a fresh clone too, where no build has made a list yet: without one, the site draws each picture
 * from its own file.
 */
const photographsMade = (phase: string): Record<string, string> =>
  phase === PHASE_PRODUCTION_BUILD && existsSync(PHOTOGRAPHS_MADE)
    ? { PHOTOGRAPHS: readFileSync(PHOTOGRAPHS_MADE, 'utf8') }
    : {};

const nextConfig = (phase: string): NextConfig => ({
  // Every route is pre-rendered to plain HTML in out/, and served as static files by nginx or a
  // CDN.
  output: 'export',
  // Next.js names a folder of the export after the build id (the prune step removes it, empty), and
  // keeps it in .next/BUILD_ID: from the commit, so that a build says which commit it is and two
  // builds of one commit are the same (scripts/release.ts promises it of the archive).
  generateBuildId: () => commitBuilt() ?? null,
  // The build checks the site's code only. The tests and tools are checked by `npm run typecheck`,
  // since some of them have packages of their own that the build does not install.
  typescript: { tsconfigPath: 'tsconfig.site.json' },
  // Next.js blocks hot reload from origins that are not listed here, and `npm run dev` is also
  // reached at 127.0.0.1, not only at localhost.
  allowedDevOrigins: ['127.0.0.1'],
  // The CSS is a few kilobytes, so it is inlined: the first response then carries everything needed
  // to render the page, with no second request that would hold the first paint back.
  experimental: { inlineCss: true },
  // While `npm run dev` runs, the content check speaks first on every save of a content file
  // (docs/editing.md); `next build` runs it as its own first step instead.
  turbopack: {
    rules: {
      '*.ts': {
        // The path is from the workspace root, which is a folder above the project's when the
        // project sits inside another (as the dev-server tests' scratch copy does). The schema
        // is a folder of its own, content/schema/, so only the content files match.
        condition: {
          all: ['development', { not: 'foreign' }, { path: /(^|\/)content\/[\w-]+\.ts$/ }],
        },
        loaders: ['./scripts/build/content-loader.ts'],
      },
    },
  },
  env: photographsMade(phase),
});

export default nextConfig;
