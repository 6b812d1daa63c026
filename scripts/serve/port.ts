import { existsSync } from 'node:fs';
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

/** Runs a server's entry point on PORT, once out/ has a build and no other program holds the port. */
export async function runServer(name: string, fallback: number, start: (port: number) => unknown) {
  const port = Number(process.env.PORT ?? fallback);
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
