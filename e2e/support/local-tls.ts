/**
 * The HTTPS server the suite tests over real TLS (`npm run serve:tls`): its ports, which the runner
 * picks with the other test servers' (ports.ts), and its throwaway certificates, which the runner's
 * main process makes once, before it starts the HTTPS server and its workers. The folder's path
 * reaches the workers through the environment, and so does the trust in its authority
 * (NODE_EXTRA_CA_CERTS, which Node reads when a worker starts): the tests' clients verify the
 * certificate rather than skip checks.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localCertificateFiles, makeLocalCertificates } from '../../scripts/serve/tls';
import { serverPorts } from './ports';

/** The HTTPS server's port, and that of the plain-HTTP server that redirects to it. */
export const localTlsPorts = { https: serverPorts().https, http: serverPorts().httpRedirect };

/** The variable that carries the folder to the workers. */
const FOLDER_VARIABLE = 'E2E_TLS_DIR';

/**
 * The folder of the HTTPS server's certificates (certificates/) and of the ACME challenges it
 * serves (acme-challenge/): made on the first call in the main process, found in the workers.
 */
export function localTlsFolder(): string {
  const existing = process.env[FOLDER_VARIABLE];
  if (existing) return existing;
  const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-e2e-tls-'));
  mkdirSync(path.join(folder, 'certificates'));
  makeLocalCertificates(path.join(folder, 'certificates'));
  mkdirSync(path.join(folder, 'acme-challenge'));
  process.env[FOLDER_VARIABLE] = folder;
  process.env.NODE_EXTRA_CA_CERTS = localCertificateFiles(
    path.join(folder, 'certificates'),
  ).authority;
  return folder;
}

/** The files of the HTTPS server: its certificates, and the folder of its ACME challenges. */
export function localTls() {
  const folder = localTlsFolder();
  return {
    folder,
    ...localCertificateFiles(path.join(folder, 'certificates')),
    acmeChallengeDir: path.join(folder, 'acme-challenge'),
  };
}
