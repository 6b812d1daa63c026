// deploy/nginx.conf.template, rendered: printed with --config (the README shows it on a server), or
// served by `PORT=8080 npm run preview:prod` on 127.0.0.1 from a temporary folder removed on exit.
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

/** The template with its ${NAME} values filled; throws naming any ${NAME} that has no value. */
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

/** Starts nginx in the foreground serving out/ (`listen`: its listen directives, TLS ones too). */
export function startNginx(listen: string) {
  if (!existsSync('out/index.html') || !existsSync(CSP_MAP)) {
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
  writeFileSync(config, renderNginxConfig(listen, 'out', runtimeDir));
  // As root, nginx would hand requests to an unprivileged user who may not read this checkout.
  const globals = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`;
  const errorLog = path.join(runtimeDir, 'error.log');
  const args = ['-p', runtimeDir, '-c', config, '-e', errorLog, '-g', globals];
  const nginx = spawn(binary, args, { stdio: 'inherit' });
  // Removed only once nginx has exited: until then its workers may still write there.
  const exited = once(nginx, 'exit').then(([code]) => {
    rmSync(runtimeDir, { recursive: true, force: true });
    return code as number | null;
  });
  return { exited, stop: () => nginx.kill('SIGQUIT') };
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain && process.argv.includes('--config')) {
  const { LISTEN, SITE_ROOT, RUNTIME_DIR } = process.env;
  if (!LISTEN || !SITE_ROOT || !RUNTIME_DIR) {
    console.error('Set LISTEN, SITE_ROOT and RUNTIME_DIR, as the README shows under nginx.');
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
