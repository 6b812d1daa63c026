/**
 * Renders deploy/nginx.conf.template into a working nginx configuration.
 *
 * Usage, on a server (after `npm run build`):
 *   LISTEN='listen 80;' SITE_ROOT=/srv/bank/out RUNTIME_DIR=/var/lib/bank-nginx \
 *     npx tsx scripts/serve/nginx-config.ts > /etc/bank/nginx.conf
 * `npm run preview:prod` and `npm run observatory` call renderNginxConfig directly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_MAP, IMMUTABLE_CACHE, securityHeaders } from '../../deploy/security-headers';
import { notFoundName, notFoundPage } from '../../lib/routes';

const TEMPLATE = 'deploy/nginx.conf.template';

export type NginxOptions = {
  /** Listen directives, e.g. 'listen 127.0.0.1:8080;'. */
  listen: string;
  /** Folder of the export. */
  siteRoot: string;
  /** Writable folder for the pid file, logs and temporary files. */
  runtimeDir: string;
  /** Further server blocks, such as a redirect from http to https. */
  extraServers?: string;
};

/**
 * Fills the template's ${NAME} values.
 * @returns The configuration text.
 * @throws Error naming any ${NAME} the template uses and the options do not give.
 */
export function renderNginxConfig(options: NginxOptions): string {
  const values: Record<string, string> = {
    LISTEN: options.listen,
    SITE_ROOT: path.resolve(options.siteRoot),
    RUNTIME_DIR: path.resolve(options.runtimeDir),
    CSP_MAP: path.resolve(CSP_MAP),
    EXTRA_SERVERS: options.extraServers ?? '',
    IMMUTABLE_CACHE,
    NOT_FOUND_FILE: notFoundPage.file,
    NOT_FOUND_NAME: notFoundName,
    SECURITY_HEADERS: Object.entries(securityHeaders)
      .map(([name, value]) => `add_header ${name} "${value}" always;`)
      .join('\n    '),
  };
  return readFileSync(TEMPLATE, 'utf8').replace(/\$\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${TEMPLATE} uses ${placeholder}, which has no value`);
    return value;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { LISTEN, SITE_ROOT, RUNTIME_DIR } = process.env;
  if (!LISTEN || !SITE_ROOT || !RUNTIME_DIR) {
    console.error(
      'Set LISTEN, SITE_ROOT and RUNTIME_DIR; see the comment at the top of this file.',
    );
    process.exit(1);
  }
  process.stdout.write(
    renderNginxConfig({ listen: LISTEN, siteRoot: SITE_ROOT, runtimeDir: RUNTIME_DIR }),
  );
}
