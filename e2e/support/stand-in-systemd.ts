/**
 * systemd, where it does not run (here, and on CI's machines): a `systemctl` of the tests' own, first
 * on the PATH of a release's `activate` and of certbot's deploy hook, which runs the installed unit's
 * own commands as systemd runs them, as the unit's User= and Group= with its
 * AmbientCapabilities= (nginx's CAP_NET_BIND_SERVICE, for ports under 1024), UMask= and
 * LimitNOFILE=, so that the release's nginx really starts, reloads and stops, and `activate` can
 * see whether it serves:
 * - `daemon-reload` and `enable` do nothing but say yes;
 * - `restart` stops the service (its KillSignal=, SIGQUIT, then waits for it to exit) and starts it:
 *   each ExecStartPre= line, then ExecStart= in the background, returning once it runs (Type=exec);
 * - `reload-or-restart` and `try-reload-or-restart` run each ExecReload= line with $MAINPID when it
 *   runs (the first starts it otherwise, the second does nothing), and, as systemd's, succeed
 *   whatever nginx's master then does with the signal;
 * - `stop` stops it, and `is-active` says whether it runs.
 * It writes down each command it is asked, one line each, and, before each reload, the workers nginx
 * had (`workersAtReload`), whose exit tells a test that the reload is done. What only systemd does
 * (the unit's sandbox and system-call filter, its restarts and start limit) is not run here: the
 * tests check the unit with systemd-analyze verify, and systemd itself runs only on a server.
 *
 * The programs each command starts stay in the process group of the command that asked (activate,
 * certbot), which `run` starts in a group of its own and writes down (process-groups.ts), so that
 * nginx never outlives the test however it ends.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { forgetGroup, spawnGroup } from './process-groups';

/** The script: its folders are the first two arguments written into it. */
const systemctl = (unitDir: string, state: string) => `#!/bin/sh
# The tests' stand-in for systemctl (e2e/support/stand-in-systemd.ts).
set -eu
unit_dir='${unitDir}'
state='${state}'
echo "$*" >>"$state/systemctl.log"
command=$1
case $command in
  daemon-reload | enable) exit 0 ;;
esac
name=\${2%.service}
unit="$unit_dir/$name.service"
[ -f "$unit" ] || { echo "Unit $name.service not found." >&2; exit 5; }
setting() { sed -n "s/^$1=//p" "$unit" | tail -n 1; }
main_pid="$state/$name.pid"
# Running: the main process is there, and not a zombie that nobody has reaped yet.
running() {
  [ -f "$main_pid" ] || return 1
  case $(ps -o stat= -p "$(cat "$main_pid")") in '' | Z*) return 1 ;; esac
}
# One of the unit's command lines, as its user, with its capabilities (CAP_NET_BIND_SERVICE, as
# setpriv spells it, +net_bind_service), its umask and its limit of open files, in this process (it
# execs).
as_the_unit() {
  umask "$(setting UMask)"
  ulimit -n "$(setting LimitNOFILE)"
  capabilities=$(setting AmbientCapabilities | tr 'A-Z ' 'a-z,' | sed 's/cap_/+/g')
  given=\${capabilities:+--inh-caps=$capabilities --ambient-caps=$capabilities}
  eval "exec setpriv --reuid=$(setting User) --regid=$(setting Group) --init-groups $given $1"
}
start() {
  sed -n 's/^ExecStartPre=//p' "$unit" | while IFS= read -r line; do
    (as_the_unit "$line") || exit 1
  done
  # Type=exec: started once it runs, its output in the service's log, not in the caller's.
  (as_the_unit "$(setting ExecStart)") </dev/null >>"$state/$name.log" 2>&1 &
  echo $! >"$main_pid"
}
# KillSignal=SIGQUIT, nginx's graceful stop, then SIGKILL after TimeoutStopSec=15s.
stop() {
  running || return 0
  kill -QUIT "$(cat "$main_pid")"
  waited=0
  while running && [ "$waited" -lt 300 ]; do sleep 0.05; waited=$((waited + 1)); done
  ! running || kill -KILL "$(cat "$main_pid")"
  rm -f "$main_pid"
}
reload() {
  MAINPID=$(cat "$main_pid")
  ps --ppid "$MAINPID" -o pid= >"$state/$name.workers-at-reload"
  sed -n 's/^ExecReload=//p' "$unit" | while IFS= read -r line; do
    (MAINPID=$MAINPID; as_the_unit "$line") || exit 1
  done
}
case $command in
  restart) stop && start ;;
  reload-or-restart) if running; then reload; else start; fi ;;
  try-reload-or-restart) if running; then reload; fi ;;
  stop) stop ;;
  is-active) if running; then echo active; else echo inactive; exit 3; fi ;;
  *) echo "systemctl (the tests' stand-in): unknown command $command" >&2; exit 1 ;;
esac
`;

/** How a command ended, and what it printed. */
export type Outcome = { code: number; stdout: string; stderr: string };

/**
 * Writes the stand-in into `root`/bin (put it first on PATH) for the units of `unitDir`, and keeps
 * its state in `root`/systemd-state.
 */
export function standInSystemd(root: string, unitDir: string) {
  const bin = path.join(root, 'bin');
  const state = path.join(root, 'systemd-state');
  mkdirSync(bin, { recursive: true });
  mkdirSync(state, { recursive: true });
  writeFileSync(path.join(bin, 'systemctl'), systemctl(unitDir, state), { mode: 0o755 });
  writeFileSync(path.join(state, 'systemctl.log'), '');
  /** The groups of the commands run, which may hold a service they started. */
  const groups: ChildProcess[] = [];

  /**
   * Runs a program with the stand-in first on its PATH, in a process group of its own that is
   * kept, with whatever it started, until `stopAll`.
   */
  async function run(
    program: string,
    args: string[],
    env: NodeJS.ProcessEnv = process.env,
  ): Promise<Outcome> {
    const child = spawnGroup(
      program,
      args,
      { env: { ...env, PATH: `${bin}:${env.PATH ?? ''}` }, stdio: ['ignore', 'pipe', 'pipe'] },
      `${path.basename(program)}, with the stand-in systemctl`,
      { leaveTheRest: true },
    );
    groups.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, 'close')) as [number | null];
    return { code: code ?? 1, stdout, stderr };
  }

  return {
    bin,
    run,
    /** The commands systemctl was asked, one each. */
    calls: () =>
      readFileSync(path.join(state, 'systemctl.log'), 'utf8').split('\n').filter(Boolean),
    /** The workers nginx had when the service was last reloaded, which the reload replaces. */
    workersAtReload: (service: string) => {
      const file = path.join(state, `${service}.workers-at-reload`);
      return existsSync(file) ? readFileSync(file, 'utf8').split(/\s+/).filter(Boolean) : [];
    },
    /** The service's main process, while it runs. */
    mainPid: (service: string) => {
      const file = path.join(state, `${service}.pid`);
      return existsSync(file) ? Number(readFileSync(file, 'utf8')) : undefined;
    },
    /** What the service printed. */
    log: (service: string) => {
      const file = path.join(state, `${service}.log`);
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    },
    /** Stops the service gracefully, then forgets the groups, killing whatever of them is left. */
    async stopAll(service: string) {
      await run(path.join(bin, 'systemctl'), ['stop', service]);
      for (const group of groups) {
        try {
          process.kill(-group.pid!, 'SIGKILL');
        } catch {
          // The whole group has exited.
        }
        forgetGroup(group);
      }
    },
  };
}
