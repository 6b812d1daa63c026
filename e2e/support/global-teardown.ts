/**
 * Playwright's global tear-down, run once in the main process after every test: it removes the
 * throwaway certificates that the HTTPS server served (e2e/support/local-tls.ts), and stops what a
 * worker killed outright left running (process-groups.ts), so that a run ends with its servers.
 */
import { rmSync } from 'node:fs';
import { localTlsFolder } from './local-tls';
import { stopLeftoverGroups } from './process-groups';

export default function tidyUpAfterTheRun(): void {
  rmSync(localTlsFolder(), { recursive: true, force: true });
  for (const left of stopLeftoverGroups()) console.log(`Stopped, left by a worker: ${left}`);
}
