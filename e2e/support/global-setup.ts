/**
 * Playwright's global set-up, run once in the main process before any test: it stops what an earlier
 * run cut off left running (its editing views, dev server and drivers, which would hold the ports
 * this run's tests need), refuses to test a build in out/ that is missing or older than the
 * sources, since every check would then fail (or pass) for a reason that is not a bug, and names
 * the exact browsers under test in the log.
 */
import type { FullConfig } from '@playwright/test';
import { buildProblem } from './build-freshness';
import { stopLeftoverGroups } from './process-groups';

export default function prepareTheRun(config: FullConfig): void {
  for (const left of stopLeftoverGroups()) console.log(`Stopped, left by an earlier run: ${left}`);
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
