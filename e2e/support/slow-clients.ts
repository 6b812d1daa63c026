/**
 * Slow clients for e2e/out/slow-clients.spec.ts, in a process of their own: each holds a connection
 * as the slowloris attack does. Over plain HTTP each sends the start of a request and then one
 * header line every two seconds, never the blank line that ends the header; against HTTPS each
 * starts a TLS handshake, announcing a ClientHello it then sends one byte every two seconds, never
 * all of it. The spec starts this process with a file limit raised for its sockets, which Node
 * cannot raise for itself.
 *
 * Usage (with an IPC channel):
 *   node --import tsx e2e/support/slow-clients.ts PORT COUNT WAIT_MS http|tls-handshake
 * It opens COUNT sockets from 127.0.0.2 to 127.0.0.1:PORT (for five seconds at most) and sends
 * { held }, how many are connected and open. It then waits until the server has closed every one,
 * or WAIT_MS after the last connected, and sends { connections }: for each socket that connected,
 * when it did, when the server closed it and how, in milliseconds since this process started.
 */
import { connect, type Socket } from 'node:net';

/** The address the slow clients come from, so that the spec's visitor on 127.0.0.1 is told apart. */
const SLOW_ADDRESS = '127.0.0.2';
const LINE_EVERY_MS = 2_000;
const CONNECT_WITHIN_MS = 5_000;
const BATCH = 100;
/** Whatever happens, the process closes every socket and ends by then. */
const LIFETIME_MS = 28_000;

export type SlowConnection = { connectedAt: number; closedAt?: number; closedWith?: string };
export type SlowClientsMessage =
  { type: 'held'; connected: number } | { type: 'report'; connections: SlowConnection[] };

const [port = 0, count = 0, waitMs = 0] = process.argv.slice(2, 5).map(Number);
/** How the clients are slow: in the request's header, or in the TLS handshake before it. */
const slowIn = process.argv[5] === 'tls-handshake' ? 'tls-handshake' : 'http';
/**
 * What each client sends at once, and then a little at a time. A TLS record's header announcing a
 * handshake message of 512 bytes (content type 22, version 3.1, length), which nginx must read whole
 * before it can answer.
 */
const opening =
  slowIn === 'http'
    ? `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`
    : Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01]);
const trickled = slowIn === 'http' ? 'X-Slow: 1\r\n' : Buffer.from([0x00]);
/** Sends a message to the spec, resolving once it has gone: the channel closes at the end. */
const send = (message: SlowClientsMessage) =>
  new Promise<void>((resolve) => {
    if (process.send) process.send(message, undefined, {}, () => resolve());
    else resolve();
  });

type Client = { socket: Socket; connectedAt?: number; closedAt?: number; closedWith?: string };
const clients: Client[] = [];
/** Once set, closes are this process's own and are not recorded. */
let ending = false;

function end(code: number): void {
  ending = true;
  clearInterval(trickle);
  for (const { socket } of clients) socket.destroy();
  process.disconnect?.();
  process.exitCode = code;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const connected = () => clients.filter((client) => client.connectedAt !== undefined);

const lifetime = setTimeout(() => end(1), LIFETIME_MS);
lifetime.unref();

/** Opens one slow connection, which sends the start of a request as soon as it is connected. */
function open(): Client {
  const socket = connect({ host: '127.0.0.1', port, localAddress: SLOW_ADDRESS });
  const client: Client = { socket };
  clients.push(client);
  socket.on('connect', () => {
    client.connectedAt = performance.now();
    socket.write(opening);
  });
  // How the server ended it: a reset shows as ECONNRESET, a graceful close as the end of the data.
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (!ending) client.closedWith ??= error.code ?? error.message;
  });
  socket.on('end', () => {
    if (!ending) client.closedWith ??= 'end of data';
  });
  socket.on('close', () => {
    if (!ending) client.closedAt ??= performance.now();
  });
  return client;
}

const trickle = setInterval(() => {
  for (const { socket, connectedAt, closedAt } of clients) {
    if (connectedAt !== undefined && closedAt === undefined) socket.write(trickled);
  }
}, LINE_EVERY_MS);

// Opened steadily, a batch at a time, each batch connected and its first lines sent before the
// next: nginx has read them, and a connection it has read from is no longer one it may close to
// make room for another (a burst would have nginx drop most of them unread, at once).
const openingStarted = performance.now();
while (clients.length < count && performance.now() - openingStarted < CONNECT_WITHIN_MS) {
  const batch = Array.from({ length: Math.min(BATCH, count - clients.length) }, open);
  const settled = () => batch.every((c) => c.connectedAt !== undefined || c.closedAt !== undefined);
  for (let waited = 0; !settled() && waited < 500; waited += 10) await sleep(10);
  await sleep(20);
}
const stillOpen = connected().filter((client) => client.closedAt === undefined);
await send({ type: 'held', connected: stillOpen.length });

const lastConnected = Math.max(...connected().map((client) => client.connectedAt ?? 0));
while (
  connected().some((client) => client.closedAt === undefined) &&
  performance.now() < lastConnected + waitMs
) {
  await sleep(50);
}
await send({
  type: 'report',
  connections: connected().map(({ connectedAt = 0, closedAt, closedWith }) => ({
    connectedAt,
    ...(closedAt !== undefined && { closedAt }),
    ...(closedWith !== undefined && { closedWith }),
  })),
});
end(0);
