/**
 * Playwright's global tear-down, run once in the main process after every test: it removes the
 * throwaway certificates that the HTTPS preview served (e2e/support/local-tls.ts).
 */
import { rmSync } from 'node:fs';
import { localTlsFolder } from './local-tls';

export default function removeTheCertificates(): void {
  rmSync(localTlsFolder(), { recursive: true, force: true });
}
