/**
 * The records Worker (deploy/records/) on Cloudflare's own runtime, for the tests: `wrangler dev`
 * with the Worker's own configuration, its R2 bucket kept by the runtime in a folder of the test's,
 * and two credentials made for the run, in an env file rather than on the command line. Nothing of
 * Cloudflare's is reached: the bucket, its conditional writes included, is the runtime's own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { offlineWrangler, WRANGLER } from '../../scripts/serve/cloudflare';
import { freePort } from '../../scripts/serve/port';
import { spawnGroup, stopGroup } from './process-groups';

/** How long wrangler may take to answer: it bundles the Worker and starts workerd first. */
const START_TIMEOUT_MS = 90_000;

export type RunningRecordsWorker = {
  /** Its address, which RECORDS_STORE names. */
  url: string;
  /** The pipeline's credential (create and read), and the compliance log's (read only). */
  writerToken: string;
  readerToken: string;
  picturesToken: string;
  /** A file holding a credential, as RECORDS_TOKEN_FILE names one. */
  tokenFile(token: string): string;
  stop(): Promise<void>;
};

/** Starts the records Worker on a free port of 127.0.0.1, with an empty bucket. */
export async function startRecordsWorker(): Promise<RunningRecordsWorker> {
  const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-records-worker-'));
  const writerToken = randomBytes(24).toString('hex');
  const readerToken = randomBytes(24).toString('hex');
  const picturesToken = randomBytes(24).toString('hex');
  const envFile = path.join(folder, 'secrets.env');
  writeFileSync(
    envFile,
    `WRITER_TOKEN=${writerToken}\nREADER_TOKEN=${readerToken}\nPICTURES_TOKEN=${picturesToken}\n`,
    {
      mode: 0o600,
    },
  );
  const port = await freePort();
  const args = ['dev', '--config', 'deploy/records/wrangler.jsonc', '--ip', '127.0.0.1'];
  args.push('--port', String(port), '--inspector-port', String(await freePort()));
  args.push('--env-file', envFile, '--persist-to', path.join(folder, 'state'));
  args.push('--show-interactive-dev-session=false', '--log-level', 'warn');
  let printed = '';
  const wrangler = spawnGroup(
    WRANGLER,
    args,
    { env: { ...offlineWrangler, XDG_CONFIG_HOME: folder }, stdio: ['ignore', 'pipe', 'pipe'] },
    'the records Worker',
  );
  wrangler.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  wrangler.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopGroup(wrangler, 'SIGINT');
    rmSync(folder, { recursive: true, force: true });
  };
  // Ready once the Worker answers at all: without a credential, it says 401.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const status = await fetch(`${url}/objects`).then(
      (response) => response.status,
      () => undefined,
    );
    if (status === 401) break;
    if (wrangler.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the records Worker did not start:\n${printed}`);
    }
    await sleep(200);
  }
  return {
    url,
    writerToken,
    readerToken,
    picturesToken,
    tokenFile(token) {
      const file = path.join(folder, `token-${token.slice(0, 8)}`);
      writeFileSync(file, `${token}\n`, { mode: 0o600 });
      return file;
    },
    stop,
  };
}
