/**
 * `npm run observatory` (after a build; it needs nginx and openssl) has Mozilla's HTTP Observatory
 * grade the headers of the production nginx configuration, offline. nginx serves over TLS with the
 * throwaway certificates of `npm run serve:tls`, because the Observatory's HTTPS checks (HSTS, the
 * redirect to https) need them. It fails unless the grade is A+.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { setDefaultCACertificates } from 'node:tls';
import { localHttps, startNginx } from '../scripts/serve/nginx';
import { freePort } from '../scripts/serve/port';
import { LOCAL_SERVER_NAME } from '../scripts/serve/tls';

const PORT = Number(process.env.OBSERVATORY_HTTP_PORT ?? 8480);
/** The name the local HTTPS server answers for, which resolves to this machine. */
const HOST = LOCAL_SERVER_NAME;
const SCANNER = '@mdn/mdn-http-observatory';
/** How many times to look whether nginx answers yet, and how long to wait between looks. */
const STARTUP_ATTEMPTS = 50;
const STARTUP_POLL_INTERVAL_MS = 100;

type TestResult = { pass: boolean; result: string; scoreModifier: number };

// The package downloads the HSTS preload list at install, which cannot happen offline; an empty
// list only forgoes the bonus for being on it.
const hstsPreloadList = new URL(
  'conf/hsts-preload.json',
  import.meta.resolve(`${SCANNER}/package.json`),
);
if (!existsSync(hstsPreloadList)) writeFileSync(hstsPreloadList, '{}');
const certificateDir = mkdtempSync(path.join(tmpdir(), 'private-bank-observatory-'));
const acmeChallengeDir = path.join(certificateDir, 'acme');
mkdirSync(acmeChallengeDir);
const https = localHttps(PORT, await freePort(), certificateDir, acmeChallengeDir);
// Trusted by this process alone, as the only authority: the scan talks to this machine and nothing else.
setDefaultCACertificates([readFileSync(path.join(certificateDir, 'authority.pem'), 'utf8')]);
// The scanner asks for http and https on one port: nginx redirects plain HTTP on its HTTPS port.
const nginx = startNginx(`${HOST}:${PORT}`, https);
try {
  const nginxAnswers = () => fetch(`https://${HOST}:${PORT}/`).catch(() => false);
  for (let attempt = 0; !(await nginxAnswers()); attempt += 1) {
    if (attempt === STARTUP_ATTEMPTS) throw new Error(`nothing listens on ${HOST}:${PORT}`);
    await sleep(STARTUP_POLL_INTERVAL_MS);
  }
  console.log(`Scanning http://${HOST}:${PORT} → https://${HOST}:${PORT} (throwaway authority)\n`);
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
