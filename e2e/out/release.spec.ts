import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { southAfrica } from '../../content/south-africa';
import { nginxBinary } from '../../scripts/serve/nginx';
import { freePort } from '../../scripts/serve/port';
import { localTls } from '../support/local-tls';

/**
 * `npm run release`, installed as docs/deploying.md installs it, into a scratch folder standing in
 * for the server's root: the checksum holds, the archive unpacks into releases/, its `configure`
 * fills in the server's settings from a settings file, `current` is linked to it, `nginx -t`
 * passes, and nginx started by the unit's own ExecStart serves the site over HTTPS from there, with
 * the reporting address, the trusted proxy's visitor in the log and the redirect from plain HTTP.
 * The archive holds none of the server's settings, and no installed file names this checkout.
 * systemd-analyze verify passes on the unit, and logrotate -d accepts the rule. The content is
 * fictional, so the release is packed with --not-for-production, and says so in its name.
 */

const run = promisify(execFile);
const REPORT_ADDRESS = 'https://reports.example.com/csp';
/** A visitor's address as the trusted proxy (here the test itself, on 127.0.0.1) names it. */
const VISITOR = '203.0.113.9';

/** Every file under a folder, links not followed. */
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(folder, file))
    .filter((file) => statSync(file).isFile());

/** One GET: status, headers and body. */
function fetchOnce(
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? httpsGet : httpGet;
    const request = get(url, { headers, agent: false, timeout: 5_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('timeout', () => request.destroy(new Error(`${url}: no answer in 5 s`)));
    request.on('error', reject);
  });
}

test('the release archive installs into a fresh root and serves the site from there', async () => {
  test.setTimeout(60_000);
  const root = mkdtempSync(path.join(tmpdir(), 'private-bank-release-root-'));
  // nginx's workers, started by root, run as nobody, who must be able to read the site.
  chmodSync(root, 0o755);
  const tls = localTls();
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const place = (...parts: string[]) => path.join(root, ...parts);
  const installDir = place('opt', 'private-bank-site');
  const logDir = place('var', 'log', 'private-bank-site');
  const tlsDir = place('etc', 'private-bank-site', 'tls');
  mkdirSync(tlsDir, { recursive: true });
  for (const file of [tls.certificate, tls.key]) {
    copyFileSync(file, path.join(tlsDir, path.basename(file)));
  }
  let nginx: ReturnType<typeof spawn> | undefined;
  try {
    // The archive is packed with nothing of this server: its settings come at install, below.
    await run('npm', ['run', 'release', '--', '--not-for-production'], {
      env: { ...process.env, CSP_REPORT_URI: REPORT_ADDRESS, RELEASE_OUT: place('download') },
    });
    const settings = {
      RUNTIME_DIR: place('run', 'private-bank-site'),
      LOG_DIR: logDir,
      ACME_CHALLENGE_DIR: place('var', 'lib', 'private-bank-site', 'acme-challenge'),
      TLS_CERTIFICATE: path.join(tlsDir, 'certificate.pem'),
      TLS_KEY: path.join(tlsDir, 'key.pem'),
      HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      HTTPS_PORT: String(httpsPort),
      TRUSTED_PROXY: '127.0.0.1',
      // A user and group that every Debian system has, for logrotate to check.
      SERVICE_USER: 'www-data',
      SERVICE_GROUP: 'www-data',
    };
    const settingsFile = place('etc', 'private-bank-site', 'settings');
    writeFileSync(
      settingsFile,
      `# This server's settings\n${Object.entries(settings)
        .map(([name, value]) => `${name}=${value}`)
        .join('\n')}\n`,
    );
    const [checksum = ''] = readdirSync(place('download')).filter((f) => f.endsWith('.sha256'));
    const archive = checksum.replace(/\.sha256$/, '');
    const name = archive.replace(/\.tar\.gz$/, '');
    expect(name).toMatch(/^private-bank-site-[0-9a-f]{12}(-modified)?-not-for-production$/);
    // docs/deploying.md's installation, command for command.
    await run('sha256sum', ['-c', checksum], { cwd: place('download') });
    mkdirSync(path.join(installDir, 'releases'), { recursive: true });
    await run('tar', ['-xzf', place('download', archive), '-C', path.join(installDir, 'releases')]);
    const unpacked = filesUnder(path.join(installDir, 'releases', name));
    // The settings, as written (an address and port, a folder), each unlike anything of a build.
    const serverSettings = [settings.HTTPS_LISTEN, settings.HTTP_LISTEN, tlsDir, logDir, root];
    for (const file of unpacked) {
      const text = readFileSync(file, 'latin1');
      expect(
        serverSettings.filter((setting) => text.includes(setting)),
        file,
      ).toEqual([]);
    }
    await run(path.join(installDir, 'releases', name, 'configure'), [settingsFile]);
    await run('ln', ['-sfn', `releases/${name}`, path.join(installDir, 'current')]);
    // What systemd makes for the unit: its runtime and logs folders.
    mkdirSync(place('run', 'private-bank-site'), { recursive: true });
    mkdirSync(logDir, { recursive: true });

    const unit = readFileSync(
      path.join(installDir, 'current', 'systemd', 'private-bank-site.service'),
      'utf8',
    );
    const command = (key: string) =>
      (new RegExp(`^${key}=/usr/sbin/nginx (.*)$`, 'm').exec(unit)?.[1] ?? '')
        .match(/"[^"]*"|\S+/g)!
        .map((arg) => arg.replace(/^"|"$/g, ''));
    const nginxPath = nginxBinary();
    await run(nginxPath, command('ExecStartPre'));
    nginx = spawn(nginxPath, command('ExecStart'), { stdio: 'inherit' });
    const url = `https://127.0.0.1:${httpsPort}/south-africa`;
    let page = await fetchOnce(url, { 'X-Forwarded-For': VISITOR }).catch(() => undefined);
    for (let tries = 0; !page && tries < 50; tries += 1) {
      await sleep(100);
      page = await fetchOnce(url, { 'X-Forwarded-For': VISITOR }).catch(() => undefined);
    }
    expect(page?.status).toBe(200);
    expect(page?.body).toContain(southAfrica.title);
    expect(page?.headers['content-security-policy']).toContain(
      `; report-uri ${REPORT_ADDRESS}; report-to csp`,
    );
    expect(page?.headers['reporting-endpoints']).toBe(`csp="${REPORT_ADDRESS}"`);
    expect(page?.headers['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains; preload',
    );

    const redirect = await fetchOnce(`http://127.0.0.1:${httpPort}/south-africa?x=1`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers['location']).toBe(`https://127.0.0.1:${httpsPort}/south-africa?x=1`);

    // The log names the visitor the proxy named, the address that connected, the status and the
    // time the request took; nginx writes the line once the response is sent.
    const logLine = readFileSync(path.join(logDir, 'access.log'), 'utf8')
      .split('\n')
      .find((line) => line.includes('GET /south-africa HTTP/1.1'));
    expect(logLine).toMatch(
      new RegExp(
        `^${VISITOR.replaceAll('.', '\\.')} via 127\\.0\\.0\\.1 \\[.+\\] "GET /south-africa HTTP/1\\.1" 200 \\d+ \\d+\\.\\d{3} `,
      ),
    );

    const installed = filesUnder(path.join(installDir, 'releases', name));
    expect(installed.filter((file) => readFileSync(file).includes(process.cwd()))).toEqual([]);

    const verify = await run('systemd-analyze', [
      'verify',
      path.join(installDir, 'current', 'systemd', 'private-bank-site.service'),
    ]);
    expect(`${verify.stdout}${verify.stderr}`).toBe('');
    const logrotate = await run('logrotate', [
      '-d',
      path.join(installDir, 'current', 'systemd', 'logrotate'),
    ]);
    expect(`${logrotate.stdout}${logrotate.stderr}`).not.toMatch(/^error:/m);
    expect(logrotate.stderr).toContain(`rotating pattern: ${logDir}/*.log`);
  } finally {
    if (nginx) {
      nginx.kill('SIGQUIT');
      await once(nginx, 'exit');
    }
    rmSync(root, { recursive: true, force: true });
  }
});

/**
 * The SHA-256 of the archive `npm run release` packs in a folder, with the archive's name, as its
 * checksum file says them.
 */
async function releaseChecksum(folder: string): Promise<string> {
  const out = mkdtempSync(path.join(tmpdir(), 'private-bank-release-out-'));
  try {
    await run('npm', ['run', 'release', '--', '--not-for-production'], {
      cwd: folder,
      env: { ...process.env, CSP_REPORT_URI: '', RELEASE_OUT: out },
    });
    const [checksum = ''] = readdirSync(out).filter((file) => file.endsWith('.sha256'));
    return readFileSync(path.join(out, checksum), 'utf8');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

test('two builds of one commit, in two clean copies, give the same archive, byte for byte', async () => {
  // A second build, while the other tests run beside it.
  test.setTimeout(300_000);
  // A clone of the commit, in .cache/ (which git ignores) so that its node_modules can be the
  // project's own, linked file by file rather than installed again.
  mkdirSync('.cache', { recursive: true });
  const copy = mkdtempSync(path.resolve('.cache/second-build-'));
  try {
    await run('git', ['clone', '--quiet', '--shared', '.', copy]);
    // A working tree with changes that no commit holds (a developer's) builds from those changes:
    // the copy gets them too, so that both builds are of the same sources. CI's has none.
    const { stdout: changes } = await run('git', ['diff', 'HEAD', '--binary']);
    if (changes) {
      const apply = spawn('git', ['apply', '--whitespace=nowarn'], { cwd: copy });
      apply.stdin.end(changes);
      expect((await once(apply, 'exit'))[0], 'git apply of the working tree').toBe(0);
    }
    const { stdout: untracked } = await run('git', ['ls-files', '--others', '--exclude-standard']);
    for (const file of untracked.split('\n').filter(Boolean)) {
      mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      copyFileSync(file, path.join(copy, file));
    }
    await run('cp', ['-al', 'node_modules', path.join(copy, 'node_modules')]);
    await run('npm', ['run', 'build'], { cwd: copy, env: { ...process.env, CSP_REPORT_URI: '' } });
    expect(await releaseChecksum(copy)).toBe(await releaseChecksum('.'));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

// This repository's content is fictional, so it holds go-live placeholders (content/*.ts).
test('npm run release refuses content with go-live placeholders unless told it is not for production', async () => {
  const refused = await run('npm', ['run', 'release'], {
    env: { ...process.env, RELEASE_OUT: path.join(tmpdir(), 'private-bank-release-refused') },
  }).catch((error: { code: number; stderr: string }) => error);
  expect('code' in refused && refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /^release: not released: the content holds \d+ go-live placeholder\(s\) \(npm run content:check lists them\): replace them, or, for a site that is not the bank's public one, run npm run release -- --not-for-production$/m,
  );
});
