/**
 * Waiting on a program the test started, by the events it gives rather than by time: the specs that
 * start an installed release's nginx (release.spec.ts, renewal.spec.ts) wait for it to listen.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, watch } from 'node:fs';
import path from 'node:path';

/** Waits for an event of a process's, and fails with `why` if the process exits first. */
export async function unlessItExits(
  event: Promise<unknown>,
  child: ChildProcess,
  why: () => string,
) {
  const hasExited = child.exitCode !== null || child.signalCode !== null;
  const exited = hasExited ? Promise.resolve(true) : once(child, 'exit').then(() => true);
  if (await Promise.race([event.then(() => false), exited])) throw new Error(why());
}

/**
 * Waits until nginx listens: its master, which binds its sockets first, has written its pid into
 * its pid file, as inotify announces each write in the file's folder (an nginx -t before it leaves
 * the file empty). `nginx` is the master itself, or a shell that became it (exec).
 */
export async function nginxListening(nginx: ChildProcess, pidFile: string) {
  const names = () =>
    existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(nginx.pid);
  const watching = new AbortController();
  try {
    const written = new Promise<void>((resolve) => {
      watch(path.dirname(pidFile), { signal: watching.signal }, () => names() && resolve());
      if (names()) resolve();
    });
    await unlessItExits(written, nginx, () => 'nginx exited before it listened');
  } finally {
    watching.abort();
  }
}
