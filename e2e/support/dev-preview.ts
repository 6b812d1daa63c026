import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { scratchCopy } from './scratch-copy';

/**
 * `npm run dev` over a scratch copy of the project, so that edits to its content/ touch nobody
 * else's: the dev-preview spec's and the latency benchmark's.
 */
export function startDevPreview(port: number) {
  const folder = scratchCopy('dev-preview');
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
