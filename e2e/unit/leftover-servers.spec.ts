import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/**
 * A test server of a run killed outright (SIGKILL, which lets the runner stop none of its servers)
 * is stopped by the next run before it starts its own (issue #37): e2e/support/web-server.ts writes
 * the server's process group down, and the runner, as it loads playwright.config.ts, stops those of
 * a run that is gone, and leaves those of a run still going. Here a `sleep` stands for the server
 * and another for the runner, so that killing the runner costs nothing; the records live in a
 * folder of their own (E2E_PROCESS_RECORDS), so that no run of this checkout is touched.
 */

/** The runner's clean-up, as playwright.config.ts calls it: what it stopped, one line each. */
async function stopLeftoverWebServers(environment: NodeJS.ProcessEnv): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { stopLeftoverWebServers } = await import('./e2e/support/process-groups.ts'); console.log(JSON.stringify(stopLeftoverWebServers()));",
    ],
    { env: environment },
  );
  return JSON.parse(stdout) as string[];
}

/** Whether a process still runs: a zombie (Z), which has exited and waits to be reaped, does not. */
function runs(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
}

test('a test server left by a run killed outright is stopped by the next run, and one of a run still going is not', async () => {
  // A records' folder of its own, which no run writes into.
  mkdirSync('.cache', { recursive: true });
  const folder = mkdtempSync(path.resolve('.cache/leftover-servers-'));
  const records = path.join(folder, 'web-servers');
  const environment = { ...process.env, E2E_PROCESS_RECORDS: folder };
  mkdirSync(records);
  const children: ChildProcess[] = [];
  // The record is written once the server's wrapper has started: its appearance is the signal.
  const recorded = new Promise<void>((resolve) => {
    const watcher = watch(records, () => {
      if (readdirSync(records).length === 0) return;
      watcher.close();
      resolve();
    });
  });
  try {
    const runner = spawn('sleep', ['600']);
    children.push(runner);
    // As Playwright starts a test server: in a process group of its own, through a shell.
    const server = spawn(
      'sh',
      ['-c', 'exec node --import tsx e2e/support/web-server.ts sleep 600'],
      {
        detached: true,
        stdio: 'ignore',
        env: { ...environment, E2E_RUNNER_PID: String(runner.pid) },
      },
    );
    children.push(server);
    await recorded;
    expect(readdirSync(records)).toEqual([String(server.pid)]);

    // Its run is still going: nothing is stopped.
    expect(await stopLeftoverWebServers(environment)).toEqual([]);
    expect(runs(server.pid!)).toBe(true);

    // The runner is killed outright: the next run stops the server, and forgets it.
    runner.kill('SIGKILL');
    await once(runner, 'exit');
    expect(await stopLeftoverWebServers(environment)).toEqual([
      expect.stringMatching(/^sleep 600: \d+ process\(es\) of group \d+$/),
    ]);
    expect(runs(server.pid!)).toBe(false);
    expect(readdirSync(records)).toEqual([]);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  }
});
