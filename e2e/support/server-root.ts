/**
 * A server's root as docs/deploying.md lays it out, in a scratch folder standing in for the
 * server's /: where the site is installed, the server's settings file, and the folders of systemd's
 * units and logrotate's rules, which a Debian server has and a release's activate writes into; with
 * the tests' stand-in systemd (stand-in-systemd.ts) for its units, which really starts and reloads
 * the release's nginx.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { standInSystemd } from './stand-in-systemd';

/** The unit's name, and the name of the folders of the site's own under /etc and /opt. */
const SERVICE = 'private-bank-site';

/**
 * A server's root in a new scratch folder, its folders made, with the environment that points
 * install-release and activate at its places instead of the machine's own.
 * @param name What the scratch folder's name says the root is for.
 */
export function serverRoot(name: string) {
  const root = mkdtempSync(path.join(tmpdir(), `private-bank-${name}-root-`));
  // nginx runs as the unit's user, who must reach the release, the certificate and the folders.
  chmodSync(root, 0o755);
  const place = (...parts: string[]) => path.join(root, ...parts);
  const installDir = place('opt', SERVICE);
  const settingsFile = place('etc', SERVICE, 'settings');
  const unitDir = place('etc', 'systemd', 'system');
  const logrotateDir = place('etc', 'logrotate.d');
  for (const folder of [path.dirname(settingsFile), unitDir, logrotateDir])
    mkdirSync(folder, { recursive: true });
  const systemd = standInSystemd(root, unitDir);
  return {
    root,
    place,
    installDir,
    settingsFile,
    unitDir,
    logrotateDir,
    systemd,
    /**
     * Writes the settings file as docs/deploying.md does: a heading, then one NAME=value a line;
     * a setting whose value is undefined is left out.
     */
    writeSettings(values: Record<string, string | undefined>) {
      const lines = Object.entries(values)
        .filter(([, value]) => value !== undefined)
        .map(([setting, value]) => `${setting}=${value}`);
      writeFileSync(settingsFile, `# This server's settings\n${lines.join('\n')}\n`);
    },
    environment: {
      ...process.env,
      INSTALL_DIR: installDir,
      ACTIVATE_SETTINGS: settingsFile,
      ACTIVATE_UNIT_DIR: unitDir,
      ACTIVATE_LOGROTATE_DIR: logrotateDir,
    },
    /** Stops the site's nginx, whatever started it, then removes the root. */
    async remove() {
      await systemd.stopAll(SERVICE);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
