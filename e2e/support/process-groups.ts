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
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the groups of this checkout's runs are written down: one folder for each set of test ports
 * (E2E_PORT), so that a run on other ports, beside this one, is never taken for an earlier one.
 */
const recordFolder = path.resolve('.cache/test-processes', process.env.E2E_PORT ?? '4173');

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
 * The run a group belongs to: the process that started this one, which for a test is Playwright's
 * runner (a worker's parent), known by its number and start time.
 */
const run = { pid: process.ppid, started: statOf(process.ppid)?.started ?? '' };

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
  const thisRun = { pid: process.pid, started: statOf(process.pid)?.started ?? '' };
  let records: string[];
  try {
    records = readdirSync(recordFolder);
  } catch {
    return []; // No run has written one down.
  }
  const stopped: string[] = [];
  for (const name of records) {
    const record = path.join(recordFolder, name);
    let written: { started: string; describe: string; run: { pid: number; started: string } };
    try {
      written = JSON.parse(readFileSync(record, 'utf8')) as typeof written;
    } catch {
      continue; // Removed, or being written, by a run still going.
    }
    const { started: startedAt, describe, run: owner } = written;
    const ofThisRun = owner.pid === thisRun.pid && owner.started === thisRun.started;
    if (!ofThisRun && isGoing(owner)) continue;
    const killed = killWhatIsLeft(Number(name), startedAt);
    if (killed > 0) stopped.push(`${describe}: ${killed} process(es) of group ${name}`);
    rmSync(record, { force: true });
  }
  return stopped;
}
