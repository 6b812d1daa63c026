/**
 * A server's root as docs/deploying.md lays it out, under a scratch folder standing in for the
 * server's /: where the site is installed, the server's settings file, and the folders of systemd's
 * units and logrotate's rules, which a Debian server has and a release's activate writes into.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The places of a server's root under `root`, their folders made, with the settings file written
 * as the deployer writes it, and the environment that points install-release and activate at these
 * places instead of the machine's own.
 */
export function serverRoot(root: string) {
  const place = (...parts: string[]) => path.join(root, ...parts);
  const installDir = place('opt', 'private-bank-site');
  const settingsFile = place('etc', 'private-bank-site', 'settings');
  const unitDir = place('etc', 'systemd', 'system');
  const logrotateDir = place('etc', 'logrotate.d');
  for (const folder of [path.dirname(settingsFile), unitDir, logrotateDir])
    mkdirSync(folder, { recursive: true });
  return {
    installDir,
    settingsFile,
    unitDir,
    /** Writes the settings file as docs/deploying.md does: a heading, then one NAME=value a line. */
    writeSettings(values: Record<string, string>) {
      const lines = Object.entries(values).map(([name, value]) => `${name}=${value}`);
      writeFileSync(settingsFile, `# This server's settings\n${lines.join('\n')}\n`);
    },
    environment: {
      ...process.env,
      INSTALL_DIR: installDir,
      ACTIVATE_SETTINGS: settingsFile,
      ACTIVATE_UNIT_DIR: unitDir,
      ACTIVATE_LOGROTATE_DIR: logrotateDir,
    },
  };
}
