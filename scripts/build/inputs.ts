/**
 * What a build is made of: the one list of the project's parts (folders and files from its root)
 * that `npm run build` reads, and `npm run dev` too. The build is not made again while none of them
 * changed (fingerprint.ts), the suite refuses an out/ older than any of them
 * (e2e/support/build-freshness.ts), and the scratch copies in which tests build or run the dev
 * server are copies of them (e2e/support/scratch-copy.ts), so a part added here is watched by both
 * and copied.
 */

/**
 * The parts `npm run build` reads: the site's code, content and public files; the build steps in
 * scripts/build and the code they share in scripts/shared; deploy/security-headers.ts, from which the
 * server-headers step writes each server's headers (out/_headers, deploy/build/csp-map.conf);
 * deploy/nginx.conf.template, whose types the content check reads to know which pictures a server
 * sends; next.config.ts, postcss.config.mjs and the tsconfigs Next.js compiles with; and
 * package.json, for the build script itself and the browserslist that Next.js and the island's
 * build target. The rest of deploy/ (the Cloudflare Worker, nginx's other files) serves a build and
 * is no part of one. node_modules and package-lock.json are not among them: a scratch copy finds the
 * project's own above it (a lockfile in the copy would make the copy the root that Turbopack
 * compiles within), and each dependency the build uses directly has its exact version in
 * package.json, which changes with it.
 */
export const BUILD_INPUTS = [
  'app',
  'components',
  'content',
  'lib',
  'public',
  'scripts/build',
  'scripts/shared',
  'deploy/security-headers.ts',
  'deploy/nginx.conf.template',
  'next.config.ts',
  'package.json',
  'postcss.config.mjs',
  'tsconfig.json',
  'tsconfig.site.json',
] as const;
