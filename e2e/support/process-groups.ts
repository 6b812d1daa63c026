/**
 * The servers and programs the tests start themselves (the editing view, the dev server, WebKitGTK's
 * driver and display), each in a process group of its own, so that stopping the group stops all it
 * started, and so that none outlives the run, however the run ends. A test stops its groups itself;
 * a worker process that exits before it did (a run cut short by --max-failures or Ctrl+C) stops
 * them as it exits; and each group is written down while it runs, in a file under
 * .cache/test-processes/ with the run it belongs to, so that a worker killed outright, which runs
 * no code as it goes, leaves them to the run's global tear-down and to the next run's global set-up,
 * which stop them there. A port a test needs is then free, or taken by something that is no earlier
 * run's. A group of a run that is still going (another terminal's, in the same checkout) is left
 * alone.
 *
 * The run's own test servers (playwright.config.ts's webServer) are Playwright's: it starts each in
 * a process group of its own and stops it at the end. A runner killed outright (SIGKILL) stops none
 * of them, and Playwright starts the next run's before its global set-up, where they would find
 * their ports taken; so each writes its group down too (e2e/support/web-server.ts), and the next
 * run's configuration, as the runner loads it, stops those of a run that is gone.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the groups of this checkout's runs are written down. Every run writes into the same folder,
 * each record naming its run, and a run beside this one, still going, is never taken for an earlier
 * one. E2E_PROCESS_RECORDS moves it, for a test of this module that must touch no run's records.
 */
const recordFolder = path.resolve(process.env.E2E_PROCESS_RECORDS ?? '.cache/test-processes');

/**
 * A process as /proc/<pid>/stat has it: its group, when it started (in clock ticks since boot, which
 * tells it apart from a later process given the same number), and whether it still runs.
 */
type Stat = { pid: number; group: number; started: string; running: boolean };

function statOf(pid: number): Stat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // It has exited.
  }
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const [state = '', , group, ...rest] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // A zombie (Z) has exited, holds no port, and only waits to be reaped.
  return { pid, group: Number(group), started: rest[16] ?? '', running: state !== 'Z' };
}

/**
 * The processes of a group written down, that still run. A group's number is its first process's,
 * which the system gives no other process while the group has any member: where that process still
 * runs, having started when it was written down, the group is the one written down; where it has
 * exited, those of the group that started after it are its own. A number given since to another
 * process, which started later, is another program's group, and none of it is counted.
 */
function membersOf(group: number, started: string): Stat[] {
  const first = statOf(group);
  if (first && first.started !== started) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => statOf(Number(entry)))
    .filter(
      (stat): stat is Stat =>
        stat !== undefined &&
        stat.running &&
        stat.group === group &&
        Number(stat.started) >= Number(started),
    );
}

/** Sends a signal to every process of a group, if any is left. */
function signalGroup(group: number, signal: NodeJS.Signals) {
  try {
    process.kill(-group, signal);
  } catch {
    // The whole group has exited.
  }
}

/** Kills what still runs of a group written down; a later program's group of that number is spared. */
function killWhatIsLeft(group: number, started: string): number {
  const left = membersOf(group, started);
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // It exited meanwhile.
    }
  }
  return left.length;
}

/**
 * The variable through which the runner gives its number to every process of the run: its workers,
 * which it started itself, and its test servers, which a shell of Playwright's started.
 */
export const RUNNER_VARIABLE = 'E2E_RUNNER_PID';

/**
 * The run a group belongs to: Playwright's runner, known by its number and start time; for a
 * worker, that is the process that started it.
 */
const runner = Number(process.env[RUNNER_VARIABLE] ?? process.ppid);
const run = { pid: runner, started: statOf(runner)?.started ?? '' };

/** Where the run's test servers write their groups down, apart from the groups of tests. */
const webServerFolder = path.join(recordFolder, 'web-servers');

/** Whether the run of that number and start time is still going. */
function isGoing(owner: { pid: number; started: string }): boolean {
  const stat = statOf(owner.pid);
  return stat !== undefined && stat.running && stat.started === owner.started;
}

/** The groups this worker has started and not yet forgotten, by number: their record, and start. */
const running = new Map<number, { record: string; started: string }>();

// A worker that exits with groups still running (its test cut off, its hooks never run) stops
// them: only synchronous work runs here, so they are killed outright.
process.on('exit', () => {
  for (const [group, { record, started }] of running) {
    killWhatIsLeft(group, started);
    rmSync(record, { force: true });
  }
});

/** Forgets a group: it has stopped, and its test has looked at what it left. */
export function forgetGroup(child: ChildProcess) {
  const group = child.pid === undefined ? undefined : running.get(child.pid);
  if (!group) return;
  rmSync(group.record, { force: true });
  running.delete(child.pid!);
}

/**
 * Starts a program in a process group of its own, written down until it is forgotten: once its
 * first process has exited, the rest of the group is killed and the group forgotten, unless the
 * test itself looks at what the group leaves (`leaveTheRest`), and then calls forgetGroup.
 * @param describe What it is, as a record of what an earlier run left names it.
 */
export function spawnGroup(
  command: string,
  args: readonly string[],
  options: SpawnOptions,
  describe: string,
  { leaveTheRest = false } = {},
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const group = child.pid;
  // A program that could not be started has no group: its 'error' event says why.
  if (group === undefined) return child;
  mkdirSync(recordFolder, { recursive: true });
  const record = path.join(recordFolder, String(group));
  const started = statOf(group)?.started ?? '';
  writeFileSync(record, JSON.stringify({ started, describe: `${describe} (${command})`, run }));
  running.set(group, { record, started });
  if (!leaveTheRest)
    child.once('exit', () => {
      killWhatIsLeft(group, started);
      forgetGroup(child);
    });
  return child;
}

/**
 * Stops a group started with spawnGroup: the signal to all of it (SIGTERM lets a server clean up
 * after itself), then, once its first process has exited, SIGKILL to whatever of it is left, so that
 * nothing of it holds a port when this resolves.
 */
export async function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  signalGroup(child.pid, signal);
  await exited;
}

/**
 * Stops every group that an earlier run of this checkout, or a worker of this run killed outright,
 * left running, and forgets their records. Called in Playwright's main process, the runner itself,
 * which owns the groups its workers started.
 * @returns What was stopped, one line each, for the run's log.
 */
export function stopLeftoverGroups(): string[] {
  return stopLeftover(recordFolder, { thisRunToo: true });
}

/**
 * Writes down the process group this process runs in, which Playwright started for one of the
 * run's test servers, until the returned function forgets it.
 * @param describe What it is, as a record of what an earlier run left names it.
 */
export function recordWebServer(describe: string): () => void {
  const group = statOf(process.pid)?.group ?? process.pid;
  mkdirSync(webServerFolder, { recursive: true });
  const record = path.join(webServerFolder, String(group));
  writeFileSync(record, JSON.stringify({ started: statOf(group)?.started ?? '', describe, run }));
  return () => rmSync(record, { force: true });
}

/**
 * Stops the test servers that a run killed outright left running, and forgets their records; those
 * of a run still going, this one's included, are left to Playwright. Called as the runner loads the
 * configuration, before it starts this run's servers.
 * @returns What was stopped, one line each, for the run's log.
 */
export function stopLeftoverWebServers(): string[] {
  return stopLeftover(webServerFolder, { thisRunToo: false, gracefully: true });
}

/** How long a test server left running is given to stop on SIGTERM, as Playwright gives it. */
const GRACEFUL_STOP_MS = 10_000;

/**
 * Waits, blocking, until no process of a group written down runs, or until the time is up. Runs in
 * the runner as it loads the configuration, where nothing else waits on this process yet.
 */
function waitForGroupToExit(group: number, started: string, timeoutMs: number) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + timeoutMs;
  while (membersOf(group, started).length > 0 && Date.now() < deadline) {
    Atomics.wait(pause, 0, 0, 100);
  }
}

/**
 * Stops the groups written down in a folder whose run is gone (or is this one, when told so), and
 * forgets their records. Gracefully, SIGTERM comes first, so that a server stops what it started
 * outside its group (wrangler's workerd, in a group of its own); whatever is left is killed.
 */
function stopLeftover(
  folder: string,
  { thisRunToo, gracefully = false }: { thisRunToo: boolean; gracefully?: boolean },
): string[] {
  const thisRun = { pid: process.pid, started: statOf(process.pid)?.started ?? '' };
  let records: string[];
  try {
    records = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return []; // No run has written one down.
  }
  const stopped: string[] = [];
  for (const name of records) {
    const record = path.join(folder, name);
    let written: { started: string; describe: string; run: { pid: number; started: string } };
    try {
      written = JSON.parse(readFileSync(record, 'utf8')) as typeof written;
    } catch {
      continue; // Removed, or being written, by a run still going.
    }
    const { started: startedAt, describe, run: owner } = written;
    const ofThisRun = owner.pid === thisRun.pid && owner.started === thisRun.started;
    if (ofThisRun ? !thisRunToo : isGoing(owner)) continue;
    const members = membersOf(Number(name), startedAt).length;
    if (gracefully && members > 0) {
      signalGroup(Number(name), 'SIGTERM');
      waitForGroupToExit(Number(name), startedAt, GRACEFUL_STOP_MS);
    }
    killWhatIsLeft(Number(name), startedAt);
    if (members > 0) stopped.push(`${describe}: ${members} process(es) of group ${name}`);
    rmSync(record, { force: true });
  }
  return stopped;
}
