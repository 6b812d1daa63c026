/**
 * `PORT=8787 npm run serve:cloudflare` serves out/ on Cloudflare's own runtime (wrangler dev,
 * which runs workerd), configured by deploy/cloudflare/wrangler.jsonc exactly as it is deployed, so
 * the tests can check what Cloudflare would answer without an account or any network calls.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, runServer } from './port';

/** The folder of the Cloudflare deployment, which has its own package.json with wrangler in it. */
const CLOUDFLARE_FOLDER = 'deploy/cloudflare';

/** The wrangler program, installed by `npm install --prefix deploy/cloudflare`. */
export const WRANGLER = `${CLOUDFLARE_FOLDER}/node_modules/.bin/wrangler`;

/**
 * The environment that keeps wrangler off the network: no usage data, no update check, and no
 * download of Cloudflare's cf.json. The machines that run the tests have no internet.
 */
export const offlineWrangler: NodeJS.ProcessEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  // No debug log on disk: wrangler would write one file a run, and they would pile up; what matters
  // is printed to the terminal anyway.
  WRANGLER_WRITE_LOGS: 'false',
};

/** How long workerd may take to exit after wrangler has, before it is killed. */
const WORKERD_EXIT_TIMEOUT_MS = 10_000;
/** How often to look whether workerd has exited. */
const EXIT_POLL_INTERVAL_MS = 50;

/** Runs wrangler dev on `port` until this process is stopped, then cleans up after it. */
async function serve(port: number): Promise<void> {
  if (!existsSync(WRANGLER)) {
    throw new Error(
      `wrangler is not installed: npm run setup, or npm install --prefix ${CLOUDFLARE_FOLDER}`,
    );
  }
  const args = ['dev', '--config', `${CLOUDFLARE_FOLDER}/wrangler.jsonc`, '--ip', '127.0.0.1'];
  args.push('--port', String(port), '--inspector-port', String(await freePort()));
  args.push('--show-interactive-dev-session=false', '--log-level', 'warn');
  // What wrangler keeps between runs lives for this run only, and goes with it: the runtime's
  // state (its cache) and wrangler's per-user files (a device id, a registry of running Workers).
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'private-bank-wrangler-'));
  args.push('--persist-to', path.join(scratchDir, 'state'));
  const env = { ...offlineWrangler, XDG_CONFIG_HOME: scratchDir };
  // In a process group of its own, wrangler gets exactly one SIGINT, which stops workerd with it (a
  // second, SIGHUP or SIGKILL would not), and the group tells when workerd has gone too.
  const wrangler = spawn(WRANGLER, args, { env, stdio: 'inherit', detached: true });
  // A negative pid addresses the whole process group: wrangler and the workerd it starts.
  const processGroup = -(wrangler.pid ?? 0);
  console.log(`Serving out/ on Cloudflare's runtime at http://127.0.0.1:${port} (Ctrl+C to stop)`);
  let stopping = false;
  const stop = () => {
    if (!stopping) process.kill(processGroup, 'SIGINT');
    stopping = true;
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  wrangler.on('exit', async (code) => {
    // Signal 0 only asks whether any process of the group is still alive.
    const groupIsRunning = () => {
      try {
        return process.kill(processGroup, 0);
      } catch {
        return false;
      }
    };
    for (
      let waited = 0;
      groupIsRunning() && waited < WORKERD_EXIT_TIMEOUT_MS;
      waited += EXIT_POLL_INTERVAL_MS
    )
      await sleep(EXIT_POLL_INTERVAL_MS);
    if (groupIsRunning()) process.kill(processGroup, 'SIGKILL');
    rmSync(scratchDir, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runServer('serve:cloudflare', 8787, serve);
}
