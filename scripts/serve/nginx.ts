/**
 * Renders deploy/nginx.conf.template, the configuration that the site is deployed with, in two
 * ways:
 * - `tsx scripts/serve/nginx.ts --config` prints it, for a real server (docs/deploying.md shows how);
 * - `PORT=8080 npm run preview:prod` runs nginx with it on 127.0.0.1, from a temporary folder that
 *   is removed on exit, so the tests check the production configuration itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_MAP, IMMUTABLE_CACHE, securityHeaders } from '../../deploy/security-headers';
import { notFoundFileWithoutHtml, notFoundPage } from '../../lib/routes';
import { runServer } from './port';

const TEMPLATE = 'deploy/nginx.conf.template';

/**
 * The template with its ${NAME} values filled in.
 * @param listen nginx's listen directives, TLS ones included.
 * @param siteRoot The folder of the export to serve.
 * @param runtimeDir A folder that nginx may write its pid file and temporary files to.
 * @throws Error naming any ${NAME} in the template that has no value, rather than leaving it there.
 */
function renderNginxConfig(listen: string, siteRoot: string, runtimeDir: string): string {
  const values: Record<string, string> = {
    LISTEN: listen,
    SITE_ROOT: path.resolve(siteRoot),
    RUNTIME_DIR: path.resolve(runtimeDir),
    CSP_MAP: path.resolve(CSP_MAP),
    IMMUTABLE_CACHE,
    NOT_FOUND_FILE: notFoundPage.file,
    NOT_FOUND_NAME: notFoundFileWithoutHtml,
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

/**
 * Runs nginx in the foreground with a configuration of the caller's, written into a temporary
 * folder of nginx's own (pid file, logs, temp files) that is removed once nginx has exited.
 * @param configure Writes the configuration for that folder.
 * @returns A promise of nginx's exit code, and a function that stops it gracefully.
 */
export function runNginx(configure: (runtimeDir: string) => string) {
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
  const configPath = path.join(runtimeDir, 'nginx.conf');
  writeFileSync(configPath, configure(runtimeDir));
  // Started as root, nginx would hand requests to an unprivileged user who may not be allowed to
  // read this checkout, so it keeps root; as anyone else it stays who it is anyway.
  const globalDirectives = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`;
  const errorLog = path.join(runtimeDir, 'error.log');
  const args = ['-p', runtimeDir, '-c', configPath, '-e', errorLog, '-g', globalDirectives];
  const nginx = spawn(binary, args, { stdio: 'inherit' });
  // The folder is removed only once nginx has exited, since until then its workers may still write
  // there.
  const exited = once(nginx, 'exit').then(([code]) => {
    rmSync(runtimeDir, { recursive: true, force: true });
    return code as number | null;
  });
  // SIGQUIT is nginx's graceful shutdown: it finishes the requests in flight first.
  return { exited, stop: () => nginx.kill('SIGQUIT') };
}

/**
 * Starts nginx in the foreground, serving out/ with the production configuration.
 * @param listen nginx's listen directives, e.g. 'listen 127.0.0.1:8080;', TLS ones included.
 * @returns A promise of nginx's exit code, and a function that stops it gracefully.
 */
export function startNginx(listen: string) {
  if (!existsSync('out/index.html') || !existsSync(CSP_MAP)) {
    throw new Error('No build to serve: run `npm run build` first.');
  }
  return runNginx((runtimeDir) => renderNginxConfig(listen, 'out', runtimeDir));
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain && process.argv.includes('--config')) {
  const { LISTEN, SITE_ROOT, RUNTIME_DIR } = process.env;
  if (!LISTEN || !SITE_ROOT || !RUNTIME_DIR) {
    console.error('Set LISTEN, SITE_ROOT and RUNTIME_DIR, as docs/deploying.md shows under nginx.');
    process.exit(1);
  }
  process.stdout.write(renderNginxConfig(LISTEN, SITE_ROOT, RUNTIME_DIR));
} else if (isMain) {
  await runServer('preview:prod', 8080, (port) => {
    const { exited, stop } = startNginx(`listen 127.0.0.1:${port};`);
    console.log(`Serving out/ through nginx at http://127.0.0.1:${port} (Ctrl+C to stop)`);
    process.on('SIGINT', stop).on('SIGTERM', stop);
    void exited.then((code) => process.exit(code ?? 0));
  });
}
