/**
 * Whether the build in out/ can be tested as it is: the suite tests the export, so a missing or stale
 * one would fail (or pass) like a real bug. Stale means older than any part the build reads, as
 * e2e/support/build-inputs.ts lists them.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BUILD_INPUTS } from './build-inputs';

/**
 * Written by the last step of `npm run build` (scripts/build/compress.ts), so its age is the build's,
 * and a build that stopped half-way has none newer than the sources.
 */
const BUILD_STAMP = 'out/.assetsignore';

/** Newest modification time under a file or folder, in milliseconds. */
function newest(file: string): number {
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(file).map((name) => newest(path.join(file, name))));
}

/**
 * Why the build in the project's out/ cannot be tested as it is, or undefined when it can. `root` is
 * the project's folder: the working tree's, or a scratch folder's in the guard's own test.
 */
export function buildProblem(root = '.'): string | undefined {
  const stamp = path.join(root, BUILD_STAMP);
  if (!existsSync(stamp)) return 'out/ has no build: run npm run build (npm test builds too)';
  const built = statSync(stamp).mtimeMs;
  const changed = BUILD_INPUTS.filter((part) => {
    const file = path.join(root, part);
    return existsSync(file) && newest(file) > built;
  });
  if (changed.length > 0) {
    return `out/ is older than the sources (${changed.join(', ')}): run npm run build`;
  }
  return undefined;
}
