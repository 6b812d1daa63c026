import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';

/**
 * The parts of the project (folders and files from its root) that `npm run dev` and `npm run build`
 * need: the site, its build steps and the security headers in deploy/. node_modules is not among
 * them: Node and Next.js find the project's own in the folder above the copy.
 */
export const SITE_PARTS = [
  'app',
  'components',
  'content',
  'lib',
  'public',
  'scripts',
  'deploy',
  'next.config.ts',
  'package.json',
  'postcss.config.mjs',
  'tsconfig.json',
  'tsconfig.site.json',
];

/**
 * Copies parts of the project into a new folder in .cache/ (which git ignores), named after its
 * purpose, and returns the folder. The copy is inside the project so that Node, Next.js and
 * Turbopack find the project's lockfile and node_modules above it: Turbopack compiles nothing
 * outside its root, so a copy elsewhere with node_modules symlinked fails. Folders named
 * node_modules inside the parts (deploy/cloudflare's wrangler, 228 MB) are left out.
 */
export function scratchCopy(purpose: string, parts: readonly string[] = SITE_PARTS): string {
  mkdirSync('.cache', { recursive: true });
  const folder = mkdtempSync(path.resolve(`.cache/${purpose}-`));
  for (const part of parts) {
    cpSync(part, path.join(folder, part), {
      recursive: true,
      filter: (source) => path.basename(source) !== 'node_modules',
    });
  }
  return folder;
}
