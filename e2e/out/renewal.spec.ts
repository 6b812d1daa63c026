import { execFile, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { nginxBinary } from '../../scripts/serve/nginx';
import { freePort, freePrivilegedPort } from '../support/ports';
import { localTls } from '../support/local-tls';
import { unlessItExits } from '../support/nginx-listening';
import { startOneNameDns } from '../support/one-name-dns';
import { serverRoot } from '../support/server-root';
import { spawnGroup, stopGroup } from '../support/process-groups';

/**
 * A certificate's whole life on an origin installed as docs/deploying.md installs it, into a
 * scratch folder standing in for the server's root: the once-per-server placeholder certificate,
 * which nginx starts with; the first certificate, which certbot (Debian's) obtains non-interactively
 * with the documented command through the running origin's ACME folder, which the unit makes; and
 * a renewal, as certbot's timer runs it (forced, since a new certificate is not due for renewal).
 * After each, the release's deploy hook (install-certificate) has installed the pair where nginx
 * reads it, readable by the service's group only, and reloaded nginx, which then serves it, without
 * a restart, to a client that asks for the site's name; nginx -t with the installed configuration
 * and certificate prints its two lines of success and no warning. A pair the hook must refuse (a key
 * that is not the certificate's, a certificate for another name, a key that nginx's TLS library
 * refuses) leaves the served files byte for byte as they were, says why, and the next start of the
 * service works and serves the pair it had.
 *
 * The authority is Pebble, Let's Encrypt's test ACME server (Debian's pebble package), on
 * 127.0.0.1 with a throwaway certificate of its own, which certbot trusts through
 * REQUESTS_CA_BUNDLE. Its validation authority looks the site's fictional name up in a DNS server
 * of the test's (e2e/support/one-name-dns.ts), which gives 127.0.0.1, and fetches each challenge
 * from the origin's plain-HTTP port (its configuration's httpPort). certbot keeps its state in the
 * scratch root. systemd does not run here, so the test stands in for it: it makes the folders the
 * unit's LogsDirectory= and StateDirectory= name, with their modes, for the service's user, and a
 * systemctl of the tests' own, first on the PATH of install-release, activate and certbot, runs the
 * unit's own commands as systemd does (e2e/support/stand-in-systemd.ts), writing down nginx's
 * workers before each reload, whose exit tells the test the reload is done.
 */

const run = promisify(execFile);
/** The site's host name, the SERVER_NAME it answers for. */
const SITE_NAME = 'private-bank.example.com';
/** A user and group that every Debian system has, standing in for the service's own. */
const SERVICE_USER = 'www-data';
/** The unit's name. */
const SERVICE = 'private-bank-site';
/**
 * sh's arguments that run a program as the unit runs its commands: with its umask, as the service's
 * user (its User= and Group=), with its one capability (AmbientCapabilities=CAP_NET_BIND_SERVICE),
 * which nginx -t needs to bind a port under 1024.
 */
const asTheUnit = (umask: string, program: string, args: string[]) => [
  ...['-c', `umask ${umask} && exec "$0" "$@"`, 'setpriv'],
  ...[`--reuid=${SERVICE_USER}`, `--regid=${SERVICE_USER}`, '--init-groups'],
  ...['--inh-caps=+net_bind_service', '--ambient-caps=+net_bind_service'],
  ...[program, ...args],
];
/** Where systemd makes the folders a unit's directives name, under the root, and keeps them. */
const SYSTEMD_FOLDERS = {
  LogsDirectory: 'var/log',
  StateDirectory: 'var/lib',
};
/** What Pebble prints once it listens, and an ACME client may ask for its directory. */
const pebbleListening = (port: number) => `Listening on: 127.0.0.1:${port}`;

/**
 * Waits until every process listed has exited. Node can wait only for processes it started, so
 * Python (certbot's own) waits on each through a pidfd, which Linux makes readable when it exits.
 */
const WAIT_FOR_EXITS = `
import os, select, sys
for pid in sys.argv[1:]:
    try:
        process = os.pidfd_open(int(pid))
    except ProcessLookupError:
        continue
    select.select([process], [], [])
`;

/**
 * Waits until nginx has reloaded: the workers it had when the stand-in systemctl signalled it,
 * which that wrote down, have all exited, so that every connection from now on reaches a worker
 * started with the new certificate. A hook that asked for no reload left no list; a reload that
 * fails leaves the workers running, and nginx's error log says why.
 */
async function reloaded(workersAtReload: string, errorLog: string) {
  if (!existsSync(workersAtReload) || readFileSync(workersAtReload, 'utf8') === '') {
    throw new Error(
      'the deploy hook did not run systemctl try-reload-or-restart private-bank-site',
    );
  }
  const workers = readFileSync(workersAtReload, 'utf8').split(/\s+/).filter(Boolean);
  writeFileSync(workersAtReload, '');
  try {
    await run('python3', ['-c', WAIT_FOR_EXITS, ...workers], { timeout: 15_000 });
  } catch {
    throw new Error(`nginx did not reload; its error log:\n${readFileSync(errorLog, 'utf8')}`);
  }
}

/** The certificate nginx presents to a client that asks for the site's name and trusts `authority`. */
async function servedCertificate(port: number, authority: string): Promise<X509Certificate> {
  const socket = tlsConnect({ host: '127.0.0.1', port, servername: SITE_NAME, ca: authority });
  try {
    await once(socket, 'secureConnect');
    return socket.getPeerX509Certificate()!;
  } finally {
    socket.destroy();
  }
}

/** A certificate's SHA-256 fingerprint, read from its PEM file. */
const fingerprintOf = (file: string) => new X509Certificate(readFileSync(file)).fingerprint256;

/** One GET over HTTPS, trusting `authority`: its body. */
function fetchText(url: string, authority: string): Promise<string> {
  return new Promise((resolve, reject) => {
    httpsGet(url, { ca: authority, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

/** The challenges the origin served over plain HTTP, as its access log has them. */
const servedChallenges = (accessLog: string) =>
  readFileSync(accessLog, 'utf8').match(
    /"GET \/\.well-known\/acme-challenge\/\S+ HTTP\/1\.1" 200 /g,
  )?.length ?? 0;

test('certbot obtains and renews the certificate from Pebble through the origin, and nginx serves each new one without a restart', async () => {
  test.setTimeout(180_000);
  const server = serverRoot('renewal');
  const { place, systemd } = server;
  // The throwaway authority of the suite's HTTPS server signs Pebble's own HTTPS certificate too.
  const tls = localTls();
  const localAuthority = readFileSync(tls.authority, 'utf8');
  // The plain-HTTP port, through which certbot proves the domain, is under 1024, as 80 is: the
  // certificate hook's nginx -t binds it with the unit's one capability, not as root.
  const [httpsPort, httpPort, pebblePort, pebbleManagementPort] = [
    await freePort(),
    await freePrivilegedPort(),
    await freePort(),
    await freePort(),
  ];
  const dns = await startOneNameDns(SITE_NAME, '127.0.0.1');
  let pebble: ChildProcess | undefined;
  try {
    // Pebble starts (it makes its keys) while the release is packed and installed.
    mkdirSync(place('pebble'));
    writeFileSync(
      place('pebble', 'config.json'),
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${pebblePort}`,
          managementListenAddress: `127.0.0.1:${pebbleManagementPort}`,
          certificate: tls.certificate,
          privateKey: tls.key,
          // Where its validation authority fetches http-01 challenges: the origin's plain HTTP;
          // and where it would try tls-alpn-01, which certbot --webroot never asks for.
          httpPort,
          tlsPort: httpsPort,
        },
      }),
    );
    pebble = spawnGroup(
      'pebble',
      ['-config', place('pebble', 'config.json'), '-dnsserver', `127.0.0.1:${dns.port}`],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          // No random wait before each validation, no valid nonce refused at random, and every
          // order validated anew, so that the renewal too goes through the origin.
          PEBBLE_VA_NOSLEEP: '1',
          PEBBLE_WFE_NONCEREJECT: '0',
          PEBBLE_AUTHZREUSE: '0',
        },
      },
      'Pebble, the renewal test ACME server',
    );
    let pebbleOutput = '';
    const pebbleListens = new Promise<void>((resolve) => {
      for (const stream of [pebble!.stdout!, pebble!.stderr!]) {
        stream.setEncoding('utf8').on('data', (chunk: string) => {
          pebbleOutput += chunk;
          if (pebbleOutput.includes(pebbleListening(pebblePort))) resolve();
        });
      }
    });

    await run('npm', ['run', 'release', '--', '--not-for-production'], {
      env: { ...process.env, CSP_REPORT_URI: '', RELEASE_OUT: place('download') },
    });
    const { installDir } = server;
    const tlsDir = place('etc', 'private-bank-site', 'tls');
    const settings = {
      SERVER_NAME: SITE_NAME,
      SERVICE_USER,
      SERVICE_GROUP: SERVICE_USER,
      HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      TLS_CERTIFICATE: path.join(tlsDir, 'fullchain.pem'),
      TLS_KEY: path.join(tlsDir, 'privkey.pem'),
      RUNTIME_DIR: place('run', 'private-bank-site'),
      LOG_DIR: place('var', 'log', 'private-bank-site'),
      ACME_CHALLENGE_DIR: place('var', 'lib', 'private-bank-site', 'acme-challenge'),
      // The archive is packed --not-for-production, as this repository's content is fictional.
      PRODUCTION: 'no',
    };
    // docs/deploying.md's once-per-server commands: the folder of the certificate, the settings,
    // and the placeholder certificate that nginx starts with.
    await run('install', ['-d', '-m', '750', '-g', SERVICE_USER, tlsDir]);
    server.writeSettings(settings);
    await run('openssl', [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
      ...['-days', '1', '-subj', `/CN=${SITE_NAME}`, '-addext', `subjectAltName=DNS:${SITE_NAME}`],
      ...['-keyout', settings.TLS_KEY, '-out', settings.TLS_CERTIFICATE],
    ]);
    await run('chgrp', [SERVICE_USER, settings.TLS_CERTIFICATE, settings.TLS_KEY]);
    await run('chmod', ['640', settings.TLS_CERTIFICATE, settings.TLS_KEY]);

    // docs/deploying.md's installation of a release: install-release, given the SHA-256 a connected
    // machine verified (here, the checksum's: gh's own check needs GitHub, and install.spec.ts checks
    // the other ways), which unpacks the archive and runs its activate.
    const pidFile = path.join(settings.RUNTIME_DIR, 'nginx.pid');
    const workersAtReload = place('systemd-state', `${SERVICE}.workers-at-reload`);
    const [checksum = ''] = readdirSync(place('download')).filter((f) => f.endsWith('.sha256'));
    const name = checksum.replace(/\.tar\.gz\.sha256$/, '');
    const installed = await systemd.run(
      place('download', 'install-release'),
      [
        ...['--verified-sha256', readFileSync(place('download', checksum), 'utf8').split(' ')[0]!],
        place('download', `${name}.tar.gz`),
      ],
      server.environment,
    );
    expect(installed.code, installed.stderr).toBe(0);

    const unit = readFileSync(
      path.join(installDir, 'current', 'systemd', 'private-bank-site.service'),
      'utf8',
    );
    const unitSetting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];
    // What systemd makes for the unit as it starts it: each folder its directives name, for the
    // service's user, with the directive's mode (systemd's own default is 0755).
    for (const [directive, base] of Object.entries(SYSTEMD_FOLDERS)) {
      const mode = unitSetting(`${directive}Mode`) ?? '0755';
      for (const folder of unitSetting(directive)?.split(/\s+/) ?? []) {
        await run('install', [
          ...['-d', '-m', mode, '-o', SERVICE_USER, '-g', SERVICE_USER],
          place(base, folder),
        ]);
      }
    }
    // systemd's own default umask, for a unit that names none.
    const umask = unitSetting('UMask') ?? '0022';
    const command = (key: string) =>
      (new RegExp(`^${key}=/usr/sbin/nginx (.*)$`, 'm').exec(unit)?.[1] ?? '')
        .match(/"[^"]*"|\S+/g)!
        .map((arg) => arg.replace(/^"|"$/g, ''));
    const nginxPath = nginxBinary();
    const master = systemd.mainPid(SERVICE);
    const errorLog = path.join(settings.LOG_DIR, 'error.log');
    await unlessItExits(pebbleListens, pebble, () => `Pebble exited, printing:\n${pebbleOutput}`);
    const accessLog = path.join(settings.LOG_DIR, 'access.log');

    // nginx starts with the placeholder.
    const placeholder = readFileSync(settings.TLS_CERTIFICATE, 'utf8');
    expect((await servedCertificate(httpsPort, placeholder)).fingerprint256).toBe(
      fingerprintOf(settings.TLS_CERTIFICATE),
    );

    const certbotState = ['config', 'work', 'logs'].flatMap((folder) => [
      `--${folder}-dir`,
      place('certbot', folder),
    ]);
    const certbot = (args: string[]) =>
      run('certbot', [...args, ...certbotState], {
        env: {
          ...process.env,
          REQUESTS_CA_BUNDLE: tls.authority,
          PATH: `${systemd.bin}:${process.env.PATH}`,
        },
      });
    const lineage = place('certbot', 'config', 'live', SITE_NAME);
    const pebbleRoot = await fetchText(
      `https://127.0.0.1:${pebbleManagementPort}/roots/0`,
      localAuthority,
    );

    // The first certificate: docs/deploying.md's command, with Pebble's directory as the server.
    await certbot([
      ...['certonly', '--webroot', '-w', settings.ACME_CHALLENGE_DIR, '-d', SITE_NAME],
      ...['--non-interactive', '--agree-tos', '--email', 'hostmaster@example.com'],
      ...['--deploy-hook', path.join(installDir, 'current', 'install-certificate')],
      ...['--server', `https://127.0.0.1:${pebblePort}/dir`],
    ]);
    await reloaded(workersAtReload, errorLog);
    const first = fingerprintOf(path.join(lineage, 'cert.pem'));
    expect((await servedCertificate(httpsPort, pebbleRoot)).fingerprint256).toBe(first);
    const firstChallenges = servedChallenges(accessLog);
    expect(firstChallenges, readFileSync(accessLog, 'utf8')).toBeGreaterThan(0);
    // Root's, and readable by the service's group only.
    const serviceGroup = Number((await run('id', ['-g', SERVICE_USER])).stdout);
    for (const file of [settings.TLS_CERTIFICATE, settings.TLS_KEY]) {
      const { mode, uid, gid } = statSync(file);
      expect({ file, mode: (mode & 0o777).toString(8), uid, gid }).toEqual({
        file,
        mode: '640',
        uid: 0,
        gid: serviceGroup,
      });
    }

    // A renewal: the command of certbot's timer (Debian's certbot.service), forced.
    await certbot(['-q', 'renew', '--no-random-sleep-on-renew', '--force-renewal']);
    await reloaded(workersAtReload, errorLog);
    const renewed = fingerprintOf(path.join(lineage, 'cert.pem'));
    expect(renewed).not.toBe(first);
    expect((await servedCertificate(httpsPort, pebbleRoot)).fingerprint256).toBe(renewed);
    expect(servedChallenges(accessLog), readFileSync(accessLog, 'utf8')).toBeGreaterThan(
      firstChallenges,
    );
    // The same nginx, reloaded rather than restarted.
    expect(systemd.mainPid(SERVICE)).toBe(master);
    expect(readFileSync(pidFile, 'utf8').trim()).toBe(String(master));

    // Pairs the hook must refuse, handed over as certbot hands a lineage: each leaves the served
    // files byte for byte as they were, and the next start of the service reads them.
    const servedFiles = () =>
      readdirSync(tlsDir).map((file) => [file, readFileSync(path.join(tlsDir, file), 'utf8')]);
    const before = servedFiles();
    const hook = path.join(installDir, 'current', 'install-certificate');
    const badPair = async (
      folder: string,
      make: (key: string, cert: string) => Promise<unknown>,
    ) => {
      mkdirSync(place(folder));
      await make(place(folder, 'privkey.pem'), place(folder, 'fullchain.pem'));
      return place(folder);
    };
    const selfSigned = (name: string, keyOptions: string[]) => (key: string, cert: string) =>
      run('openssl', [
        ...['req', '-x509', '-newkey', ...keyOptions, '-nodes', '-days', '1'],
        ...['-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`],
        ...['-keyout', key, '-out', cert],
      ]);
    const refusals = [
      {
        lineage: await badPair('mismatched', async (key, cert) => {
          await run('openssl', [
            'genpkey',
            '-algorithm',
            'EC',
            '-pkeyopt',
            'ec_paramgen_curve:P-256',
            '-out',
            key,
          ]);
          writeFileSync(cert, readFileSync(path.join(lineage, 'fullchain.pem')));
        }),
        why: "privkey.pem is not the key of fullchain.pem's certificate",
      },
      {
        lineage: await badPair(
          'another-name',
          selfSigned('another.example.com', ['ec', '-pkeyopt', 'ec_paramgen_curve:P-256']),
        ),
        why: `the certificate does not name ${SITE_NAME}`,
      },
      {
        // A key OpenSSL makes but refuses to use at its security level: only nginx -t finds it.
        lineage: await badPair('too-small', selfSigned(SITE_NAME, ['rsa:512'])),
        why: 'nginx -t fails with it: nginx: [emerg] ',
      },
    ];
    for (const { lineage: bad, why } of refusals) {
      const refused = await systemd.run(hook, [], { ...process.env, RENEWED_LINEAGE: bad });
      expect(refused.code, refused.stderr).toBe(1);
      const reason = `install-certificate: refused the pair in ${bad}: ${why}`;
      expect(refused.stderr.slice(0, reason.length)).toBe(reason);
      expect(refused.stderr).toMatch(
        new RegExp(`; ${settings.TLS_CERTIFICATE} and ${settings.TLS_KEY} are as they were\n$`),
      );
      expect(servedFiles()).toEqual(before);
    }
    // The next start: the service stopped, then started by activate, which says so once nginx
    // serves the release.
    const stopped = await systemd.run(path.join(systemd.bin, 'systemctl'), ['stop', SERVICE]);
    expect(stopped.code, stopped.stderr).toBe(0);
    const started = await systemd.run(
      path.join(installDir, 'current', 'activate'),
      [],
      server.environment,
    );
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toContain(`activate: ${SERVICE} serves ${name}\n`);
    expect(systemd.mainPid(SERVICE)).not.toBe(master);
    expect((await servedCertificate(httpsPort, pebbleRoot)).fingerprint256).toBe(renewed);

    // nginx -t, as the unit runs it before every start and reload, without -q: success, no warning.
    const nginxConfig = path.join(installDir, 'current', 'nginx', 'nginx.conf');
    const check = await run(
      'sh',
      asTheUnit(
        umask,
        nginxPath,
        command('ExecStartPre').filter((arg) => arg !== '-q'),
      ),
    );
    expect(`${check.stdout}${check.stderr}`).toBe(
      `nginx: the configuration file ${nginxConfig} syntax is ok\n` +
        `nginx: configuration file ${nginxConfig} test is successful\n`,
    );
  } finally {
    if (pebble) await stopGroup(pebble);
    await dns.close();
    await server.remove();
  }
});
