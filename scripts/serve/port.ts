/**
 * Ports for the local servers: a check that a server's port is free before it starts, so that a
 * test never talks to some other program by mistake, and free ports for the servers and helpers
 * (such as wrangler's debugger) that tests and tools start on ports of their own.
 */
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

/**
 * Listens on a port of 127.0.0.1 and closes again at once.
 * @param port The port to try, or 0 for any free one.
 * @returns The port that was listened on; rejects when another program holds it.
 */
function probe(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: boundPort } = server.address() as AddressInfo;
      server.close(() => resolve(boundPort));
    });
  });
}

/**
 * A port of 127.0.0.1 that nothing listens on now, for a helper such as a debugger or a driver: any
 * free one, or the port given, which rejects when another program holds it.
 */
export const freePort = (port = 0): Promise<number> => probe(port);

/**
 * Runs a server's entry point on PORT, once out/ has a build and no other program holds the port.
 * Any failure is printed under the server's name and ends the process with status 1.
 * @param name The npm script's name, e.g. 'serve', to begin the error message with.
 * @param defaultPort The port to use when PORT is not set.
 * @param start Starts the server on the port.
 */
export async function runServer(
  name: string,
  defaultPort: number,
  start: (port: number) => unknown,
) {
  const port = Number(process.env.PORT ?? defaultPort);
  try {
    if (!existsSync('out/index.html'))
      throw new Error('No build to serve: run `npm run build` first.');
    await probe(port).catch(() => {
      throw new Error(`port ${port} is in use by another program: stop it, or set PORT`);
    });
    await start(port);
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
