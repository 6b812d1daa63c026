/**
 * Playwright's global set-up, run once in the main process before any test: it refuses to test a
 * build in out/ that is missing or older than the sources, since every check would then fail (or
 * pass) for a reason that is not a bug, and it names the exact browsers under test in the log.
 */
import type { FullConfig } from '@playwright/test';
import { buildProblem } from './build-freshness';

export default function checkTheBuild(config: FullConfig): void {
  const problem = buildProblem();
  if (problem) {
    // Without a stack: the message says everything there is to do.
    const error = new Error(problem);
    error.stack = problem;
    throw error;
  }
  const browsers = config.metadata.browsers;
  if (typeof browsers === 'string' && browsers) console.log(`Browsers: ${browsers}`);
}
