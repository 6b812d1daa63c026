import { execFile, execFileSync, spawn } from 'node:child_process';
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
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { site } from '../../content/site';
import { southAfrica } from '../../content/south-africa';
import { freePort } from '../../scripts/serve/port';
import { probeRedirects } from '../support/hostile-addresses';
import { serverRoot } from '../support/server-root';

/**
 * `npm run release`, installed as docs/deploying.md installs it, with the release's install-release,
 * into scratch folders standing in for two servers' roots: the archive verifies and unpacks into
 * releases/, its `activate` fills in each server's settings from its settings file, links `current`
 * to it and has nginx (the unit's own commands, as its user, with its umask) serve the site over
 * HTTPS from there; the unit's `nginx -t` passes without a warning. The one archive serves each
 * server under its own name (the first takes the default, the site's host name; the second names
 * another), on 127.0.0.1 and ::1, and gives no page and no redirect to any other name, or none:
 * another Host, another SNI, a bare IP, a handshake without SNI, HTTP/1.0 without Host; nor any
 * answer to a request nginx cannot read. No redirect-bending address gets a Location that leaves
 * the site, over HTTPS or plain HTTP. Each server's reporting address, trusted
 * proxy and redirect are its own, and its access log names the host and is 0640. The archive holds
 * none of the servers' settings, and no installed file names this checkout. systemd-analyze verify
 * passes on the unit, which filters system calls and restarts a failed start without ever reaching
 * its start limit, and logrotate -d accepts the rule. The content is fictional, so the release
 * is packed with --not-for-production, says so in its name, and goes on servers whose settings say
 * PRODUCTION=no. Nothing of the editing service is in
 * it: that has a release of its own, for an internal server (editor-release.spec.ts).
 */

const run = promisify(execFile);
/** The site's host name, which the pages' links name: a server's name unless its settings say. */
const SITE_NAME = new URL(site.url).hostname;
/** A second server's name, of a deployment that names its own (a staging server, say). */
const OTHER_SITE_NAME = 'private-bank-staging.example.com';
/** A visitor's address as the trusted proxy (here the test itself, on 127.0.0.1) names it. */
const VISITOR = '203.0.113.9';

/** Every file under a folder, links not followed. */
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(folder, file))
    .filter((file) => statSync(file).isFile());

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/**
 * One GET, at an address of this machine (127.0.0.1 or ::1), as a browser sends it for a name: the
 * name in the handshake (SNI) and in Host, unless told otherwise.
 * @param options.sni The handshake's name; none, as for an IP address, when null.
 * @param options.host The Host header, with its port.
 * @param options.ca The certificate the answer must be signed with.
 */
function request(
  url: string,
  options: {
    address: string;
    sni?: string | null;
    host?: string;
    ca?: string;
    headers?: Record<string, string>;
  },
): Promise<Answer> {
  const target = new URL(url);
  const https = target.protocol === 'https:';
  // A browser names no server for an IP address, and Node is told to do the same.
  const { sni = isIP(target.hostname) ? null : target.hostname, host = target.host } = options;
  return new Promise((resolve, reject) => {
    const send = https ? httpsRequest : httpRequest;
    const outgoing = send(
      {
        host: options.address,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        agent: false,
        timeout: 5_000,
        // Node sends no SNI for an IP address, as browsers do.
        ...(https && { servername: sni ?? '', ca: options.ca }),
        headers: { ...options.headers, Host: host },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${url}: no answer in 5 s`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** What a request got that never reached a page: the error that ended it. */
async function refusal(url: string, options: Parameters<typeof request>[1]): Promise<string> {
  const outcome = await request(url, options).then(
    (answer) => `answered ${answer.status} ${String(answer.headers.location ?? '')}`,
    (error: Error & { code?: string }) => `${error.code ?? ''} ${error.message}`.trim(),
  );
  return outcome;
}

/**
 * What a request sent byte for byte gets (Node's client always sends a well-formed HTTP/1.1 request
 * with a Host): the bytes of the answer, however the connection ends.
 */
async function rawAnswer(address: string, port: number, request: string): Promise<string> {
  const socket = connect({ host: address, port });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A reset is one way of ending with no answer: the bytes received say what came before it.
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.on('error', () => socket.destroy());
  socket.write(request);
  await closed;
  return Buffer.concat(chunks).toString('latin1');
}

/**
 * Requests that nginx rejects while it reads them, before any server has a name to go by, each as
 * a client could send it to a port of the origin: on any server but the site's they meet the
 * catch-all server, whose answer must be no answer at all rather than nginx's own page.
 */
const malformedRequests = (https: number, http: number) => ({
  'plain HTTP on the HTTPS port, for another name': {
    port: https,
    request: 'GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n',
  },
  'a request line that is not HTTP': { port: http, request: 'GARBAGE\r\n\r\n' },
  'HTTP/1.1 without Host': { port: http, request: 'GET / HTTP/1.1\r\n\r\n' },
  'a header over 8 kB, before any Host': {
    port: http,
    request: `GET / HTTP/1.1\r\nX-Padding: ${'a'.repeat(9000)}\r\nHost: evil.example\r\n\r\n`,
  },
  'an address over 8 kB': {
    port: http,
    request: `GET /${'a'.repeat(9000)} HTTP/1.1\r\nHost: evil.example\r\n\r\n`,
  },
  'a transfer encoding nginx does not know': {
    port: http,
    request: 'GET / HTTP/1.1\r\nHost: evil.example\r\nTransfer-Encoding: x\r\n\r\n',
  },
  'an HTTP version nginx does not know': {
    port: http,
    request: 'GET / HTTP/3.0\r\nHost: evil.example\r\n\r\n',
  },
});

/** A self-signed certificate and key for a name, in a folder: a server's stand-in certificate. */
function certificateFor(name: string, folder: string): { certificate: string; key: string } {
  const files = {
    certificate: path.join(folder, 'fullchain.pem'),
    key: path.join(folder, 'privkey.pem'),
  };
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
      ...['-days', '1', '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`],
      ...['-keyout', files.key, '-out', files.certificate],
    ],
    { stdio: 'pipe' },
  );
  return files;
}

/**
 * docs/deploying.md's installation into a fresh scratch root, with a settings file of its own: the
 * release's install-release, given the SHA-256 a connected machine verified (here, the checksum's:
 * gh's own check needs GitHub, and e2e/out/install.spec.ts checks the other ways), unpacks the
 * archive and runs its activate, which starts nginx through a systemctl of the tests' own that runs
 * the unit's commands as systemd does (e2e/support/stand-in-systemd.ts), and sees it serve.
 */
async function install(download: string, settings: (root: string) => Record<string, string>) {
  const server = serverRoot('release');
  const { root, installDir, systemd } = server;
  const values = settings(root);
  server.writeSettings(values);
  const [checksum = ''] = readdirSync(download).filter((f) => f.endsWith('.sha256'));
  const archive = checksum.replace(/\.sha256$/, '');
  const name = archive.replace(/\.tar\.gz$/, '');
  const verified = readFileSync(path.join(download, checksum), 'utf8').split(' ')[0]!;
  // nginx -t and nginx run as the unit's user, who reads the certificate and its key as the
  // server's group does.
  chmodSync(path.dirname(values.TLS_KEY!), 0o755);
  chmodSync(values.TLS_KEY!, 0o644);
  const installed = await systemd.run(
    path.join(download, 'install-release'),
    ['--verified-sha256', verified, path.join(download, archive)],
    server.environment,
  );
  if (installed.code !== 0) {
    await server.remove();
    throw new Error(`install-release failed: ${installed.stderr}`);
  }
  // The archive's own files, as unpacked: not those configure rendered from the settings since.
  const { stdout: members } = await run('tar', ['-tzf', path.join(download, archive)]);
  const unpacked = members
    .split('\n')
    .filter((member) => member && !member.endsWith('/'))
    .map((member) => path.join(installDir, 'releases', member));

  const unitFile = path.join(installDir, 'current', 'systemd', 'private-bank-site.service');
  const unit = readFileSync(unitFile, 'utf8');
  // The unit's check before every start, as the unit's user: it prints warnings and errors alone.
  const user = /^User=(.*)$/m.exec(unit)?.[1] ?? '';
  const check = await run('setpriv', [
    ...[`--reuid=${user}`, `--regid=${user}`, '--init-groups'],
    ...(/^ExecStartPre=(.*)$/m.exec(unit)?.[1] ?? '').split(' '),
  ]);
  return {
    root,
    name,
    unpacked,
    unitFile,
    nginxCheck: `${check.stdout}${check.stderr}`,
    remove: server.remove,
  };
}

test('one release archive installs on two servers with their own settings, and each serves its own name alone', async () => {
  test.setTimeout(90_000);
  const download = mkdtempSync(path.join(tmpdir(), 'private-bank-release-download-'));
  const servers: Awaited<ReturnType<typeof install>>[] = [];
  try {
    // The archive is packed with nothing of any server: their settings come at install, below.
    await run('npm', ['run', 'release', '--', '--not-for-production'], {
      env: { ...process.env, CSP_REPORT_URI: '', RELEASE_OUT: download },
    });
    const [checksum = ''] = readdirSync(download).filter((f) => f.endsWith('.sha256'));
    expect(checksum).toMatch(
      /^private-bank-site-[0-9a-f]{12}(-modified)?-not-for-production\.tar\.gz\.sha256$/,
    );

    // Two servers: the first with the site's own name (the default) and a reporting address, the
    // second with a name of its own and none; each on 127.0.0.1 and ::1, on ports of its own.
    const deployments = [
      { name: SITE_NAME, report: 'https://reports.example.com/csp' },
      { name: OTHER_SITE_NAME, report: undefined },
    ];
    const ports: { https: number; http: number }[] = [];
    /** Each server's certificate, which a client trusts for it alone. */
    const certificates: string[] = [];
    for (const deployment of deployments) {
      const [https, http] = [await freePort(), await freePort()];
      ports.push({ https, http });
      const tlsDir = mkdtempSync(path.join(tmpdir(), 'private-bank-release-tls-'));
      const certificate = certificateFor(deployment.name, tlsDir);
      servers.push(
        await install(download, (root) => ({
          ...(deployment.name !== SITE_NAME && { SERVER_NAME: deployment.name }),
          RUNTIME_DIR: path.join(root, 'run', 'private-bank-site'),
          LOG_DIR: path.join(root, 'var', 'log', 'private-bank-site'),
          ACME_CHALLENGE_DIR: path.join(root, 'var', 'lib', 'private-bank-site', 'acme-challenge'),
          TLS_CERTIFICATE: certificate.certificate,
          TLS_KEY: certificate.key,
          HTTPS_LISTEN: `127.0.0.1:${https} [::1]:${https}`,
          HTTP_LISTEN: `127.0.0.1:${http} [::1]:${http}`,
          HTTPS_PORT: String(https),
          TRUSTED_PROXY: '127.0.0.1',
          ...(deployment.report && { CSP_REPORT_URI: deployment.report }),
          // A user and group that every Debian system has, for logrotate to check.
          SERVICE_USER: 'www-data',
          SERVICE_GROUP: 'www-data',
          // The archive is not for production: this repository's content is fictional.
          PRODUCTION: 'no',
        })),
      );
      certificates.push(readFileSync(certificate.certificate, 'utf8'));
    }

    for (const [index, deployment] of deployments.entries()) {
      const server = servers[index]!;
      const { https, http } = ports[index]!;
      const ca = certificates[index]!;
      const other = deployments[1 - index]!.name;
      const logDir = path.join(server.root, 'var', 'log', 'private-bank-site');
      // The unit's check (nginx -t -q) prints nothing but warnings and errors: here, nothing.
      expect(server.nginxCheck, `nginx -t of ${deployment.name}`).toBe('');

      // The unpacked archive holds none of this server's settings: an address and port, a name of
      // its own, a folder.
      const ownSettings = [
        `127.0.0.1:${https}`,
        `[::1]:${https}`,
        `127.0.0.1:${http}`,
        OTHER_SITE_NAME,
        server.root,
      ];
      for (const file of server.unpacked) {
        const text = readFileSync(file, 'latin1');
        expect(
          ownSettings.filter((setting) => text.includes(setting)),
          file,
        ).toEqual([]);
      }

      // Its own name, on IPv4 and IPv6.
      const page = `https://${deployment.name}:${https}/south-africa`;
      for (const address of ['127.0.0.1', '::1']) {
        const answer = await request(page, {
          address,
          ca,
          headers: { 'X-Forwarded-For': VISITOR },
        });
        expect(answer?.status, `${deployment.name} at ${address}`).toBe(200);
        expect(answer?.body).toContain(southAfrica.title);
        expect(answer?.headers['strict-transport-security']).toBe(
          'max-age=63072000; includeSubDomains; preload',
        );
        if (deployment.report) {
          expect(answer?.headers['content-security-policy']).toContain(
            `; report-uri ${deployment.report}; report-to csp`,
          );
          expect(answer?.headers['reporting-endpoints']).toBe(`csp="${deployment.report}"`);
        } else {
          expect(answer?.headers['content-security-policy']).not.toContain('report-uri');
          expect(answer?.headers['reporting-endpoints']).toBeUndefined();
        }
      }
      // Plain HTTP for its name redirects to its name over HTTPS, path and query kept.
      for (const address of ['127.0.0.1', '::1']) {
        const redirect = await request(`http://${deployment.name}:${http}/south-africa?x=1`, {
          address,
        });
        expect(redirect.status).toBe(301);
        expect(redirect.headers.location).toBe(
          `https://${deployment.name}:${https}/south-africa?x=1`,
        );
      }

      // Any other name, and none, gets no page and no redirect: the handshake is refused, or the
      // connection closed with no answer (nginx's 444).
      const refusals = {
        'another SNI': await refusal(`https://${other}:${https}/`, { address: '127.0.0.1', ca }),
        'a bare IP, without SNI': await refusal(`https://127.0.0.1:${https}/`, {
          address: '127.0.0.1',
          ca,
        }),
        'no SNI but the right Host': await refusal(`https://${deployment.name}:${https}/`, {
          address: '127.0.0.1',
          ca,
          sni: null,
        }),
        'the right SNI but another Host': await refusal(`https://${deployment.name}:${https}/`, {
          address: '127.0.0.1',
          ca,
          host: `evil.example:${https}`,
        }),
        'plain HTTP for another Host': await refusal(`http://evil.example:${http}/`, {
          address: '127.0.0.1',
        }),
        'plain HTTP for a bare IP': await refusal(`http://127.0.0.1:${http}/`, {
          address: '127.0.0.1',
        }),
        'plain HTTP on IPv6 for another Host': await refusal(`http://evil.example:${http}/`, {
          address: '::1',
        }),
        'HTTP/1.0 without Host': await rawAnswer('127.0.0.1', http, 'GET / HTTP/1.0\r\n\r\n'),
      };
      // nginx's 444 closes at once, which a client sees as a reset or as a close before any answer
      // (Node's "socket hang up"), as the timing falls: both mean no byte of an answer.
      const closedWithoutAnswer = expect.stringMatching(/^ECONNRESET /);
      expect(refusals, deployment.name).toEqual({
        'another SNI': expect.stringMatching(/^EPROTO .*unrecognized name/),
        'a bare IP, without SNI': expect.stringMatching(/^EPROTO .*unrecognized name/),
        'no SNI but the right Host': expect.stringMatching(/^EPROTO .*unrecognized name/),
        'the right SNI but another Host': closedWithoutAnswer,
        'plain HTTP for another Host': closedWithoutAnswer,
        'plain HTTP for a bare IP': closedWithoutAnswer,
        'plain HTTP on IPv6 for another Host': closedWithoutAnswer,
        // Closed without a byte.
        'HTTP/1.0 without Host': '',
      });

      // The log names the visitor the proxy named, the address that connected, the host, the
      // status and the time the request took; nginx writes the line once the response is sent.
      // It is the group's to read, and nobody else's, from its first line.
      const log = path.join(logDir, 'access.log');
      expect((statSync(log).mode & 0o777).toString(8)).toBe('640');
      const lines = readFileSync(log, 'utf8').split('\n');
      expect(lines.find((line) => line.includes('GET /south-africa HTTP/1.1" 200'))).toMatch(
        new RegExp(
          `^${VISITOR.replaceAll('.', '\\.')} via 127\\.0\\.0\\.1 \\[.+\\] ${deployment.name.replaceAll('.', '\\.')} "GET /south-africa HTTP/1\\.1" 200 \\d+ \\d+\\.\\d{3} `,
        ),
      );
      expect(
        lines.filter((line) => / evil\.example "GET \/ HTTP\/1\.1" 444 /.test(line)),
      ).toHaveLength(3);

      // Nor does a request nginx cannot read get nginx's own page: no byte comes back.
      const malformed = Object.fromEntries(
        await Promise.all(
          Object.entries(malformedRequests(https, http)).map(
            async ([what, { port, request }]) =>
              [what, await rawAnswer('127.0.0.1', port, request)] as const,
          ),
        ),
      );
      expect(malformed, deployment.name).toEqual(
        Object.fromEntries(Object.keys(malformedRequests(https, http)).map((what) => [what, ''])),
      );

      // No address, however bent, gets a redirect that leaves the site: over HTTPS, and over plain
      // HTTP, whose redirects must keep the site's HTTPS origin.
      const site = `https://${deployment.name}:${https}`;
      const overHttps = await probeRedirects(site, { ca });
      const overHttp = await probeRedirects(`http://${deployment.name}:${http}`, {
        siteOrigin: site,
      });
      expect({ https: overHttps.offSite, http: overHttp.offSite }).toEqual({ https: [], http: [] });
      expect(overHttps.unanswered).toEqual([]);
      // Over plain HTTP every address is redirected, so the judge saw each Location, but for those
      // with a NUL (%00), whose request line nginx refuses to read, before it knows the name: the
      // catch-all server closes those without an answer.
      const withNul = overHttp.unanswered.filter((why) =>
        /^GET \S*%00\S*: (read ECONNRESET|the answer has no end of its head)$/.test(why),
      );
      expect(overHttp.unanswered).toEqual(withNul);
      expect(overHttp.redirects + withNul.length).toBe(overHttp.sent);

      // The editing service is never on the public origin: no file of the site's release is the
      // service's, names its socket or its headers, or is its unit or nginx block.
      expect(
        server.unpacked.filter((file) => {
          const text = readFileSync(file, 'latin1');
          return (
            /editor/i.test(path.basename(file)) ||
            ['X-Editor-', 'private-bank-editor', 'edit:service'].some((mark) => text.includes(mark))
          );
        }),
      ).toEqual([]);

      const installed = filesUnder(
        path.join(server.root, 'opt', 'private-bank-site', 'releases', server.name),
      );
      expect(installed.filter((file) => readFileSync(file).includes(process.cwd()))).toEqual([]);
    }

    const [first] = servers;
    // A slip in a setting that would add a directive to nginx's configuration is refused, with the
    // setting's name, and the configuration written before stays as it was.
    const release = path.join(first!.root, 'opt', 'private-bank-site', 'releases', first!.name);
    const written = readFileSync(path.join(release, 'nginx', 'nginx.conf'), 'utf8');
    const slips = path.join(first!.root, 'etc', 'private-bank-site', 'slips');
    for (const [setting, value] of [
      ['SERVER_NAME', 'private-bank.example.com; return 200'],
      ['HTTPS_LISTEN', '443 ssl; include /etc/shadow'],
      ['CSP_REPORT_URI', "https://reports.example.com/csp' always; add_header X 'y"],
    ] as const) {
      writeFileSync(slips, `${setting}=${value}\n`);
      const refused = await run(path.join(release, 'configure'), [slips]).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect('code' in refused && refused.code, setting).toBe(1);
      expect(refused.stderr, setting).toMatch(new RegExp(`^configure: ${setting} is "`));
      expect(readFileSync(path.join(release, 'nginx', 'nginx.conf'), 'utf8'), setting).toBe(
        written,
      );
    }

    const verify = await run('systemd-analyze', ['verify', first!.unitFile]);
    expect(`${verify.stdout}${verify.stderr}`).toBe('');
    // Fenced as the editing service is, and restarted for as long as a start fails: the restarts
    // that fit in the start limit's interval stay under its burst, so systemd never gives up, and a
    // fixed cause needs no reset-failed.
    const unit = readFileSync(first!.unitFile, 'utf8');
    const unitSetting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];
    expect(unitSetting('SystemCallFilter')).toBe('@system-service');
    expect(unitSetting('Restart')).toBe('on-failure');
    const seconds = (value = '') => Number(/^(\d+)s$/.exec(value)?.[1]);
    const restartsInInterval =
      Math.ceil(
        seconds(unitSetting('StartLimitIntervalSec')) / seconds(unitSetting('RestartSec')),
      ) + 1;
    expect(restartsInInterval).toBeLessThan(Number(unitSetting('StartLimitBurst')));
    const logrotate = await run('logrotate', [
      '-d',
      path.join(first!.root, 'opt', 'private-bank-site', 'current', 'systemd', 'logrotate'),
    ]);
    expect(`${logrotate.stdout}${logrotate.stderr}`).not.toMatch(/^error:/m);
    expect(logrotate.stderr).toContain(
      `rotating pattern: ${first!.root}/var/log/private-bank-site/*.log`,
    );
  } finally {
    for (const server of servers) await server.remove();
    rmSync(download, { recursive: true, force: true });
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
