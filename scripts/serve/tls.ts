/**
 * Throwaway certificates for serving the site over real TLS on this machine (`npm run serve:tls`,
 * the tests, `npm run observatory`, `npm run bench`): a certificate authority made at run time, a
 * certificate it signs for 127.0.0.1 and localhost. openssl makes them in a few milliseconds; they
 * are never committed. Clients trust the authority rather than skipping checks.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The name the local HTTPS server answers for: a name, since a production server answers for the
 * site's name alone and refuses a handshake that names none (as a browser's for an IP address
 * does), and this one, since every machine resolves it with no DNS and the throwaway certificate
 * names it.
 */
export const LOCAL_SERVER_NAME = 'localhost';

/** The files of a throwaway certificate authority and the certificate it signed for this machine. */
export type LocalCertificates = {
  /** The authority's certificate (PEM), which clients trust. */
  authority: string;
  /** The certificate of 127.0.0.1 and localhost (PEM), which nginx serves. */
  certificate: string;
  /** Its private key (PEM, unencrypted). */
  key: string;
};

/**
 * How long the throwaway certificates are valid: a month, so that the smoke tests QA run against
 * `npm run serve:tls` (docs/testing.md) find, as they ask of any site, a certificate valid for 14
 * days more; and no longer, since they are thrown away with the server.
 */
const CERTIFICATE_DAYS = '30';

/** The names of the files in a folder of local certificates. */
export function localCertificateFiles(folder: string): LocalCertificates {
  const file = (name: string) => path.join(folder, name);
  return {
    authority: file('authority.pem'),
    certificate: file('certificate.pem'),
    key: file('key.pem'),
  };
}

/**
 * Makes a throwaway authority and a certificate for 127.0.0.1 and localhost signed by it, in a
 * folder the caller owns and removes.
 * @throws Error when openssl is not installed.
 */
export function makeLocalCertificates(folder: string): LocalCertificates {
  if (spawnSync('openssl', ['version']).error) {
    throw new Error('openssl is needed for the throwaway certificates: apt-get install openssl');
  }
  const files = localCertificateFiles(folder);
  const file = (name: string) => path.join(folder, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  // P-256 keys: made at once, and the handshakes they sign are cheap.
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  const authorityKey = file('authority-key.pem');
  openssl(
    'req',
    '-x509',
    ...newKey,
    '-days',
    CERTIFICATE_DAYS,
    '-subj',
    '/CN=Throwaway local authority',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign,digitalSignature',
    '-keyout',
    authorityKey,
    '-out',
    files.authority,
  );
  const request = file('certificate-request.pem');
  openssl(
    'req',
    '-new',
    ...newKey,
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    files.key,
    '-out',
    request,
  );
  const extensions = file('certificate-extensions.cnf');
  writeFileSync(
    extensions,
    [
      `subjectAltName=IP:127.0.0.1,DNS:${LOCAL_SERVER_NAME}`,
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl(
    'x509',
    '-req',
    '-in',
    request,
    '-CA',
    files.authority,
    '-CAkey',
    authorityKey,
    '-CAcreateserial',
    '-days',
    CERTIFICATE_DAYS,
    '-extfile',
    extensions,
    '-out',
    files.certificate,
  );
  return files;
}

/**
 * The base64 SHA-256 hash of a certificate's public key, as Chromium's
 * --ignore-certificate-errors-spki-list takes it: Chromium then accepts that one key, and no other
 * certificate error.
 */
export function publicKeyHash(certificateFile: string): string {
  const { publicKey } = new X509Certificate(readFileSync(certificateFile));
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}
