import { execFile } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { freePort } from '../../scripts/serve/port';
import { localTls } from '../support/local-tls';

/**
 * A release's `activate`, run as docs/deploying.md runs it, to install a release and to roll back,
 * in a scratch folder standing in for the server's root, with a systemctl of the test's own that
 * writes down what it is asked (systemd does not run here). One archive of `npm run release`,
 * unpacked under three names: an older release, a newer one whose unit and logrotate rule differ,
 * and one whose nginx configuration does not pass `nginx -t`. Activating a release installs its
 * unit and rule, links `current` to it and restarts the service; a rollback puts back the older
 * release's unit and rule. A misspelt release, an argument, a broken configuration and a setting
 * that nginx refuses are each refused in one line, and leave `current`, the configuration a restart
 * reads, the unit, the rule and systemd as they were. A restart that fails leaves the release in
 * place and names the command. After all of it, the unit's own check of its next start passes.
 */

const run = promisify(execFile);
const OLDER = 'private-bank-site-older';
const NEWER = 'private-bank-site-newer';
const BROKEN = 'private-bank-site-broken';
/** The unit's description in every release, and in the newer one, which the test edits. */
const DESCRIPTION = 'Description=Private Bank South Africa website (nginx)';
const NEWER_DESCRIPTION = 'Description=Private Bank South Africa website (nginx, newer)';

/** How a command the deployer typed in a shell ended, and what it printed on stderr. */
type Outcome = { code: number; stderr: string };

test('activate installs a release, rolls back to an older one, and refuses a broken one leaving everything as it was', async () => {
  // Packing, and nine runs of activate of dozens of processes each (configure's checks, nginx -t):
  // about ten seconds alone, and two minutes on a machine running a build beside it.
  test.setTimeout(180_000);
  const root = mkdtempSync(path.join(tmpdir(), 'private-bank-activate-root-'));
  // nginx -t runs as the unit's user, who must reach the release, the certificate and the folders.
  chmodSync(root, 0o755);
  const place = (...parts: string[]) => path.join(root, ...parts);
  const installDir = place('opt', 'private-bank-site');
  const releasesDir = path.join(installDir, 'releases');
  const current = path.join(installDir, 'current');
  const unitDir = place('etc', 'systemd', 'system');
  const logrotateDir = place('etc', 'logrotate.d');
  const tlsDir = place('etc', 'private-bank-site', 'tls');
  const settingsFile = place('etc', 'private-bank-site', 'settings');
  const systemctlLog = place('systemctl.log');
  try {
    for (const folder of [releasesDir, unitDir, logrotateDir, tlsDir, place('bin')]) {
      mkdirSync(folder, { recursive: true });
    }
    const tls = localTls();
    for (const file of [tls.certificate, tls.key]) {
      const copy = path.join(tlsDir, path.basename(file));
      copyFileSync(file, copy);
      chmodSync(copy, 0o644);
    }
    // systemctl as the test's own: it writes down each command, one line each, and succeeds but
    // for the command that SYSTEMCTL_FAILS names.
    writeFileSync(
      place('bin', 'systemctl'),
      `#!/bin/sh\necho "$*" >> ${systemctlLog}\n[ "$1" != "\${SYSTEMCTL_FAILS-}" ]\n`,
    );
    chmodSync(place('bin', 'systemctl'), 0o755);
    writeFileSync(systemctlLog, '');
    const environment = {
      ...process.env,
      PATH: `${place('bin')}:${process.env.PATH}`,
      ACTIVATE_SETTINGS: settingsFile,
      ACTIVATE_UNIT_DIR: unitDir,
      ACTIVATE_LOGROTATE_DIR: logrotateDir,
    };
    const settings: Record<string, string> = {
      RUNTIME_DIR: place('run', 'private-bank-site'),
      LOG_DIR: place('var', 'log', 'private-bank-site'),
      ACME_CHALLENGE_DIR: place('var', 'lib', 'private-bank-site', 'acme-challenge'),
      TLS_CERTIFICATE: path.join(tlsDir, 'certificate.pem'),
      TLS_KEY: path.join(tlsDir, 'key.pem'),
      HTTPS_LISTEN: `127.0.0.1:${await freePort()}`,
      HTTP_LISTEN: `127.0.0.1:${await freePort()}`,
      // A user and group that every Debian system has.
      SERVICE_USER: 'www-data',
      SERVICE_GROUP: 'www-data',
    };
    const writeSettings = (changes: Record<string, string> = {}) =>
      writeFileSync(
        settingsFile,
        `${Object.entries({ ...settings, ...changes })
          .map(([name, value]) => `${name}=${value}`)
          .join('\n')}\n`,
      );
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
    const NOT_A_DIRECTIVE = 'this is not a directive;';
    appendFileSync(release(BROKEN, 'nginx', 'nginx.conf.template'), `${NOT_A_DIRECTIVE}\n`);

    /** A command line typed in a shell, as a deployer types it, with a systemctl command failing. */
    const deployerRuns = async (commandLine: string, failingSystemctl = ''): Promise<Outcome> => {
      try {
        const { stderr } = await run('sh', ['-c', commandLine], {
          env: { ...environment, SYSTEMCTL_FAILS: failingSystemctl },
        });
        return { code: 0, stderr };
      } catch (error) {
        const { code, stderr } = error as Outcome;
        return { code, stderr };
      }
    };
    const installedUnit = path.join(unitDir, 'private-bank-site.service');
    const installedRule = path.join(logrotateDir, 'private-bank-site');
    /** All that activate may change: what a restart reads, what systemd was asked, every file. */
    const installed = () => ({
      current: readlinkSync(current),
      configuration: readFileSync(path.join(current, 'nginx', 'nginx.conf'), 'utf8'),
      unit: readFileSync(installedUnit, 'utf8'),
      rule: readFileSync(installedRule, 'utf8'),
      systemctl: readFileSync(systemctlLog, 'utf8'),
      files: [installDir, unitDir, logrotateDir].map((folder) => readdirSync(folder)),
    });
    const systemctlCalls = () => readFileSync(systemctlLog, 'utf8').split('\n').filter(Boolean);

    await test.step('activating a release installs its unit and rule, links current and starts it', async () => {
      const activated = await deployerRuns(release(OLDER, 'activate'));
      expect(activated.code, activated.stderr).toBe(0);
      expect(readlinkSync(current)).toBe(`releases/${OLDER}`);
      expect(readFileSync(installedUnit, 'utf8')).toContain(`\n${DESCRIPTION}\n`);
      expect(readFileSync(installedRule, 'utf8')).toContain('\n    rotate 14\n');
      expect(systemctlCalls()).toEqual([
        'daemon-reload',
        'enable private-bank-site',
        'restart private-bank-site',
      ]);
    });

    await test.step('activating a newer release switches the link, the unit and the rule', async () => {
      const activated = await deployerRuns(release(NEWER, 'activate'));
      expect(activated.code, activated.stderr).toBe(0);
      expect(readlinkSync(current)).toBe(`releases/${NEWER}`);
      expect(readFileSync(installedUnit, 'utf8')).toContain(`\n${NEWER_DESCRIPTION}\n`);
      expect(readFileSync(installedRule, 'utf8')).toContain('\n    rotate 30\n');
      // The unit changed, and systemd applies a unit's settings only when it starts it.
      expect(systemctlCalls().slice(3)).toEqual([
        'daemon-reload',
        'enable private-bank-site',
        'restart private-bank-site',
      ]);
    });

    await test.step('rolling back to the older release puts back its unit and rule', async () => {
      const activated = await deployerRuns(release(OLDER, 'activate'));
      expect(activated.code, activated.stderr).toBe(0);
      expect(readlinkSync(current)).toBe(`releases/${OLDER}`);
      expect(readFileSync(installedUnit, 'utf8')).toContain(`\n${DESCRIPTION}\n`);
      expect(readFileSync(installedUnit, 'utf8')).not.toContain(NEWER_DESCRIPTION);
      expect(readFileSync(installedRule, 'utf8')).toContain('\n    rotate 14\n');
      expect(systemctlCalls().slice(6)).toEqual([
        'daemon-reload',
        'enable private-bank-site',
        'restart private-bank-site',
      ]);
    });

    /**
     * Runs what a deployer typed, and expects it refused in one line, which begins with the reason
     * given, and nothing changed.
     * @returns The line.
     */
    const expectRefused = async (commandLine: string, code: number, reason: string) => {
      const before = installed();
      const refused = await deployerRuns(commandLine);
      expect(refused.code, refused.stderr).toBe(code);
      expect(refused.stderr.slice(0, reason.length)).toBe(reason);
      expect(refused.stderr.split('\n')).toHaveLength(2);
      expect(installed()).toEqual(before);
      return refused.stderr;
    };

    await test.step('a misspelt release has no activate to run, and nothing changes', async () => {
      const misspelt = path.join(releasesDir, 'private-bank-site-olde', 'activate');
      await expectRefused(misspelt, 127, `sh: 1: ${misspelt}: not found\n`);
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

    await test.step('the release in use, activated again with new settings, is reloaded', async () => {
      writeSettings({ TRUSTED_PROXY: '192.0.2.0/24' });
      const activated = await deployerRuns(path.join(current, 'activate'));
      expect(activated.code, activated.stderr).toBe(0);
      expect(readFileSync(path.join(current, 'nginx', 'nginx.conf'), 'utf8')).toContain(
        'set_real_ip_from 192.0.2.0/24;',
      );
      // The same unit: a reload, which refuses no connection.
      expect(systemctlCalls().slice(9)).toEqual([
        'daemon-reload',
        'enable private-bank-site',
        'reload-or-restart private-bank-site',
      ]);
    });

    await test.step('a restart that fails leaves the release in place, and says so', async () => {
      const activated = await deployerRuns(release(NEWER, 'activate'), 'restart');
      expect(activated.code).toBe(1);
      expect(activated.stderr).toBe(
        `activate: ${NEWER} is in place, but systemctl restart private-bank-site failed: systemctl status private-bank-site and journalctl -u private-bank-site say why; fix that and run this again, or activate another release\n`,
      );
      expect(readlinkSync(current)).toBe(`releases/${NEWER}`);
      expect(readFileSync(installedUnit, 'utf8')).toContain(`\n${NEWER_DESCRIPTION}\n`);
      expect(systemctlCalls().slice(12)).toEqual([
        'daemon-reload',
        'enable private-bank-site',
        'restart private-bank-site',
      ]);
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
      const [nginx = '', ...args] = setting('ExecStartPre').split(' ');
      await run('setpriv', [
        '--reuid=www-data',
        '--regid=www-data',
        '--init-groups',
        nginx,
        ...args,
      ]);
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
