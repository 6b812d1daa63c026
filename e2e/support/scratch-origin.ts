/**
 * An origin server in a scratch folder, for the records' tests: the folders of a standard install
 * under a root of the test's, the server's settings, a certificate, and the tests' stand-in systemd
 * (stand-in-systemd.ts), which really starts and reloads the release's nginx, so that a release's own
 * `activate` runs as docs/deploying.md runs it, nginx -t and its check that nginx serves the release
 * included. Releases are the archive of `npm run release`,
 * unpacked under the name CI gives a commit's release, with the site of that commit's build.
 */
import { execFile } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/serve/port';
import { localTls } from './local-tls';
import { serverRoot } from './server-root';

const run = promisify(execFile);

/** How a command ended, with what it printed. */
export type Ran = { code: number; stdout: string; stderr: string };

/** Packs the release archive of this checkout, as CI does, into a folder of its own. */
export async function packRelease(folder: string): Promise<string> {
  await run('npm', ['run', 'release', '--', '--not-for-production'], {
    env: { ...process.env, RELEASE_OUT: folder },
  });
  const [archive] = readdirSync(folder).filter((file) => file.endsWith('.tar.gz'));
  if (!archive) throw new Error('npm run release wrote no archive');
  return path.join(folder, archive);
}

/** A scratch origin: its root, and what the deployer does there. */
export async function scratchOrigin() {
  const server = serverRoot('origin');
  const { root, place, systemd } = server;
  const releasesDir = path.join(server.installDir, 'releases');
  const tlsDir = place('etc', 'private-bank-site', 'tls');
  for (const folder of [releasesDir, tlsDir]) mkdirSync(folder, { recursive: true });
  const tls = localTls();
  for (const file of [tls.certificate, tls.key]) {
    const copy = path.join(tlsDir, path.basename(file));
    copyFileSync(file, copy);
    chmodSync(copy, 0o644);
  }
  server.writeSettings({
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
    // The archive is packed --not-for-production, as this repository's content is fictional.
    PRODUCTION: 'no',
  });
  const recordsSettings = place('etc', 'private-bank-site', 'records');
  const environment = { ...server.environment, ACTIVATE_RECORDS: recordsSettings };
  return {
    root,
    /** The server's records settings (record-activation), written as the deployer writes them. */
    recordsSettings(values: Record<string, string>) {
      writeFileSync(
        recordsSettings,
        `${Object.entries(values)
          .map(([name, value]) => `${name}=${value}`)
          .join('\n')}\n`,
      );
    },
    /**
     * Unpacks an archive as the release of a commit, with that commit's build as its site.
     * @returns The release's name.
     */
    async unpack(archive: string, commit: string, site: string) {
      const unpacked = mkdtempSync(path.join(root, 'unpack-'));
      await run('tar', ['-xzf', archive, '-C', unpacked]);
      const [folder = ''] = readdirSync(unpacked);
      const name = `private-bank-site-${commit.slice(0, 12)}-not-for-production`;
      rmSync(path.join(unpacked, folder, 'site'), { recursive: true });
      cpSync(site, path.join(unpacked, folder, 'site'), {
        recursive: true,
        filter: (source) => !/\/(_headers|\.assetsignore)$/.test(source),
      });
      renameSync(path.join(unpacked, folder), path.join(releasesDir, name));
      rmSync(unpacked, { recursive: true });
      return name;
    },
    /** Runs a release's activate as the deployer does, as root. */
    activate: (release: string): Promise<Ran> =>
      systemd.run(path.join(releasesDir, release, 'activate'), [], environment),
    /** The release `current` names. */
    current: () => path.basename(readlinkSync(path.join(server.installDir, 'current'))),
    /** Stops the release's nginx, then removes the scratch root. */
    remove: server.remove,
  };
}
