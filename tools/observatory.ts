/**
 * `npm run observatory` (after a build; needs nginx and openssl): grades the production headers
 * offline with Mozilla's HTTP Observatory scanner (@mdn/mdn-http-observatory), printing every test,
 * the grade and the score. Its HTTPS checks (a redirect from http, then HSTS) need TLS, so nginx
 * serves out/ on https://127.0.0.1 with a throwaway self-signed certificate, and redirects http.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setDefaultCACertificates } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { startNginx } from '../scripts/serve/nginx';

const HTTP_PORT = Number(process.env.OBSERVATORY_HTTP_PORT ?? 8480);
const HTTPS_PORT = HTTP_PORT + 1;
const HOST = '127.0.0.1';

type TestResult = { name: string; pass: boolean; result: string; scoreModifier: number };

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

/** Prints every test, the grade and the score, as the scanner's own scan() counts them. */
async function scan(): Promise<string> {
  const root = '@mdn/mdn-http-observatory';
  // The package downloads the HSTS preload list at install, which cannot happen offline; an empty
  // list only forgoes the bonus for being on it.
  const folder = path.dirname(fileURLToPath(import.meta.resolve(`${root}/package.json`)));
  const preload = path.join(folder, 'conf/hsts-preload.json');
  if (!existsSync(preload)) writeFileSync(preload, '{}');
  const { retrieve } = await import(`${root}/src/retriever/retriever.js`);
  const { ALL_TESTS } = await import(`${root}/src/constants.js`);
  const grader = await import(`${root}/src/grader/grader.js`);
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import(`${root}/src/grader/charts.js`);
  // scan() itself cannot be given ports, hence its steps here.
  const requests = await retrieve(HOST, { httpPort: HTTP_PORT, httpsPort: HTTPS_PORT });
  const results: TestResult[] = ALL_TESTS.map((run: (r: unknown) => TestResult) => {
    const result = run(requests);
    // Each result is an instance of a class whose static `name` is the test's name.
    const name = (result.constructor as unknown as { name: string }).name;
    return { ...result, name, scoreModifier: grader.getScoreModifier(result.result) };
  });
  // Extra credit counts only once the score is an A already.
  const penalties = results.reduce((sum, r) => sum + Math.min(r.scoreModifier, 0), 0);
  const bonuses = results.reduce((sum, r) => sum + Math.max(r.scoreModifier, 0), 0);
  const uncurved = 100 + penalties;
  const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? uncurved + bonuses : uncurved;
  const { grade } = grader.getGradeForScore(score);
  for (const r of results) {
    const modifier = r.scoreModifier > 0 ? `+${r.scoreModifier}` : String(r.scoreModifier);
    console.log(
      `  ${r.pass ? 'pass' : 'FAIL'}  ${modifier.padStart(4)}  ${r.name.padEnd(28)} ${r.result}`,
    );
  }
  const passed = results.filter((r) => r.pass).length;
  console.log(
    `\nHTTP Observatory: grade ${grade}, score ${score}/100, ${passed} of ${results.length} tests passed`,
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
const { stop } = startNginx({
  siteRoot: 'out',
  listen: `listen ${HOST}:${HTTPS_PORT} ssl; ssl_certificate ${cert}; ssl_certificate_key ${key};`,
  extraServers: `server { listen ${HOST}:${HTTP_PORT}; return 301 https://${HOST}:${HTTPS_PORT}$request_uri; }`,
});
try {
  await listening(HTTPS_PORT);
  console.log(
    `Scanning http://${HOST}:${HTTP_PORT} → https://${HOST}:${HTTPS_PORT} (self-signed)\n`,
  );
  process.exitCode = (await scan()) === 'A+' ? 0 : 1;
} finally {
  await stop();
  rmSync(dir, { recursive: true, force: true });
}
