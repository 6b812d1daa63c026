/**
 * deploy/nginx.conf.template, rendered. `PORT=8080 npm run preview:prod` serves out/ through it on
 * 127.0.0.1 until Ctrl+C, from a temporary folder removed on exit. --config only prints it; on a
 * server, after a build:
 *   LISTEN='listen 80;' SITE_ROOT=/srv/bank/out RUNTIME_DIR=/var/lib/bank-nginx \
 *     npx tsx scripts/serve/nginx.ts --config > /etc/bank/nginx.conf
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_MAP, IMMUTABLE_CACHE, securityHeaders } from '../../deploy/security-headers';
import { notFoundName, notFoundPage } from '../../lib/routes';
import { runServer } from './port';

const TEMPLATE = 'deploy/nginx.conf.template';

export type NginxOptions = {
  /** Listen directives, e.g. 'listen 127.0.0.1:8080;'. */
  listen: string;
  siteRoot: string;
  /** Writable folder for the pid file, logs and temporary files. */
  runtimeDir: string;
  /** Further server blocks, such as a redirect from http to https. */
  extraServers?: string;
};

/** The template with its ${NAME} values filled; throws naming any ${NAME} that has no value. */
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

/** Starts nginx in the foreground with a rendered configuration; `stop` stops it and cleans up. */
export function startNginx(options: Omit<NginxOptions, 'runtimeDir'>) {
  if (!existsSync(path.join(options.siteRoot, 'index.html')) || !existsSync(CSP_MAP)) {
    throw new Error('No build to serve: run `npm run build` first.');
  }
  // Debian installs nginx in /usr/sbin, which is not on every user's PATH.
  const binary = [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx', 'nginx'].find(
    (candidate) => candidate && !spawnSync(candidate, ['-v']).error,
  );
  if (!binary) {
    throw new Error(
      'nginx is not installed: `apt-get install nginx-light` (or set NGINX to its path).',
    );
  }
  const runtimeDir = mkdtempSync(path.join(tmpdir(), 'private-bank-nginx-'));
  const config = path.join(runtimeDir, 'nginx.conf');
  writeFileSync(config, renderNginxConfig({ ...options, runtimeDir }));
  // As root, nginx would hand requests to an unprivileged user who may not read this checkout.
  const globals = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`;
  const errorLog = path.join(runtimeDir, 'error.log');
  const args = ['-p', runtimeDir, '-c', config, '-e', errorLog, '-g', globals];
  const nginx = spawn(binary, args, { stdio: 'inherit' });
  // Only once nginx has exited: until then its workers may still write there.
  const removed = once(nginx, 'exit').then(() =>
    rmSync(runtimeDir, { recursive: true, force: true }),
  );
  const stop = (): Promise<void> => {
    nginx.kill('SIGQUIT');
    return removed;
  };
  return { nginx, stop };
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain && process.argv.includes('--config')) {
  const { LISTEN: listen, SITE_ROOT: siteRoot, RUNTIME_DIR: runtimeDir } = process.env;
  if (!listen || !siteRoot || !runtimeDir) {
    console.error(
      'Set LISTEN, SITE_ROOT and RUNTIME_DIR; see the comment at the top of this file.',
    );
    process.exit(1);
  }
  process.stdout.write(renderNginxConfig({ listen, siteRoot, runtimeDir }));
} else if (isMain) {
  const port = Number(process.env.PORT ?? 8080);
  await runServer('preview:prod', port, async () => {
    const { nginx, stop } = startNginx({ listen: `listen 127.0.0.1:${port};`, siteRoot: 'out' });
    console.log(`Serving out/ through nginx at http://127.0.0.1:${port} (Ctrl+C to stop)`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
    nginx.on('exit', (code) => void stop().then(() => process.exit(code ?? 0)));
  });
}
