import { createServer, type AddressInfo } from 'node:net';

/** Listens on this port of 127.0.0.1 (0: any free one), closes, and resolves to the port it had. */
function probe(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/** A port of 127.0.0.1 that nothing listens on now, for a helper such as a debugger or a driver. */
export const freePort = (): Promise<number> => probe(0);

/** Runs a server's entry point once sure that no other program holds its port; errors in a line. */
export async function runServer(name: string, port: number, start: () => Promise<void>) {
  try {
    await probe(port).catch(() => {
      throw new Error(`port ${port} is in use by another program: stop it, or set PORT`);
    });
    await start();
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
