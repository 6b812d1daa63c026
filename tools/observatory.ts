/**
 * `npm run observatory` (after a build; it needs nginx and openssl) has Mozilla's HTTP Observatory
 * grade the headers of the production nginx configuration, offline. nginx serves over TLS with a
 * throwaway certificate, because the Observatory's HTTPS checks (HSTS, the redirect to https) need
 * one. It fails unless the grade is A+.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { setDefaultCACertificates } from 'node:tls';
import { startNginx } from '../scripts/serve/nginx';

const PORT = Number(process.env.OBSERVATORY_HTTP_PORT ?? 8480);
const HOST = '127.0.0.1';
const SCANNER = '@mdn/mdn-http-observatory';
/** How many times to look whether nginx answers yet, and how long to wait between looks. */
const STARTUP_ATTEMPTS = 50;
const STARTUP_POLL_INTERVAL_MS = 100;

type TestResult = { pass: boolean; result: string; scoreModifier: number };

if (spawnSync('openssl', ['version']).error)
  throw new Error('openssl is needed for the throwaway certificate');
// The package downloads the HSTS preload list at install, which cannot happen offline; an empty
// list only forgoes the bonus for being on it.
const hstsPreloadList = new URL(
  'conf/hsts-preload.json',
  import.meta.resolve(`${SCANNER}/package.json`),
);
if (!existsSync(hstsPreloadList)) writeFileSync(hstsPreloadList, '{}');
const certificateDir = mkdtempSync(path.join(tmpdir(), 'private-bank-observatory-'));
const [cert, key] = [path.join(certificateDir, 'cert.pem'), path.join(certificateDir, 'key.pem')];
// A self-signed certificate for 127.0.0.1, valid for a day, with an unencrypted key.
const opensslArgs = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'];
opensslArgs.push('-subj', `/CN=${HOST}`, '-addext', `subjectAltName=IP:${HOST}`);
execFileSync('openssl', [...opensslArgs, '-keyout', key, '-out', cert], { stdio: 'ignore' });
// Trusted by this process alone, as the only CA: the scan talks to 127.0.0.1 and nothing else.
setDefaultCACertificates([readFileSync(cert, 'utf8')]);
// nginx answers plain http on its https port with the error 497, here a redirect to https.
const nginx = startNginx(
  `listen ${HOST}:${PORT} ssl; ssl_certificate ${cert}; ssl_certificate_key ${key};
    error_page 497 =301 https://${HOST}:${PORT}$request_uri;`,
);
try {
  const nginxAnswers = () => fetch(`https://${HOST}:${PORT}/`).catch(() => false);
  for (let attempt = 0; !(await nginxAnswers()); attempt += 1) {
    if (attempt === STARTUP_ATTEMPTS) throw new Error(`nothing listens on ${HOST}:${PORT}`);
    await sleep(STARTUP_POLL_INTERVAL_MS);
  }
  console.log(`Scanning http://${HOST}:${PORT} → https://${HOST}:${PORT} (self-signed)\n`);
  // The scanner takes no ports, but a port in the host name: http and https both go to it.
  const { scan } = await import(SCANNER);
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
  process.exitCode = grade === 'A+' ? 0 : 1;
} finally {
  nginx.stop();
  await nginx.exited;
  rmSync(certificateDir, { recursive: true, force: true });
}
