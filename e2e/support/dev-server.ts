import { rmSync } from 'node:fs';
import { freePort } from './ports';
import { spawnGroup, stopGroup } from './process-groups';
import { scratchCopy } from './scratch-copy';

/**
 * `npm run dev` over a scratch copy of the project, so that edits to its content/ touch nobody
 * else's: the dev-server spec's and the latency benchmark's.
 * @param port The port to serve on; by default, a free one the system gives.
 */
export async function startDevServer(port?: number) {
  port ??= await freePort();
  const folder = scratchCopy('dev-server');
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
  // Next.js says "Ready in …" once it listens: a page asked for before then is refused.
  const ready = new Promise<void>((resolve, reject) => {
    const hear = () => {
      if (!printed.includes('Ready in')) return;
      server.stdout!.off('data', hear);
      server.off('exit', stoppedFirst);
      resolve();
    };
    const stoppedFirst = () =>
      reject(new Error(`npm run dev stopped before it was ready:\n${printed}`));
    server.stdout!.on('data', hear);
    server.once('exit', stoppedFirst);
  });
  // A caller that does not wait for it (the benchmark) is not failed by its rejection.
  ready.catch(() => undefined);
  return {
    /** Settles once the dev server says it is ready to serve, or fails if it stops first. */
    ready,
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
