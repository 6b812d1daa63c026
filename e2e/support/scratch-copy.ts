/**
 * Scratch copies of the project, in which tests edit content and run `npm run build` or `npm run dev`
 * without touching the working tree.
 */
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { BUILD_INPUTS } from './build-inputs';

/**
 * Copies parts of the project (by default, all that a build reads) into a new folder in .cache/
 * (which git ignores), named after its purpose, and returns the folder. The copy is inside the
 * project so that Node, Next.js and Turbopack find the project's lockfile and node_modules above it:
 * Turbopack compiles nothing outside its root, so a copy elsewhere with node_modules symlinked fails.
 */
export function scratchCopy(purpose: string, parts: readonly string[] = BUILD_INPUTS): string {
  mkdirSync('.cache', { recursive: true });
  const folder = mkdtempSync(path.resolve(`.cache/${purpose}-`));
  for (const part of parts) cpSync(part, path.join(folder, part), { recursive: true });
  return folder;
}
