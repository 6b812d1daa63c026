import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

/** What the project's `npm run dev` needs; node_modules is found in the folder above. */
const COPIED = [
  'app',
  'components',
  'content',
  'lib',
  'public',
  'scripts',
  'next.config.ts',
  'package.json',
  'postcss.config.mjs',
  'tsconfig.json',
  'tsconfig.site.json',
];

/**
 * `npm run dev` over a scratch copy of the project, so that edits to its content/ touch nobody
 * else's: the dev-preview spec's and the latency benchmark's. The copy is inside the project, in
 * .cache/ (which git ignores), so that Turbopack finds the project's lockfile and node_modules
 * above it: it compiles nothing outside its root, so a copy elsewhere with node_modules symlinked
 * fails.
 */
export function startDevPreview(port: number) {
  mkdirSync('.cache', { recursive: true });
  const folder = mkdtempSync(path.resolve('.cache/dev-preview-'));
  for (const name of COPIED) cpSync(name, path.join(folder, name), { recursive: true });
  // In a process group of its own, so that stopping npm stops Next.js and its loader processes.
  const server = spawn(
    'npm',
    ['run', 'dev', '--', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: folder,
      detached: true,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    },
  );
  let printed = '';
  server.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return {
    /** The scratch copy's folder: the spec and the benchmark edit its content/. */
    folder,
    url: `http://127.0.0.1:${port}`,
    /** Everything the dev server has printed so far, as the editor's terminal shows it. */
    terminal: () => printed,
    /** Whether the server has stopped (it should not before `stop`). */
    exited: () => server.exitCode !== null || server.signalCode !== null,
    async stop() {
      if (server.pid && server.exitCode === null && server.signalCode === null) {
        const stopped = new Promise((resolve) => server.once('exit', resolve));
        process.kill(-server.pid, 'SIGTERM');
        await stopped;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
