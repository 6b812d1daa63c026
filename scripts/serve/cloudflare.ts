// `PORT=8787 npm run preview:cloudflare`: serves out/ on Cloudflare's runtime (wrangler dev with
// workerd), configured by deploy/cloudflare/wrangler.jsonc as deployed, with no network calls.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, runServer } from './port';

const FOLDER = 'deploy/cloudflare';
export const WRANGLER = `${FOLDER}/node_modules/.bin/wrangler`;

/** wrangler without its network calls: usage data, the update check, Cloudflare's cf.json. */
export const offlineWrangler: NodeJS.ProcessEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  // No debug log on disk: one file a run would pile up; what matters is printed.
  WRANGLER_WRITE_LOGS: 'false',
};

async function serve(port: number): Promise<void> {
  if (!existsSync(WRANGLER)) {
    throw new Error(`wrangler is not installed: npm run setup, or npm install --prefix ${FOLDER}`);
  }
  const args = ['dev', '--config', `${FOLDER}/wrangler.jsonc`, '--ip', '127.0.0.1'];
  args.push('--port', String(port), '--inspector-port', String(await freePort()));
  args.push('--show-interactive-dev-session=false', '--log-level', 'warn');
  // What wrangler keeps between runs lives for this run only, and goes with it: the runtime's
  // state (its cache) and wrangler's per-user files (a device id, a registry of running Workers).
  const scratch = mkdtempSync(path.join(tmpdir(), 'private-bank-wrangler-'));
  args.push('--persist-to', path.join(scratch, 'state'));
  const env = { ...offlineWrangler, XDG_CONFIG_HOME: scratch };
  // In a process group of its own, wrangler gets exactly one SIGINT, which stops workerd with it (a
  // second, SIGHUP or SIGKILL would not), and the group tells when workerd has gone too.
  const wrangler = spawn(WRANGLER, args, { env, stdio: 'inherit', detached: true });
  const group = -(wrangler.pid ?? 0);
  console.log(`Serving out/ on Cloudflare's runtime at http://127.0.0.1:${port} (Ctrl+C to stop)`);
  let stopping = false;
  const stop = () => {
    if (!stopping) process.kill(group, 'SIGINT');
    stopping = true;
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  wrangler.on('exit', async (code) => {
    const running = () => {
      try {
        return process.kill(group, 0);
      } catch {
        return false;
      }
    };
    for (let waited = 0; running() && waited < 10_000; waited += 50) await sleep(50);
    if (running()) process.kill(group, 'SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runServer('preview:cloudflare', 8787, serve);
}
