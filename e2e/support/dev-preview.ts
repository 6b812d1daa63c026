import { rmSync } from 'node:fs';
import { spawnGroup, stopGroup } from './process-groups';
import { scratchCopy } from './scratch-copy';

/**
 * `npm run dev` over a scratch copy of the project, so that edits to its content/ touch nobody
 * else's: the dev-preview spec's and the latency benchmark's.
 */
export function startDevPreview(port: number) {
  const folder = scratchCopy('dev-preview');
  // In a process group of its own, so that stopping npm stops Next.js and its loader processes,
  // which end with the run however it ends (process-groups.ts).
  const server = spawnGroup(
    'npm',
    ['run', 'dev', '--', '--port', String(port), '--hostname', '127.0.0.1'],
    { cwd: folder, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } },
    `npm run dev on port ${port}`,
  );
  let printed = '';
  server.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return {
    /** The scratch copy's folder: the spec and the benchmark edit its content/. */
    folder,
    url: `http://127.0.0.1:${port}`,
    /** Everything the dev server has printed so far, as the editor's terminal shows it. */
    terminal: () => printed,
    /** Whether the server has stopped (it should not before `stop`). */
    exited: () => server.exitCode !== null || server.signalCode !== null,
    async stop() {
      await stopGroup(server);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
