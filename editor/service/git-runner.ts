/**
 * Runs the editing service's git commands off its main thread. Starting a process blocks the thread
 * that starts it until the child has begun git (libuv waits for the exec): on two busy cores, tens
 * of milliseconds each, during which the service answered nobody, so that 20 editors' proposals
 * started their git one at a time. A few worker threads of the service's own start them instead,
 * each waiting for its own children, while the main thread goes on answering.
 */
import { Worker } from 'node:worker_threads';

/** What git printed and how it ended, as a worker answers. */
export type GitRun = { stdout: string; stderr: string; status?: number; failed?: string };

/**
 * The workers' code, a plain CommonJS script (a worker runs it as given, without the service's
 * TypeScript loader): each request runs git in its folder, its input written to git's standard
 * input, and is answered with what git printed and its exit status.
 */
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { execFile } = require('node:child_process');
parentPort.on('message', ({ id, cwd, args, env, input }) => {
  const child = execFile(
    'git',
    args,
    { cwd, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
    (error, stdout, stderr) =>
      parentPort.postMessage({
        id,
        stdout,
        stderr,
        status: error && typeof error.code === 'number' ? error.code : error ? undefined : 0,
        failed: error ? String(error) : undefined,
      }),
  );
  // A command that reads no input may end before it is given any.
  child.stdin.on('error', () => undefined);
  child.stdin.end(input);
});
`;

/** How many workers start git: a few waits for the exec at once are enough for two cores. */
const WORKERS = 4;

export class GitRunner {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { worker: Worker; resolve: (run: GitRun) => void }>();
  private next = 0;
  private lastId = 0;

  /** Runs git once in a folder, with these variables added to the service's environment. */
  run(cwd: string, args: string[], env: Record<string, string>, input?: string): Promise<GitRun> {
    if (this.workers.length < WORKERS) this.workers.push(this.startWorker());
    const worker = this.workers[this.next % this.workers.length]!;
    this.next += 1;
    const id = (this.lastId += 1);
    return new Promise((resolve) => {
      this.waiting.set(id, { worker, resolve });
      // A worker with git to answer keeps the service running until it has answered.
      worker.ref();
      worker.postMessage({ id, cwd, args, env, input });
    });
  }

  private startWorker(): Worker {
    const worker = new Worker(WORKER, { eval: true });
    worker.on('message', (run: GitRun & { id: number }) => {
      const waiting = this.waiting.get(run.id);
      this.waiting.delete(run.id);
      // An idle worker keeps no service running that has stopped listening.
      if (![...this.waiting.values()].some((w) => w.worker === worker)) worker.unref();
      waiting?.resolve(run);
    });
    worker.on('error', (error) => {
      // A worker that failed answers nothing more: its requests fail, and another takes its place.
      this.workers.splice(this.workers.indexOf(worker), 1);
      for (const [id, waiting] of this.waiting)
        if (waiting.worker === worker) {
          this.waiting.delete(id);
          waiting.resolve({ stdout: '', stderr: '', failed: String(error) });
        }
    });
    return worker;
  }
}
