/**
 * The ports the tests take on 127.0.0.1: each is one the system gives or one found free just before
 * it is taken, so that a run never collides with another run, another checkout's or a spec beside
 * itself (`--repeat-each`).
 *
 * - A program that can listen on port 0 and say where it listens (the editing view, a server of
 *   the test's own) is started that way.
 * - A program that must be told its port (nginx, wrangler, `next dev`) gets one from `freePort`,
 *   taken just before it starts, or, to listen as a production server does on 80 and 443, below
 *   1024, from `freePrivilegedPort`; a test that checks its server's port is free again once it
 *   has stopped takes one from below the system's range, from `freePortOutsideSystemRange`.
 * - The run's shared test servers (playwright.config.ts's webServer) get theirs from `serverPorts`:
 *   picked once, in the runner, before it starts them and its workers, and handed to the workers
 *   (which load the configuration again, each) and to the servers through the environment.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { freePort } from '../../scripts/serve/port';

export { freePort };

/** The run's shared test servers, each of which takes a port of its own. */
const SERVERS = ['start', 'nginx', 'cloudflare', 'https', 'httpRedirect'] as const;

/**
 * The ports of the run's shared test servers: `start`, the server `npm start` uses; `nginx` and
 * `cloudflare`, the production servers; `https`, nginx over TLS, and `httpRedirect`, its plain-HTTP
 * server that redirects to it.
 */
export type ServerPorts = Record<(typeof SERVERS)[number], number>;

/** The variable that carries the ports from the runner to its workers and servers. */
const VARIABLE = 'E2E_SERVER_PORTS';

/**
 * Free ports of 127.0.0.1, all held at once, so that they are distinct, then let go. Synchronous,
 * as Playwright loads the configuration: a short Node process listens and prints them.
 */
function pickPorts(count: number): number[] {
  const script = `
    const net = require('node:net');
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((server) => new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))))
      .then(() => {
        console.log(JSON.stringify(servers.map((server) => server.address().port)));
        for (const server of servers) server.close();
      });`;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }),
  ) as number[];
}

/**
 * The ports of the run's shared test servers. In the runner (Playwright's main process, where
 * TEST_WORKER_INDEX is unset), they are picked on the first call and written into the environment,
 * which the workers and the servers inherit; a later call in the runner, and every call in a
 * worker, reads them from there. A runner started by a test (Playwright's list, say) is a worker's
 * child, and reads its parent's.
 */
export function serverPorts(): ServerPorts {
  const inWorker = Boolean(process.env.TEST_WORKER_INDEX);
  const given = process.env[VARIABLE];
  if (given) {
    const { runner, ports } = JSON.parse(given) as { runner: number; ports: ServerPorts };
    if (inWorker || runner === process.pid) return ports;
  } else if (inWorker) {
    throw new Error(`${VARIABLE} is not set: a worker takes its servers' ports from its runner`);
  }
  const picked = pickPorts(SERVERS.length);
  const ports = Object.fromEntries(SERVERS.map((name, i) => [name, picked[i]!])) as ServerPorts;
  process.env[VARIABLE] = JSON.stringify({ runner: process.pid, ports });
  return ports;
}

/**
 * A port under 1024 of 127.0.0.1 that nothing listens on now, which only root or a program with
 * CAP_NET_BIND_SERVICE may listen on, as on a production server's 80 and 443. The system gives no
 * such port, so the first free one is taken from a random one of 512 to 1023 up, round to 512 again,
 * so that two runs at once rarely try the same one first.
 */
export async function freePrivilegedPort(): Promise<number> {
  const start = Math.floor(Math.random() * 512);
  for (let step = 0; step < 512; step += 1) {
    const port = 512 + ((start + step) % 512);
    const free = await freePort(port).then(
      () => true,
      () => false,
    );
    if (free) return port;
  }
  throw new Error('no port from 512 to 1023 of 127.0.0.1 is free');
}

/**
 * A port of 127.0.0.1 that nothing listens on now, from below the range the system gives (its
 * ephemeral ports, net.ipv4.ip_local_port_range), for a test that checks the port is free again
 * once its server has stopped: no other test's server, which takes a port the system gives, nor
 * any outgoing connection can take it in between. The first free one is taken from a random one of
 * 10000 up to the range's start, round again, so that two tests at once rarely try the same first.
 */
export async function freePortOutsideSystemRange(): Promise<number> {
  const [systemFirst] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  const first = 10_000;
  const count = (systemFirst ?? 32_768) - first;
  const start = Math.floor(Math.random() * count);
  for (let step = 0; step < count; step += 1) {
    const port = first + ((start + step) % count);
    const free = await freePort(port).then(
      () => true,
      () => false,
    );
    if (free) return port;
  }
  throw new Error(`no port from ${first} to ${first + count - 1} of 127.0.0.1 is free`);
}
