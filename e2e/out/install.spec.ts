import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:https';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { site } from '../../content/site';
import { freePort } from '../../scripts/serve/port';
import { serverRoot } from '../support/server-root';

/**
 * `install-release`, the one script docs/deploying.md runs to install a release, in a scratch folder
 * standing in for the server's root (its /etc and /opt, through the variables the scripts take for
 * trying a release outside the standard folders). It checks the archive's checksum and provenance
 * before anything of it is unpacked, and stops at the first failure: with gh missing, too old
 * (Debian 12's own, 2.23; or, offline, older than --custom-trusted-root) or failing its check, with an archive altered after release, with a
 * SHA-256 that is not the one a connected machine verified, it installs nothing, and the scratch
 * /etc and /opt are byte for byte as they were. Verified, it unpacks the release and its activate
 * makes it the one nginx serves.
 *
 * gh cannot reach GitHub here, so a gh of the test's own stands in for it: it says its version as
 * gh does, and for `gh attestation verify` writes down the arguments it was given, which must pin
 * the repository and deploy.yml on main (gh's own manual: --repo, --cert-identity, and --bundle
 * with --custom-trusted-root offline), then passes or fails as the test tells it.
 */

const run = promisify(execFile);
const REPOSITORY = 'example-bank/private-bank-site';
const IDENTITY = `https://github.com/${REPOSITORY}/.github/workflows/deploy.yml@refs/heads/main`;
const SITE_NAME = new URL(site.url).hostname;
const SERVICE = 'private-bank-site';

/** A digest of a folder's whole tree: every path, its type, mode, owner, and content or target. */
function treeDigest(folder: string): string {
  const hash = createHash('sha256');
  const entries = readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
  for (const entry of entries) {
    const file = path.join(folder, entry);
    const stat = lstatSync(file);
    hash.update(`${entry}\0${stat.mode}\0${stat.uid}\0${stat.gid}\0`);
    if (stat.isSymbolicLink()) hash.update(readlinkSync(file));
    else if (stat.isFile()) hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stand-in gh: its version, and its verdict on `gh attestation verify`. */
const standInGh = (version: string, verdict: 'passes' | 'fails', argsFile: string) => `#!/bin/sh
# The install test's stand-in for gh (e2e/out/install.spec.ts).
case "$1 $2" in
  "--version ") printf 'gh version ${version} (2026-01-01)\\nhttps://github.com/cli/cli/releases/tag/v${version}\\n' ;;
  "attestation verify")
    shift 2
    printf '%s\\n' "$@" >'${argsFile}'
    ${
      verdict === 'passes'
        ? 'echo "✓ Verification succeeded! (the test\'s stand-in)"'
        : 'echo "Error: verifying with issuer \\"sigstore.dev\\": no matching attestation (the test\'s stand-in)" >&2; exit 1'
    } ;;
  *) echo "gh (the test's stand-in): unexpected $*" >&2; exit 1 ;;
esac
`;

test('install-release verifies an archive before anything of it is unpacked, installs nothing when it cannot, and installs a verified one', async () => {
  test.setTimeout(180_000);
  const server = serverRoot('install');
  const { place, installDir, unitDir, logrotateDir, systemd } = server;
  const etc = place('etc');
  const tlsDir = place('etc', 'private-bank-site', 'tls');
  const download = place('download');
  for (const folder of [tlsDir, installDir, download]) mkdirSync(folder, { recursive: true });
  try {
    // What a server holds before the install: other units and rules, its settings, a certificate.
    writeFileSync(path.join(unitDir, 'another.service'), '[Service]\nExecStart=/bin/true\n');
    writeFileSync(path.join(logrotateDir, 'another'), '/var/log/another.log {}\n');
    await run('openssl', [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
      ...['-days', '1', '-subj', `/CN=${SITE_NAME}`, '-addext', `subjectAltName=DNS:${SITE_NAME}`],
      ...['-keyout', path.join(tlsDir, 'privkey.pem'), '-out', path.join(tlsDir, 'fullchain.pem')],
    ]);
    chmodSync(path.join(tlsDir, 'privkey.pem'), 0o644);
    const httpsPort = await freePort();
    server.writeSettings({
      TLS_CERTIFICATE: path.join(tlsDir, 'fullchain.pem'),
      TLS_KEY: path.join(tlsDir, 'privkey.pem'),
      HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      HTTP_LISTEN: `127.0.0.1:${await freePort()}`,
      RUNTIME_DIR: place('run', 'private-bank-site'),
      LOG_DIR: place('var', 'log', 'private-bank-site'),
      ACME_CHALLENGE_DIR: place('var', 'lib', 'private-bank-site', 'acme-challenge'),
      SERVICE_USER: 'www-data',
      SERVICE_GROUP: 'www-data',
      // This repository's releases are not for production: its content is fictional.
      PRODUCTION: 'no',
    });

    // The release as the GitHub release holds it: the archive, its checksum and the installer.
    await run('npm', ['run', 'release', '--', '--not-for-production'], {
      env: { ...process.env, CSP_REPORT_URI: '', RELEASE_OUT: download },
    });
    const [archive = ''] = readdirSync(download).filter((file) => file.endsWith('.tar.gz'));
    const name = archive.replace(/\.tar\.gz$/, '');
    const installer = path.join(download, 'install-release');
    const sha256 = readFileSync(path.join(download, `${archive}.sha256`), 'utf8').split(' ')[0]!;
    // The editing service's archive, which the same script installs on its own server.
    await run('npm', ['run', 'release:editor'], {
      env: { ...process.env, RELEASE_OUT: download },
    });
    const [editorArchive = ''] = readdirSync(download).filter((file) =>
      /^private-bank-editor-.*\.tar\.gz$/.test(file),
    );

    // gh, as each case has it: missing from every folder of PATH, too old, failing, passing.
    const noGh = place('no-gh');
    mkdirSync(noGh);
    for (const folder of [
      '/usr/local/sbin',
      '/usr/local/bin',
      '/usr/sbin',
      '/usr/bin',
      '/sbin',
      '/bin',
    ]) {
      let programs: string[];
      try {
        programs = readdirSync(folder);
      } catch {
        continue;
      }
      for (const program of programs) {
        if (program === 'gh') continue;
        try {
          symlinkSync(path.join(folder, program), path.join(noGh, program));
        } catch {
          // A program of that name from a folder earlier on PATH is linked already.
        }
      }
    }
    const ghArgs = place('gh-arguments');
    const ghFolder = (version: string, verdict: 'passes' | 'fails') => {
      const folder = place(`gh-${version}-${verdict}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'gh'), standInGh(version, verdict, ghArgs), { mode: 0o755 });
      return folder;
    };
    const install = (pathFolders: string, args: string[]) =>
      systemd.run(installer, args, { ...server.environment, PATH: pathFolders });

    /** Expects a run refused in one line that begins with `reason`, and nothing changed. */
    const expectRefused = async (pathFolders: string, args: string[], reason: string) => {
      const before = { etc: treeDigest(etc), opt: treeDigest(place('opt')) };
      const refused = await install(pathFolders, args);
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stderr.slice(0, reason.length)).toBe(reason);
      expect(refused.stderr.split('\n')).toHaveLength(2);
      expect({ etc: treeDigest(etc), opt: treeDigest(place('opt')) }).toEqual(before);
      expect(systemd.calls()).toEqual([]);
    };
    const inDownload = (file: string) => path.join(download, file);
    const systemPath = `${systemd.bin}:${noGh}`;

    await test.step('with gh missing, nothing is installed', async () => {
      for (const file of [archive, editorArchive]) {
        await expectRefused(
          systemPath,
          ['--repository', REPOSITORY, inDownload(file)],
          "install-release: gh, the GitHub CLI, is missing, so the archive's provenance cannot be verified and nothing was installed: install GitHub CLI 2.49.0 or later",
        );
      }
    });

    await test.step("with Debian 12's own gh, too old for gh attestation, nothing is installed", async () => {
      for (const file of [archive, editorArchive]) {
        await expectRefused(
          `${ghFolder('2.23.0', 'passes')}:${systemPath}`,
          ['--repository', REPOSITORY, inDownload(file)],
          "install-release: gh 2.23.0 is too old: gh attestation needs 2.49.0 or later (Debian 12's own gh is 2.23), so nothing was installed",
        );
      }
      // Offline verification needs --custom-trusted-root, which came later than gh attestation.
      writeFileSync(inDownload('bundle.jsonl'), '{}\n');
      writeFileSync(inDownload('trusted_root.jsonl'), '{}\n');
      await expectRefused(
        `${ghFolder('2.50.0', 'passes')}:${systemPath}`,
        [
          ...['--repository', REPOSITORY, '--bundle', inDownload('bundle.jsonl')],
          ...['--trusted-root', inDownload('trusted_root.jsonl'), inDownload(archive)],
        ],
        'install-release: gh 2.50.0 is too old to verify offline: --custom-trusted-root needs 2.52.0 or later, so nothing was installed',
      );
    });

    await test.step('with a provenance gh does not verify, nothing is installed', async () => {
      const failing = `${ghFolder('2.65.0', 'fails')}:${systemPath}`;
      await expectRefused(
        failing,
        ['--repository', REPOSITORY, inDownload(archive)],
        `install-release: ${inDownload(archive)}'s provenance does not verify as deploy.yml's on main of ${REPOSITORY}, so nothing was installed. gh says: Error: verifying with issuer "sigstore.dev": no matching attestation (the test's stand-in)\n`,
      );
      // Offline, with the attestation's bundle and Sigstore's trusted root: the same check.
      await expectRefused(
        failing,
        [
          ...['--repository', REPOSITORY, '--bundle', inDownload('bundle.jsonl')],
          ...['--trusted-root', inDownload('trusted_root.jsonl'), inDownload(archive)],
        ],
        `install-release: ${inDownload(archive)}'s provenance does not verify`,
      );
      // gh was asked for exactly the provenance of deploy.yml on main, offline.
      expect(readFileSync(ghArgs, 'utf8').split('\n').slice(1, -1)).toEqual([
        ...['--repo', REPOSITORY, '--cert-identity', IDENTITY],
        ...['--bundle', inDownload('bundle.jsonl')],
        ...['--custom-trusted-root', inDownload('trusted_root.jsonl')],
      ]);
    });

    await test.step('an archive altered after release, or not the one verified elsewhere, installs nothing', async () => {
      const altered = place('altered');
      mkdirSync(altered);
      copyFileSync(inDownload(archive), path.join(altered, archive));
      copyFileSync(inDownload(`${archive}.sha256`), path.join(altered, `${archive}.sha256`));
      writeFileSync(path.join(altered, archive), Buffer.from('altered'), { flag: 'a' });
      await expectRefused(
        `${ghFolder('2.65.0', 'passes')}:${systemPath}`,
        ['--repository', REPOSITORY, path.join(altered, archive)],
        `install-release: ${path.join(altered, archive)} does not match ${path.join(altered, archive)}.sha256, so nothing was installed\n`,
      );
      // Altered, with a checksum written to match: only the SHA-256 verified elsewhere tells.
      await run('sh', ['-c', `sha256sum ${archive} > ${archive}.sha256`], { cwd: altered });
      await expectRefused(
        systemPath,
        ['--verified-sha256', sha256, path.join(altered, archive)],
        `install-release: ${path.join(altered, archive)}'s SHA-256 is `,
      );
      await expectRefused(
        systemPath,
        ['--verified-sha256', 'not-a-digest', inDownload(archive)],
        'install-release: --verified-sha256 is "not-a-digest", which is not a SHA-256',
      );
    });

    await test.step('a verified archive is unpacked, activated and served', async () => {
      const installed = await install(`${ghFolder('2.65.0', 'passes')}:${systemPath}`, [
        ...['--repository', REPOSITORY, inDownload(archive)],
      ]);
      expect(installed.code, installed.stderr).toBe(0);
      expect(installed.stdout).toContain(`install-release: ${inDownload(archive)} is verified\n`);
      expect(installed.stdout).toContain(`activate: ${SERVICE} serves ${name}\n`);
      expect(readFileSync(ghArgs, 'utf8').split('\n').slice(1, -1)).toEqual([
        ...['--repo', REPOSITORY, '--cert-identity', IDENTITY],
      ]);
      expect(readlinkSync(path.join(installDir, 'current'))).toBe(`releases/${name}`);
      expect(readdirSync(path.join(installDir, 'releases'))).toEqual([name]);
      const page = await new Promise<string>((resolve, reject) => {
        get(
          {
            host: '127.0.0.1',
            port: httpsPort,
            path: '/',
            servername: SITE_NAME,
            headers: { Host: SITE_NAME },
            ca: readFileSync(path.join(tlsDir, 'fullchain.pem')),
            agent: false,
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve(body));
          },
        ).on('error', reject);
      });
      expect(page).toBe(
        readFileSync(path.join(installDir, 'current', 'site', 'index.html'), 'utf8'),
      );
    });

    await test.step('the same release again is refused, naming its activate', async () => {
      const before = { etc: treeDigest(etc), opt: treeDigest(place('opt')) };
      const refused = await install(systemPath, ['--verified-sha256', sha256, inDownload(archive)]);
      expect(refused.stderr).toBe(
        `install-release: ${path.join(installDir, 'releases', name)} is there already: to make it the release in use again, run ${path.join(installDir, 'releases', name, 'activate')}\n`,
      );
      expect({ etc: treeDigest(etc), opt: treeDigest(place('opt')) }).toEqual(before);
    });
  } finally {
    await server.remove();
  }
});
