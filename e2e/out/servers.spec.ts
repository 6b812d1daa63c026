import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePortOutsideSystemRange } from '../support/ports';
import { LOCAL_SERVER_NAME } from '../../scripts/serve/tls';
import { forgetGroup, spawnGroup } from '../support/process-groups';

/**
 * The servers a person starts by hand, stopped as a person stops them (Ctrl+C) or as a test runner
 * does (SIGTERM): each served the site, and leaves no process, no listening port and no file behind.
 * Each runs with a temporary folder of its own, which also stands for the per-user folders of
 * configuration, caches and logs, so whatever it leaves there, under any name, shows.
 *
 * A test fails for what the server leaves, not for how busy the machine is or what else runs on
 * it: the server has a minute to stop (a busy machine takes seconds); a process counts while it
 * runs, not once it has exited and only waits for the system to reap it; and in the .wrangler folder
 * that every run of wrangler shares, a new file counts only if it stays.
 */

// One server at a time, in order: what one leaves behind must not be mistaken for another's.
test.describe.configure({ mode: 'default' });

/** Where wrangler writes inside the project (its bundles, while it runs). */
const WRANGLER = 'deploy/cloudflare/.wrangler';
/** Every file and folder under a folder, by its path there. */
const listing = (folder: string) =>
  existsSync(folder) ? readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort() : [];

/** A process as the kernel lists it in /proc/<pid>/stat. */
type Process = { pid: number; parent: number; group: number; state: string; started: string };

/** Every process on the machine, from /proc (the suite runs on Debian or Ubuntu). */
function allProcesses(): Process[] {
  const processes: Process[] = [];
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // It exited while the list was read.
    }
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const [state = '', parent, group, ...rest] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // The start time tells a process apart from a later one given the same pid.
    const started = rest[16] ?? '';
    processes.push({
      pid: Number(name),
      parent: Number(parent),
      group: Number(group),
      state: state === 'Z' ? stateOfThreads(name) : state,
      started,
    });
  }
  return processes;
}

/**
 * A process whose first thread has exited (state Z) as its other threads see it: each thread exits
 * on its own, and the process's files, its listening sockets among them, are closed only by the
 * last. On a busy machine the first thread waits as a zombie while a second still runs for some
 * milliseconds, holding the port: the process has exited only once every thread has (Z, or X as
 * the kernel lets a thread go).
 */
function stateOfThreads(pid: string): string {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 'Z'; // It was reaped while the list was read.
  }
  for (const thread of threads) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    } catch {
      continue; // This thread was let go while the list was read.
    }
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ', 1)[0] ?? '';
    if (state !== 'Z' && state !== 'X') return state;
  }
  return 'Z';
}

/** A process and all it has started, wherever their process group, while the process still runs. */
function processTree(root: Process): Process[] {
  const processes = allProcesses();
  const tree = processes.filter((p) => p.pid === root.pid && p.started === root.started);
  for (const member of tree) tree.push(...processes.filter((p) => p.parent === member.pid));
  return tree;
}

/**
 * The processes of a server that still run: those of its tree, and any of its process group. One
 * that has exited, every thread of it (stateOfThreads), is not among them: it holds no port and
 * writes no file, and only waits for the system to reap it, which takes a second or two.
 */
function stillRunning(tree: Process[], group: number): Process[] {
  const ofTree = (p: Process) => tree.some((m) => m.pid === p.pid && m.started === p.started);
  return allProcesses().filter((p) => p.state !== 'Z' && (p.group === group || ofTree(p)));
}

/** A process as a failure names it: its pid and its command line. */
function describeProcess({ pid }: Process): string {
  try {
    return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()}`;
  } catch {
    return `${pid}, which exited meanwhile`;
  }
}

/** What listens on a port, as the kernel lists it (iproute2's ss): processes and pids, or none. */
function listenersOf(port: number): string {
  try {
    const listed = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' }).trim();
    return listed === '' ? 'no listener' : listed.replace(/\s+/g, ' ');
  } catch (error) {
    // Where iproute2 is not installed, the failure says so in place of the list.
    return `no list of its listeners (ss: ${String(error)})`;
  }
}

/**
 * What the server answers at `/` once it is up: the page, or, from the plain-HTTP server beside the
 * HTTPS one, the redirect to it (its certificate authority is the server's own, made as it starts).
 */
const upAnswer = (script: string) => (script === 'serve:tls' ? 301 : 200);
/**
 * Whether anything takes connections on a port of 127.0.0.1: a server that closes them unanswered
 * (nginx's 444 for a name it does not serve) still holds the port.
 */
function portState(port: number): Promise<'free' | 'taken'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('connect', () => {
      socket.destroy();
      resolve('taken');
    });
    socket.on('error', () => resolve('free'));
  });
}

/** The name a server is asked for: the HTTPS one's redirect answers for its name alone. */
const serverName = (script: string) => (script === 'serve:tls' ? LOCAL_SERVER_NAME : '127.0.0.1');

// `npm start` builds, then serves with `npm run serve`; the suite tests the build already in out/.
for (const script of ['serve', 'serve:nginx', 'serve:tls', 'serve:cloudflare']) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    test(`npm run ${script}, stopped with ${signal}, leaves nothing behind`, async () => {
      // A minute to answer, a minute to stop, half a minute for wrangler's other runs to tidy up.
      test.setTimeout(180_000);
      // Ports no other test's server can take once this one lets them go, as the last check reads
      // whether they are free again.
      const port = await freePortOutsideSystemRange();
      // The plain-HTTP server beside the HTTPS one, which every check below looks at in its place.
      const httpPort = script === 'serve:tls' ? await freePortOutsideSystemRange() : port;
      const temporary = mkdtempSync(path.join(tmpdir(), 'servers-spec-'));
      const wrangler = listing(WRANGLER);
      // A process group of its own, as a terminal gives a command: Ctrl+C reaches all of it. What
      // it leaves is this test's to see, and to stop; a run cut off stops it (process-groups.ts).
      const server = spawnGroup(
        'npm',
        ['run', script],
        {
          stdio: 'ignore',
          // Caches meant to outlive a run (tsx's and Node's compiled code) stay off: they are not leftovers.
          env: {
            ...process.env,
            PORT: String(port),
            HTTP_PORT: String(httpPort),
            TMPDIR: temporary,
            // Where tools keep per-user configuration, caches and logs (wrangler's among them).
            XDG_CONFIG_HOME: path.join(temporary, 'config'),
            XDG_CACHE_HOME: path.join(temporary, 'cache'),
            XDG_DATA_HOME: path.join(temporary, 'data'),
            TSX_DISABLE_CACHE: '1',
            NODE_DISABLE_COMPILE_CACHE: '1',
          },
        },
        `npm run ${script}, stopped with ${signal}`,
        { leaveTheRest: true },
      );
      const group = server.pid!;
      const npm = allProcesses().find((p) => p.pid === group);
      let tree: Process[] = [];
      try {
        await expect
          .poll(
            () =>
              fetch(`http://${serverName(script)}:${httpPort}/`, { redirect: 'manual' }).then(
                (response) => response.status,
                () => 0,
              ),
            {
              timeout: 60_000,
            },
          )
          .toBe(upAnswer(script));
        // Every process the server has started, its own process group or not: a server may start
        // one in a group of its own.
        tree = npm ? processTree(npm) : [];
        expect(tree.length, 'npm and the server it started').toBeGreaterThan(1);
        process.kill(-group, signal);
        // Every process has gone, however long a busy machine takes to stop it: workerd after the
        // Cloudflare server, and nginx's workers after nginx. npm itself does not wait for its
        // script on SIGTERM.
        await expect
          .poll(() => stillRunning(tree, group).map(describeProcess), {
            message: 'processes still running',
            timeout: 60_000,
          })
          .toEqual([]);
        for (const freed of new Set([port, httpPort])) {
          // A failure names what listens there (iproute2's list), read just after the port was found
          // taken.
          const state = await portState(freed);
          const holder = state === 'taken' ? `: ${listenersOf(freed)}` : '';
          expect(state, `port ${freed}${holder}`).toBe('free');
        }
        expect(listing(temporary), `left in ${temporary}`).toEqual([]);
        // Only what is new and stays counts. Wrangler's other runs share this folder: the suite's own
        // Cloudflare server, and the deploy spec's dry run, whose bundle lives for a moment, longer
        // on a busy machine. Once the server has stopped, nothing of its own can go away.
        await expect
          .poll(() => listing(WRANGLER).filter((file) => !wrangler.includes(file)), {
            message: `left in ${WRANGLER}`,
            timeout: 30_000,
          })
          .toEqual([]);
      } finally {
        // What a failed test leaves running goes with it, wrangler's own group included. A process
        // is known by its start time too, so that one given a pid since is never stopped.
        const serverProcesses = tree.length > 0 || !npm ? tree : processTree(npm);
        for (const { pid } of stillRunning(serverProcesses, group)) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // It exited meanwhile.
          }
        }
        forgetGroup(server);
        rmSync(temporary, { recursive: true, force: true });
      }
    });
  }
}
