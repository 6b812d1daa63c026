/**
 * `PORT=8080 npm run preview:prod`: serves out/ through the production nginx configuration, on
 * 127.0.0.1, in the foreground until stopped (Ctrl+C). The configuration is rendered into a
 * temporary folder, removed on exit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_MAP } from '../../deploy/security-headers';
import { renderNginxConfig, type NginxOptions } from './nginx-config';
import { ensurePortFree, runServer } from './port';

/** Debian installs nginx in /usr/sbin, which is not on every user's PATH. */
function findNginx(): string {
  const candidates = [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx', 'nginx'];
  const found = candidates.find((candidate) => candidate && !spawnSync(candidate, ['-v']).error);
  if (!found) {
    throw new Error(
      'nginx is not installed: `apt-get install nginx-light` (or set NGINX to its path).',
    );
  }
  return found;
}

/**
 * Starts nginx in the foreground with a rendered configuration.
 * @returns The nginx process, and a function that stops it and, once it has exited, removes its
 *   folder (until then its workers may still write there).
 */
export function startNginx(options: Omit<NginxOptions, 'runtimeDir'>): {
  nginx: ChildProcess;
  stop: () => Promise<void>;
} {
  if (!existsSync(path.join(options.siteRoot, 'index.html')) || !existsSync(CSP_MAP)) {
    throw new Error('No build to serve: run `npm run build` first.');
  }
  const binary = findNginx();
  const runtimeDir = mkdtempSync(path.join(tmpdir(), 'private-bank-nginx-'));
  const config = path.join(runtimeDir, 'nginx.conf');
  writeFileSync(config, renderNginxConfig({ ...options, runtimeDir }));
  // As root, nginx would hand requests to an unprivileged user who may not read this checkout.
  const globals = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`;
  const nginx = spawn(
    binary,
    ['-p', runtimeDir, '-c', config, '-e', path.join(runtimeDir, 'error.log'), '-g', globals],
    { stdio: 'inherit' },
  );
  const removed = once(nginx, 'exit').then(() =>
    rmSync(runtimeDir, { recursive: true, force: true }),
  );
  const stop = () => {
    nginx.kill('SIGQUIT');
    return removed;
  };
  return { nginx, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8080);
  await runServer('preview:prod', async () => {
    await ensurePortFree(port);
    const { nginx, stop } = startNginx({ listen: `listen 127.0.0.1:${port};`, siteRoot: 'out' });
    console.log(`Serving out/ through nginx at http://127.0.0.1:${port} (Ctrl+C to stop)`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
    nginx.on('exit', (code) => void stop().then(() => process.exit(code ?? 0)));
  });
}
