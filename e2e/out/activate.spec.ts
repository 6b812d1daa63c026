import { execFile } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:https';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { freePort, freePrivilegedPort } from '../support/ports';
import { site } from '../../content/site';
import { serverRoot } from '../support/server-root';
import type { Outcome } from '../support/stand-in-systemd';

/**
 * A release's `activate`, run as docs/deploying.md runs it, to install a release and to roll back,
 * in a scratch folder standing in for the server's root, with a systemctl of the tests' own that
 * runs the installed unit's commands, so that the release's nginx really starts, reloads and stops
 * (e2e/support/stand-in-systemd.ts). One archive of `npm run release`, unpacked under three names:
 * an older release, a newer one whose unit, logrotate rule and home page differ, and one whose nginx
 * configuration does not pass `nginx -t`. Activating a release installs its unit and rule, links
 * `current` to it, has systemd run it, and says so only once nginx serves its home page. A misspelt
 * release, an argument, a broken configuration, a setting that nginx refuses and a release not for
 * production on a production server are each refused in one line, and leave `current`, the
 * configuration a restart reads, the unit, the rule and systemd as they were. A reload or a restart
 * that nginx cannot carry out (a port another program holds) puts back the release in use, which
 * serves again, and `activate` fails in nginx's words. After all of it, the unit's own check of its
 * next start passes.
 */

const run = promisify(execFile);
const OLDER = 'private-bank-site-older';
const NEWER = 'private-bank-site-newer';
const BROKEN = 'private-bank-site-broken';
const SERVICE = 'private-bank-site';
/** The site's host name: the server's name, as its settings name none. */
const SITE_NAME = new URL(site.url).hostname;
/** The unit's description in every release, and in the newer one, which the test edits. */
const DESCRIPTION = 'Description=Private Bank South Africa website (nginx)';
const NEWER_DESCRIPTION = 'Description=Private Bank South Africa website (nginx, newer)';
/** A line added to the newer release's home page, so that the page served says which release. */
const NEWER_PAGE_MARK = '<!-- the newer release -->';

test('activate installs a release, rolls back, refuses a broken one, and puts back the release in use when nginx cannot take the new one', async () => {
  // Packing, then a dozen runs of activate, each starting or reloading nginx: about half a minute
  // alone, and three on a machine running a build beside it.
  test.setTimeout(300_000);
  const server = serverRoot('activate');
  const { place, installDir, unitDir, logrotateDir, systemd } = server;
  const releasesDir = path.join(installDir, 'releases');
  const current = path.join(installDir, 'current');
  const tlsDir = place('etc', 'private-bank-site', 'tls');
  for (const folder of [releasesDir, tlsDir]) mkdirSync(folder, { recursive: true });
  // A program other than nginx, holding a port that a setting will ask nginx to listen on too.
  const holder = createServer();
  try {
    // A certificate for the site's name, which the test's requests trust, made as the docs make
    // the placeholder.
    await run('openssl', [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
      ...['-days', '1', '-subj', `/CN=${SITE_NAME}`, '-addext', `subjectAltName=DNS:${SITE_NAME}`],
      ...['-keyout', path.join(tlsDir, 'privkey.pem'), '-out', path.join(tlsDir, 'fullchain.pem')],
    ]);
    chmodSync(path.join(tlsDir, 'privkey.pem'), 0o644);
    const certificate = readFileSync(path.join(tlsDir, 'fullchain.pem'), 'utf8');
    const { environment } = server;
    const httpsPort = await freePort();
    const settings: Record<string, string> = {
      RUNTIME_DIR: place('run', 'private-bank-site'),
      LOG_DIR: place('var', 'log', 'private-bank-site'),
      ACME_CHALLENGE_DIR: place('var', 'lib', 'private-bank-site', 'acme-challenge'),
      TLS_CERTIFICATE: path.join(tlsDir, 'fullchain.pem'),
      TLS_KEY: path.join(tlsDir, 'privkey.pem'),
      HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      // A port under 1024, as 80 is: nginx, and nginx -t, which binds it, listen with the unit's
      // one capability, CAP_NET_BIND_SERVICE, not as root.
      HTTP_LISTEN: `127.0.0.1:${await freePrivilegedPort()}`,
      // A user and group that every Debian system has.
      SERVICE_USER: 'www-data',
      SERVICE_GROUP: 'www-data',
      // The archive is packed --not-for-production, as this repository's content is fictional.
      PRODUCTION: 'no',
    };
    const writeSettings = (changes: Record<string, string | undefined> = {}) =>
      server.writeSettings({ ...settings, ...changes });
    writeSettings();

    // One archive, unpacked as docs/deploying.md unpacks it, and renamed, three times.
    await run('npm', ['run', 'release', '--', '--not-for-production'], {
      env: { ...process.env, RELEASE_OUT: place('download') },
    });
    const [archive = ''] = readdirSync(place('download')).filter((f) => f.endsWith('.tar.gz'));
    for (const name of [OLDER, NEWER, BROKEN]) {
      await run('tar', ['-xzf', place('download', archive), '-C', releasesDir]);
      renameSync(
        path.join(releasesDir, archive.replace(/\.tar\.gz$/, '')),
        path.join(releasesDir, name),
      );
    }
    const release = (name: string, ...parts: string[]) => path.join(releasesDir, name, ...parts);
    const edit = (file: string, from: string, to: string) => {
      const text = readFileSync(file, 'utf8');
      expect(text, file).toContain(from);
      writeFileSync(file, text.replace(from, to));
    };
    edit(release(NEWER, 'systemd', 'service.template'), DESCRIPTION, NEWER_DESCRIPTION);
    edit(release(NEWER, 'systemd', 'logrotate.template'), 'rotate 14', 'rotate 30');
    appendFileSync(release(NEWER, 'site', 'index.html'), `${NEWER_PAGE_MARK}\n`);
    const NOT_A_DIRECTIVE = 'this is not a directive;';
    appendFileSync(release(BROKEN, 'nginx', 'nginx.conf.template'), `${NOT_A_DIRECTIVE}\n`);

    /** A command line typed in root's shell on Debian, bash, as a deployer types it. */
    const deployerRuns = (commandLine: string): Promise<Outcome> =>
      systemd.run('bash', ['-c', commandLine], environment);
    /** The home page nginx serves now, as a browser asks for it (no compression). */
    const servedHomePage = () =>
      new Promise<string>((resolve, reject) => {
        const options = {
          host: '127.0.0.1',
          port: httpsPort,
          path: '/',
          servername: SITE_NAME,
          headers: { Host: `${SITE_NAME}:${httpsPort}` },
          ca: certificate,
          agent: false,
        };
        get(options, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve(body));
        }).on('error', reject);
      });
    /** Which release nginx serves, by its home page. */
    const servedRelease = async () =>
      (await servedHomePage()).includes(NEWER_PAGE_MARK) ? NEWER : OLDER;
    const installedUnit = path.join(unitDir, 'private-bank-site.service');
    const installedRule = path.join(logrotateDir, 'private-bank-site');
    /** All that activate may change: what a restart reads, what systemd was asked, every file. */
    const installed = () => ({
      current: readlinkSync(current),
      configuration: readFileSync(path.join(current, 'nginx', 'nginx.conf'), 'utf8'),
      unit: readFileSync(installedUnit, 'utf8'),
      rule: readFileSync(installedRule, 'utf8'),
      systemctl: systemd.calls(),
      files: [installDir, unitDir, logrotateDir].map((folder) => readdirSync(folder)),
    });

    await test.step('activating a release installs its unit and rule, links current, starts it and sees it served', async () => {
      const activated = await deployerRuns(release(OLDER, 'activate'));
      expect(activated.code, activated.stderr).toBe(0);
      expect(activated.stdout).toContain(`activate: ${SERVICE} serves ${OLDER}\n`);
      expect(readlinkSync(current)).toBe(`releases/${OLDER}`);
      expect(readFileSync(installedUnit, 'utf8')).toContain(`\n${DESCRIPTION}\n`);
      expect(readFileSync(installedRule, 'utf8')).toContain('\n    rotate 14\n');
      expect(systemd.calls()).toEqual(['daemon-reload', `enable ${SERVICE}`, `restart ${SERVICE}`]);
      expect(await servedRelease()).toBe(OLDER);
    });

    await test.step('activating a newer release switches the link, the unit and the rule, and serves it', async () => {
      const activated = await deployerRuns(release(NEWER, 'activate'));
      expect(activated.code, activated.stderr).toBe(0);
      expect(readlinkSync(current)).toBe(`releases/${NEWER}`);
      expect(readFileSync(installedUnit, 'utf8')).toContain(`\n${NEWER_DESCRIPTION}\n`);
      expect(readFileSync(installedRule, 'utf8')).toContain('\n    rotate 30\n');
      // The unit changed, and systemd applies a unit's settings only when it starts it.
      expect(systemd.calls().slice(3)).toEqual([
        'daemon-reload',
        `enable ${SERVICE}`,
        `restart ${SERVICE}`,
      ]);
      expect(await servedRelease()).toBe(NEWER);
    });

    await test.step('rolling back to the older release puts back its unit and rule, and serves it', async () => {
      const activated = await deployerRuns(release(OLDER, 'activate'));
      expect(activated.code, activated.stderr).toBe(0);
      expect(readlinkSync(current)).toBe(`releases/${OLDER}`);
      expect(readFileSync(installedUnit, 'utf8')).toContain(`\n${DESCRIPTION}\n`);
      expect(readFileSync(installedUnit, 'utf8')).not.toContain(NEWER_DESCRIPTION);
      expect(readFileSync(installedRule, 'utf8')).toContain('\n    rotate 14\n');
      expect(systemd.calls().slice(6)).toEqual([
        'daemon-reload',
        `enable ${SERVICE}`,
        `restart ${SERVICE}`,
      ]);
      expect(await servedRelease()).toBe(OLDER);
    });

    /**
     * Runs what a deployer typed, and expects it refused in one line, which begins with the reason
     * given, nothing changed, and the release in use still served.
     * @returns The line.
     */
    const expectRefused = async (commandLine: string, code: number, reason: string) => {
      const before = installed();
      const refused = await deployerRuns(commandLine);
      expect(refused.code, refused.stderr).toBe(code);
      expect(refused.stderr.slice(0, reason.length)).toBe(reason);
      expect(refused.stderr.split('\n')).toHaveLength(2);
      expect(installed()).toEqual(before);
      expect(await servedRelease()).toBe(OLDER);
      return refused.stderr;
    };

    await test.step('a misspelt release has no activate to run, and nothing changes', async () => {
      const misspelt = path.join(releasesDir, 'private-bank-site-olde', 'activate');
      await expectRefused(misspelt, 127, `bash: line 1: ${misspelt}: No such file or directory\n`);
    });

    await test.step('a release named as an argument is refused with the releases there', async () => {
      await expectRefused(
        `${path.join(current, 'activate')} ${NEWER}`,
        1,
        `activate: activate takes no argument: it activates the release it is in (${OLDER}). To activate another, run that release's own ${releasesDir}/<release>/activate, where <release> is one of: ${BROKEN} ${NEWER} ${OLDER}\n`,
      );
    });

    await test.step('a release whose configuration fails nginx -t is refused, and nothing changes', async () => {
      const configuration = release(BROKEN, 'nginx', 'nginx.conf');
      const reason = await expectRefused(
        release(BROKEN, 'activate'),
        1,
        `activate: refused ${BROKEN}: its configuration fails nginx -t, so nothing was installed: nginx: [emerg] unknown directive "this" in ${configuration}:`,
      );
      // The line nginx names is the one in the configuration, left there to read, that holds the error.
      const line = readFileSync(configuration, 'utf8').split('\n').indexOf(NOT_A_DIRECTIVE) + 1;
      expect(line).toBeGreaterThan(0);
      expect(reason.slice(reason.lastIndexOf(':'))).toBe(`:${line}\n`);
    });

    await test.step('a slip in the settings is refused by configure, and nothing changes', async () => {
      writeSettings({ TRUSTED_PROXY: '192.0.2.0/24;' });
      await expectRefused(
        release(NEWER, 'activate'),
        1,
        'configure: TRUSTED_PROXY is "192.0.2.0/24;", which is not an IP address or network (10.0.0.0/8)\n',
      );
    });

    await test.step('a setting nginx refuses, for the release in use, changes nothing of it', async () => {
      const missing = path.join(tlsDir, 'missing.pem');
      writeSettings({ TLS_CERTIFICATE: missing });
      await expectRefused(
        path.join(current, 'activate'),
        1,
        `activate: refused ${OLDER}: its configuration fails nginx -t, so nothing was installed: nginx: [emerg] cannot load certificate "${missing}": `,
      );
    });

    await test.step('a release not for production is refused on a production server, the default', async () => {
      writeSettings({ PRODUCTION: undefined });
      await expectRefused(
        release(NEWER, 'activate'),
        1,
        `activate: refused ${NEWER}: it is not for production (it holds go-live placeholders, as its NOT-FOR-PRODUCTION file says), and this is a production server: only a server whose settings say PRODUCTION=no takes it\n`,
      );
      writeSettings({ PRODUCTION: 'yes' });
      await expectRefused(release(NEWER, 'activate'), 1, `activate: refused ${NEWER}: it is not`);
    });

    await test.step('the release in use, activated again with new settings, is reloaded', async () => {
      writeSettings({ TRUSTED_PROXY: '192.0.2.0/24' });
      const master = systemd.mainPid(SERVICE);
      const activated = await deployerRuns(path.join(current, 'activate'));
      expect(activated.code, activated.stderr).toBe(0);
      expect(readFileSync(path.join(current, 'nginx', 'nginx.conf'), 'utf8')).toContain(
        'set_real_ip_from 192.0.2.0/24;',
      );
      // The same unit: a reload, which refuses no connection, by the same master.
      expect(systemd.calls().slice(9)).toEqual([
        'daemon-reload',
        `enable ${SERVICE}`,
        `reload-or-restart ${SERVICE}`,
      ]);
      expect(systemd.mainPid(SERVICE)).toBe(master);
      expect(await servedRelease()).toBe(OLDER);
    });

    // A port another program holds, which a setting asks nginx to listen on as well: nginx -t does
    // not bind ports, so only nginx itself, once signalled, finds it taken.
    holder.listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const heldPort = (holder.address() as { port: number }).port;
    const bindFailure = `[emerg] bind() to 127.0.0.1:${heldPort} failed (98: Address already in use)`;
    writeSettings({
      TRUSTED_PROXY: '192.0.2.0/24',
      HTTPS_LISTEN: `127.0.0.1:${httpsPort} 127.0.0.1:${heldPort}`,
    });

    await test.step('a reload nginx cannot carry out puts back what the release ran with, and fails in nginx words', async () => {
      const before = installed();
      const master = systemd.mainPid(SERVICE);
      const refused = await deployerRuns(path.join(current, 'activate'));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `activate: refused ${OLDER}: nginx does not serve ${OLDER} within 10 s: nginx says: ${bindFailure}. Put back ${OLDER}, with the unit and rule it ran with before, and nginx serves it\n`,
      );
      // systemd was asked to reload twice: the new configuration, then the one put back.
      expect(systemd.calls().slice(12)).toEqual([
        'daemon-reload',
        `enable ${SERVICE}`,
        `reload-or-restart ${SERVICE}`,
        'daemon-reload',
        `enable ${SERVICE}`,
        `reload-or-restart ${SERVICE}`,
      ]);
      const after = installed();
      expect({ ...after, systemctl: [] }).toEqual({ ...before, systemctl: [] });
      expect(systemd.mainPid(SERVICE)).toBe(master);
      expect(await servedRelease()).toBe(OLDER);
    });

    await test.step('a restart nginx cannot carry out puts back the release before, which serves again', async () => {
      const before = installed();
      const refused = await deployerRuns(release(NEWER, 'activate'));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `activate: refused ${NEWER}: nginx does not serve ${NEWER} within 10 s: nginx says: ${bindFailure}. Put back ${OLDER}, with the unit and rule it ran with before, and nginx serves it\n`,
      );
      // A new unit: restarted; then, the one before put back, what is left stopped and restarted.
      expect(systemd.calls().slice(18)).toEqual([
        'daemon-reload',
        `enable ${SERVICE}`,
        `restart ${SERVICE}`,
        `stop ${SERVICE}`,
        'daemon-reload',
        `enable ${SERVICE}`,
        `restart ${SERVICE}`,
      ]);
      expect({ ...installed(), systemctl: [] }).toEqual({ ...before, systemctl: [] });
      expect(await servedRelease()).toBe(OLDER);
    });

    await test.step("the unit's own check before its next start passes, as its user", async () => {
      // The logs activate's check made are the unit's user's, made as the unit makes them: the
      // folder 0750, the access log 0640, both the group's to read and nobody else's.
      const logDir = settings.LOG_DIR!;
      expect((statSync(logDir).mode & 0o777).toString(8)).toBe('750');
      expect((statSync(path.join(logDir, 'access.log')).mode & 0o777).toString(8)).toBe('640');
      const { stdout: serviceUid } = await run('id', ['-u', 'www-data']);
      expect(statSync(path.join(logDir, 'access.log')).uid).toBe(Number(serviceUid));
      const unit = readFileSync(installedUnit, 'utf8');
      const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1] ?? '';
      expect(setting('User')).toBe('www-data');
      // nginx binds ports under 1024 with this one capability (docs/deploying.md), and no other.
      expect(setting('AmbientCapabilities')).toBe('CAP_NET_BIND_SERVICE');
      const [nginx = '', ...args] = setting('ExecStartPre').split(' ');
      await run('setpriv', [
        '--reuid=www-data',
        '--regid=www-data',
        '--init-groups',
        '--inh-caps=+net_bind_service',
        '--ambient-caps=+net_bind_service',
        nginx,
        ...args,
      ]);
    });
  } finally {
    holder.close();
    await server.remove();
  }
});
