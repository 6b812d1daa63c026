import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the build in out/ is made from. */
const SOURCES = [
  'app',
  'components',
  'content',
  'lib',
  'public',
  'scripts/build',
  'scripts/shared',
  'deploy/security-headers.ts',
];
const CONFIG_FILES = ['next.config.ts'];
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
 * Why the build in out/ cannot be tested as it is, or undefined when it can: the suite tests the
 * export, so a missing or stale one would fail like a real bug.
 */
export function buildProblem(): string | undefined {
  if (!existsSync(BUILD_STAMP)) return 'out/ has no build: run npm run build (npm test builds too)';
  const built = statSync(BUILD_STAMP).mtimeMs;
  const changed = [...SOURCES, ...CONFIG_FILES].filter(
    (file) => existsSync(file) && newest(file) > built,
  );
  if (changed.length > 0) {
    return `out/ is older than the sources (${changed.join(', ')}): run npm run build`;
  }
  return undefined;
}
