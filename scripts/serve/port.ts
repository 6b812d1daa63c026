import { createServer } from 'node:net';

/**
 * Resolves when nothing listens on this port of 127.0.0.1, so that a server started there is the one
 * that answers; a test run must never test whatever else holds the port.
 * @throws Error saying which port is taken and what to do.
 */
export function ensurePortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is in use by another program: stop it, or set PORT`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** A port of 127.0.0.1 that nothing listens on now, for a helper such as a debugger or a driver. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs a server's command-line entry point: any startup error is one line, not a stack trace. */
export async function runServer(name: string, start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
