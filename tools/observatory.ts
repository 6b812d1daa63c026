/**
 * `npm run observatory` (after a build; needs nginx and openssl): grades the production headers offline
 * with Mozilla's HTTP Observatory scanner. Its HTTPS checks (a redirect from http, then HSTS) need TLS,
 * so nginx serves out/ over https with a throwaway self-signed certificate, and redirects plain http.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setDefaultCACertificates } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { startNginx } from '../scripts/serve/nginx';

const PORT = Number(process.env.OBSERVATORY_HTTP_PORT ?? 8480);
const HOST = '127.0.0.1';

type TestResult = { pass: boolean; result: string; scoreModifier: number };

/** Waits until something listens on the port. */
async function listening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, HOST, () => resolve(socket.end() && true));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${HOST}:${port}`);
}

/** Prints every test, the grade and the score; returns the grade. */
async function scan(): Promise<string> {
  const root = '@mdn/mdn-http-observatory';
  // The package downloads the HSTS preload list at install, which cannot happen offline; an empty
  // list only forgoes the bonus for being on it.
  const folder = path.dirname(fileURLToPath(import.meta.resolve(`${root}/package.json`)));
  const preload = path.join(folder, 'conf/hsts-preload.json');
  if (!existsSync(preload)) writeFileSync(preload, '{}');
  const { scan } = await import(root);
  // The scanner takes no ports, but a port in the host name: http and https both go to it.
  const { scan: summary, tests } = await scan(`${HOST}:${PORT}`);
  for (const [name, test] of Object.entries(tests as Record<string, TestResult>)) {
    const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier);
    console.log(
      `  ${test.pass ? 'pass' : 'FAIL'}  ${modifier.padStart(4)}  ${name.padEnd(28)} ${test.result}`,
    );
  }
  const { grade, score, testsPassed, testsQuantity } = summary;
  console.log(
    `\nHTTP Observatory: grade ${grade}, score ${score}/100, ${testsPassed} of ${testsQuantity} tests passed`,
  );
  return grade;
}

if (spawnSync('openssl', ['version']).error)
  throw new Error('openssl is needed for the throwaway certificate');
const dir = mkdtempSync(path.join(tmpdir(), 'private-bank-observatory-'));
const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
const openssl = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'];
openssl.push('-subj', `/CN=${HOST}`, '-addext', `subjectAltName=IP:${HOST}`);
execFileSync('openssl', [...openssl, '-keyout', key, '-out', cert], { stdio: 'ignore' });
// Trusted by this process alone, as the only CA: the scan talks to 127.0.0.1 and nothing else.
setDefaultCACertificates([readFileSync(cert, 'utf8')]);
// nginx answers plain http on its https port with the error 497, here a redirect to https.
const { stop } = startNginx(
  `listen ${HOST}:${PORT} ssl; ssl_certificate ${cert}; ssl_certificate_key ${key};
    error_page 497 =301 https://${HOST}:${PORT}$request_uri;`,
);
try {
  await listening(PORT);
  console.log(`Scanning http://${HOST}:${PORT} → https://${HOST}:${PORT} (self-signed)\n`);
  process.exitCode = (await scan()) === 'A+' ? 0 : 1;
} finally {
  await stop();
  rmSync(dir, { recursive: true, force: true });
}
