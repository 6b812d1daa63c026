/**
 * The load part of `npm run bench`: requests per second and latency behind nginx (the shipped
 * configuration) and behind Cloudflare's local runtime, and the shipped configuration's throughput
 * against a minimal nginx, over plain HTTP and over HTTPS with HTTP/2. The load generator is
 * autocannon: it is kept on npm, pinned in tools/package.json and driven from this script, which
 * reads its results as numbers; wrk is faster but is not installed here, and a Debian package would
 * be one more thing to install. autocannon speaks HTTP/1.1 only, so HTTPS with HTTP/2 is loaded by
 * h2load (Debian's nghttp2-client), whose summary this script reads.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { promisify } from 'node:util';
import { localHttps, runNginx, startNginx, type HttpsSettings } from '../scripts/serve/nginx';
import { freePort } from '../scripts/serve/port';
import { LOCAL_SERVER_NAME } from '../scripts/serve/tls';

/** What is asked for, with what a visitor must get: the status, and the file whose bytes come. */
const ADDRESSES = [
  { address: '/', status: 200, file: 'index.html' },
  { address: '/south-africa', status: 200, file: 'south-africa.html' },
  { address: '/no/such/page', status: 404, file: '404.html' },
];
const CONNECTIONS = [10, 50, 200];
/** Seconds a run lasts: short, since the machine's cores are shared. */
const RUN_SECONDS = 3;
/** The comparison with the minimal nginx: alternating runs of this address and connections. */
const COMPARED = { address: '/south-africa', connections: 50, runs: 5, seconds: 4 };
/** Browsers ask for compression; so does every run here. */
const GZIP = { 'accept-encoding': 'gzip' };

/**
 * The minimal nginx: the same workers and the same compression as the shipped configuration had
 * before compression moved to the build (gzip on the fly, level 6), the pages at their clean
 * addresses and the not-found page, and nothing else: no headers, no guards, no timeouts. Over
 * HTTPS, the same certificate as the shipped one, HTTP/2 and nginx's default protocols and ciphers.
 */
const minimalConfig = (port: number, runtimeDir: string, https?: HttpsSettings) => `
worker_processes auto;
pid ${runtimeDir}/nginx.pid;
events {}
http {
  types {
    text/html html; text/css css; application/javascript js; text/plain txt;
    application/xml xml; image/svg+xml svg; image/png png;
  }
  access_log ${runtimeDir}/access.log;
  client_body_temp_path ${runtimeDir}/client_body;
  proxy_temp_path ${runtimeDir}/proxy;
  fastcgi_temp_path ${runtimeDir}/fastcgi;
  uwsgi_temp_path ${runtimeDir}/uwsgi;
  scgi_temp_path ${runtimeDir}/scgi;
  sendfile on;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 256;
  gzip_vary on;
  gzip_types text/css application/javascript text/plain application/xml image/svg+xml;
  server {
    listen 127.0.0.1:${port}${https ? ' ssl http2' : ''};
    ${https ? `ssl_certificate ${https.certificate}; ssl_certificate_key ${https.key};` : ''}
    root ${path.resolve('out')};
    error_page 404 /404.html;
    location = / { try_files /index.html =404; }
    location / { try_files $uri $uri.html =404; }
  }
}
`;

type Server = { name: string; url: string; stop: () => Promise<unknown> };

/** Waits, 60 s at most, until a server answers. */
async function answering(url: string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const up = await fetch(url).then(
      () => true,
      () => false,
    );
    if (up) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer within 60 s`);
}

async function nginxServer(name: string, start: (port: number) => ReturnType<typeof runNginx>) {
  const port = await freePort();
  const nginx = start(port);
  const server: Server = {
    name,
    url: `http://127.0.0.1:${port}`,
    stop: () => (nginx.stop(), nginx.exited),
  };
  await answering(server.url);
  return server;
}

async function cloudflareServer(): Promise<Server> {
  const port = await freePort();
  const wrangler = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve/cloudflare.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(wrangler, 'exit');
  const server: Server = {
    name: "Cloudflare's runtime",
    url: `http://127.0.0.1:${port}`,
    stop: () => (wrangler.kill('SIGTERM'), exited),
  };
  await answering(server.url);
  return server;
}

/** One GET with gzip asked for, its body as sent: a visitor's answer, checked before each run. */
function expectAnswer(url: string, status: number, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: GZIP, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const gzipped = response.headers['content-encoding'] === 'gzip';
        const body = Buffer.concat(chunks);
        const same = gzipped && gunzipSync(body).equals(readFileSync(path.join('out', file)));
        if (response.statusCode === status && same) resolve();
        else
          reject(new Error(`${url}: ${response.statusCode}, not ${status} with ${file} gzipped`));
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`${url}: no answer in 10 s`)));
    request.on('error', reject);
  });
}

type Run = { perSecond: number; median: number; p99: number; responses: number; errors: number };

/** The value below which this share of the values lie (0.5: the median). */
const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * share) - 1)] ?? NaN;

/**
 * One run of autocannon; throws on any status but the expected one, and on any connection error
 * unless `errorsAllowed` (the minimal nginx is a reference: its errors are reported, not ours to
 * fix). The latencies are each response's own, in fractions of a millisecond (autocannon's summary rounds
 * them to whole milliseconds, and most here take less than one).
 */
async function load(
  url: string,
  status: number,
  connections: number,
  seconds: number,
  errorsAllowed = false,
) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url, connections, duration: seconds, headers: GZIP };
    const instance = autocannon(options, (error: unknown, done: autocannon.Result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  });
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => ({
    code: Number(code),
    count: count ?? 0,
  }));
  const unexpected = statuses.filter(({ code, count }) => code !== status && count > 0);
  if ((result.errors > 0 && !errorsAllowed) || unexpected.length > 0) {
    const answers = statuses.map(({ code, count }) => `${count} × ${code}`).join(', ');
    throw new Error(
      `${url} with ${connections} connections: ${result.errors} connection errors (${result.timeouts} timeouts), answers ${answers}; expected only ${status}`,
    );
  }
  const responses = statuses.reduce((sum, { count }) => sum + count, 0);
  return {
    perSecond: responses / result.duration,
    median: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    responses,
    errors: result.errors,
  } satisfies Run;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;
const table = (rows: (string | number)[][]) =>
  [rows[0]!, rows[0]!.map(() => '---'), ...rows.slice(1)]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n');

/** h2load's run: how many requests a second, of how many, and how many did not succeed. */
type H2Run = { perSecond: number; done: number; failed: number; statuses: string };

/**
 * One run of h2load over HTTPS with HTTP/2: `requests` GETs with gzip asked for, on `connections`
 * connections of `streams` concurrent streams each. Throws on any request that did not succeed.
 */
async function h2load(url: string, requests: number, connections: number, streams: number) {
  const { stdout } = await promisify(execFile)('h2load', [
    ...['-n', String(requests), '-c', String(connections), '-m', String(streams)],
    ...['-H', 'accept-encoding: gzip', url],
  ]);
  const perSecond = Number(/finished in [\d.]+m?s, ([\d.]+) req\/s/.exec(stdout)?.[1]);
  const [done = 0, succeeded = 0] = (
    /requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded/.exec(stdout) ?? []
  )
    .slice(1)
    .map(Number);
  const statuses = /status codes: (.*)/.exec(stdout)?.[1] ?? '';
  const run: H2Run = { perSecond, done, failed: done - succeeded, statuses };
  if (
    !(perSecond > 0) ||
    done !== requests ||
    run.failed > 0 ||
    !statuses.startsWith(`${requests} 2xx`)
  ) {
    throw new Error(`h2load ${url}: ${stdout}`);
  }
  return run;
}

/** HTTPS with HTTP/2: what h2load asks, and how often. */
const H2 = { address: '/south-africa', requests: 20_000, connections: 50, streams: 10, runs: 5 };

/**
 * The shipped configuration over HTTPS with HTTP/2 against the minimal nginx over the same: the
 * same throwaway certificate (an ECDSA P-256 key), alternating runs of h2load.
 * @returns Its part of docs/performance.md.
 */
export async function httpsBench(): Promise<string> {
  if (spawnSync('h2load', ['--version']).error) {
    throw new Error('h2load is needed for the HTTPS figures: apt-get install nghttp2-client');
  }
  const certificateDir = mkdtempSync(path.join(tmpdir(), 'private-bank-bench-tls-'));
  const acmeChallengeDir = path.join(certificateDir, 'acme');
  mkdirSync(acmeChallengeDir);
  const servers: Server[] = [];
  try {
    const httpsServer = async (
      name: string,
      start: (port: number) => ReturnType<typeof runNginx>,
    ) => {
      const port = await freePort();
      const nginx = start(port);
      const server: Server = {
        name,
        // The shipped configuration answers for its name alone (LOCAL_SERVER_NAME, here).
        url: `https://${LOCAL_SERVER_NAME}:${port}`,
        stop: () => (nginx.stop(), nginx.exited),
      };
      servers.push(server);
      // Up once h2load is answered: 5 s at most.
      for (let tries = 0; ; tries += 1) {
        const up = await h2load(`${server.url}${H2.address}`, 10, 1, 1).then(
          () => true,
          () => false,
        );
        if (up) return server;
        if (tries === 50) throw new Error(`${server.url} did not answer within 5 s`);
        await sleep(100);
      }
    };
    const settings = localHttps(0, await freePort(), certificateDir, acmeChallengeDir);
    const shipped = await httpsServer('nginx', (port) =>
      startNginx(`127.0.0.1:${port}`, { ...settings, redirectPort: port }),
    );
    const minimal = await httpsServer('minimal nginx', (port) =>
      runNginx((runtimeDir) => minimalConfig(port, runtimeDir, settings)),
    );
    const { address, requests, connections, streams, runs } = H2;
    // A warm-up run of each, not counted.
    for (const server of [shipped, minimal]) {
      await h2load(`${server.url}${address}`, requests / 10, connections, streams);
    }
    const rows: (string | number)[][] = [
      ['pair', 'nginx requests/s', 'minimal nginx requests/s', 'ratio', 'nginx status codes'],
    ];
    const ratios: number[] = [];
    for (let pair = 1; pair <= runs; pair += 1) {
      const order = pair % 2 === 1 ? [shipped, minimal] : [minimal, shipped];
      const measured = new Map<Server, H2Run>();
      for (const server of order) {
        measured.set(
          server,
          await h2load(`${server.url}${address}`, requests, connections, streams),
        );
      }
      const [ours, theirs] = [measured.get(shipped)!, measured.get(minimal)!];
      ratios.push(ours.perSecond / theirs.perSecond);
      const row = [pair, Math.round(ours.perSecond), Math.round(theirs.perSecond)];
      rows.push([...row, ratios.at(-1)!.toFixed(2), ours.statuses]);
      console.log(`https: ${rows.at(-1)!.join(' | ')}`);
    }
    const perSecond = (server: Server) =>
      median(rows.slice(1).map((row) => Number(row[server === shipped ? 1 : 2])));
    return `## HTTPS with HTTP/2

${address} over TLS 1.3 and HTTP/2 from h2load (${requests.toLocaleString('en-GB')} requests a run on
${connections} connections of ${streams} concurrent streams, \`Accept-Encoding: gzip\`), behind nginx with
the shipped configuration (\`npm run serve:tls\`'s settings and throwaway certificate, an ECDSA
P-256 key) and behind the minimal nginx above with the same certificate and HTTP/2, which
compresses each response on the fly where the shipped configuration sends the gzip twin written at
build: most of the difference. ${runs} pairs of alternating runs after one warm-up run of each. Every request of every run succeeded with a 2xx
status: any other would have stopped the bench. Median: **${Math.round(perSecond(shipped))}**
requests/s behind the shipped configuration, ${Math.round(perSecond(minimal))} behind the minimal one;
median ratio **${median(ratios).toFixed(2)}**.

${table(rows)}
`;
  } finally {
    for (const server of servers.reverse()) await server.stop();
    rmSync(certificateDir, { recursive: true, force: true });
  }
}

/** Runs the load bench and returns its part of docs/performance.md. */
export async function loadBench(): Promise<string> {
  const servers: Server[] = [];
  try {
    servers.push(await nginxServer('nginx', (port) => startNginx(`127.0.0.1:${port}`)));
    servers.push(await cloudflareServer());
    const minimal = await nginxServer('minimal nginx', (port) =>
      runNginx((runtimeDir) => minimalConfig(port, runtimeDir)),
    );
    servers.push(minimal);
    const [shipped, cloudflare] = servers as [Server, Server];

    const rows: (string | number)[][] = [
      ['server', 'address', 'connections', 'requests/s', 'median ms', 'p99 ms', 'responses'],
    ];
    for (const server of [shipped, cloudflare]) {
      for (const { address, status, file } of ADDRESSES) {
        const url = `${server.url}${address}`;
        await expectAnswer(url, status, file);
        // A second to warm up (caches, the runtime's compiled code), not counted.
        await load(url, status, CONNECTIONS[0]!, 1);
        for (const connections of CONNECTIONS) {
          const run = await load(url, status, connections, RUN_SECONDS);
          const row = [server.name, address, connections, Math.round(run.perSecond)];
          const latency = [run.median, run.p99].map((ms) => ms.toFixed(1));
          rows.push([...row, ...latency, `${run.responses} × ${status}`]);
          console.log(`load: ${rows.at(-1)!.join(' | ')}`);
        }
      }
    }

    // Alternating runs, each server first in turn, so that a change in the machine's load meets
    // both alike; the ratio is the median of each pair's.
    const { address, connections, runs, seconds } = COMPARED;
    const ratioRows: (string | number)[][] = [
      [
        'pair',
        'nginx requests/s',
        'minimal nginx requests/s',
        'ratio',
        'minimal connection errors',
      ],
    ];
    const ratios: number[] = [];
    for (const server of [shipped, minimal]) {
      await expectAnswer(`${server.url}${address}`, 200, 'south-africa.html');
      await load(`${server.url}${address}`, 200, connections, 1, server === minimal);
    }
    for (let pair = 1; pair <= runs; pair += 1) {
      const order = pair % 2 === 1 ? [shipped, minimal] : [minimal, shipped];
      const measured = new Map<Server, Run>();
      for (const server of order) {
        const url = `${server.url}${address}`;
        measured.set(server, await load(url, 200, connections, seconds, server === minimal));
      }
      const [ours, theirs] = [measured.get(shipped)!, measured.get(minimal)!];
      ratios.push(ours.perSecond / theirs.perSecond);
      const row = [pair, Math.round(ours.perSecond), Math.round(theirs.perSecond)];
      ratioRows.push([...row, ratios.at(-1)!.toFixed(2), theirs.errors]);
      console.log(`load: ${ratioRows.at(-1)!.join(' | ')}`);
    }
    const ratio = median(ratios);

    return `## Load

Requests per second and latency (median and 99th percentile) of each address under load from
autocannon, ${RUN_SECONDS} s a run after a one-second warm-up, every request with
\`Accept-Encoding: gzip\` as browsers send it, over loopback: behind nginx with
\`deploy/nginx.conf.template\`, and behind Cloudflare's local runtime
(\`npm run serve:cloudflare\`: workerd, run by Miniflare as wrangler runs it, not Cloudflare's network). Every response of
every run was the expected one (200 for the pages, 404 for a missing address; the first of each
checked byte for byte, decompressed) and no run of either had a connection error: any would have
stopped the bench. The load generator runs on the same two cores as the servers, which other work
shares too, so these are the figures of one busy machine, not a server's capacity.

${table(rows)}

The shipped nginx configuration against a minimal one with the same workers and the same
compression as before the build compressed (gzip on the fly, level 6), and nothing else (no headers,
guards or timeouts): ${address} with ${connections} connections, ${runs} pairs of alternating
${seconds}-second runs. Median ratio: **${ratio.toFixed(2)}** (above 1: the shipped configuration
serves more). The minimal nginx keeps nginx's defaults, so a connection error of its own is counted
here rather than stopping the bench.

${table(ratioRows)}
`;
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}
