/**
 * `PORT=8787 npm run serve:cloudflare` serves out/ on Cloudflare's own runtime, workerd, run by
 * Miniflare, the library wrangler runs it with: deploy/cloudflare/worker.ts in front of the static
 * assets, with the settings wrangler reads from deploy/cloudflare/wrangler.jsonc (the assets'
 * folder, their `_headers`, how they answer a missing or untidy address, and which addresses reach
 * the Worker first). The tests check what Cloudflare would answer without an account or any network
 * calls.
 *
 * `wrangler dev` serves the same through a second workerd, which it puts in front of the Worker to
 * reload it on each save: every request then crosses two runtimes, at about three times the
 * processor time of one (docs/performance.md). Nothing here changes while it serves, so there is
 * no such proxy, nor the development middleware `wrangler dev` adds to the Worker.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { runServer } from './port';

/** The folder of the Cloudflare deployment, which has its own package.json with wrangler in it. */
const CLOUDFLARE_FOLDER = 'deploy/cloudflare';

/** The wrangler program, installed by `npm install --prefix deploy/cloudflare`. */
export const WRANGLER = `${CLOUDFLARE_FOLDER}/node_modules/.bin/wrangler`;

/** The production Worker's configuration. */
const CONFIGURATION = `${CLOUDFLARE_FOLDER}/wrangler.jsonc`;

/**
 * What keeps wrangler off the network: no usage data, no update check, and no download of
 * Cloudflare's cf.json. The machines that run the tests have no internet.
 */
const OFFLINE_SETTINGS = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  // No debug log on disk: wrangler would write one file a run, and they would pile up; what matters
  // is printed to the terminal anyway.
  WRANGLER_WRITE_LOGS: 'false',
};

/** The environment of a wrangler kept off the network. */
export const offlineWrangler: NodeJS.ProcessEnv = { ...process.env, ...OFFLINE_SETTINGS };

/** The parts of wrangler's and Miniflare's programming interfaces that this server uses. */
type Wrangler = {
  unstable_getMiniflareWorkerOptions(configPath: string): {
    workerOptions: Record<string, unknown>;
  };
};
type MiniflareModule = {
  Miniflare: new (options: unknown) => { ready: Promise<URL> };
  convertV4MiniflareOptions(options: unknown): unknown;
};

/** The module at a file's path. */
async function importFile<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(file).href)) as T;
}

/** Serves out/ on workerd on `port` until this process is stopped. */
async function serve(port: number): Promise<void> {
  if (!existsSync(WRANGLER)) {
    throw new Error(
      `wrangler is not installed: npm run setup, or npm install --prefix ${CLOUDFLARE_FOLDER}`,
    );
  }
  // The Worker and the lib/ it imports in one module, as wrangler bundles them for a deploy.
  const bundled = await build({
    entryPoints: [`${CLOUDFLARE_FOLDER}/worker.ts`],
    bundle: true,
    format: 'esm',
    write: false,
  });
  // wrangler of deploy/cloudflare/'s own install, and the Miniflare that wrangler itself runs.
  // It reads its settings from the environment, in this process too.
  Object.assign(process.env, OFFLINE_SETTINGS);
  const wranglerFile = createRequire(path.resolve(CLOUDFLARE_FOLDER, 'package.json')).resolve(
    'wrangler',
  );
  const wrangler = await importFile<Wrangler>(wranglerFile);
  const { Miniflare, convertV4MiniflareOptions } = await importFile<MiniflareModule>(
    createRequire(wranglerFile).resolve('miniflare'),
  );
  const settings = wrangler.unstable_getMiniflareWorkerOptions(CONFIGURATION).workerOptions;
  // Not the rules for the modules a bundle imports, nor the folder they are found from: the bundle
  // is one module, given as it is.
  delete settings.modulesRules;
  delete settings.rootPath;
  const worker = {
    ...settings,
    name: 'private-bank-south-africa',
    modules: true,
    script: bundled.outputFiles[0]!.text,
  };
  // Miniflare stops workerd, and removes what it wrote, when this process ends: on Ctrl+C
  // (SIGINT) and SIGTERM too. No `cf` file from Cloudflare: Miniflare would download one.
  const runtime = new Miniflare(
    convertV4MiniflareOptions({ host: '127.0.0.1', port, cf: false, workers: [worker] }),
  );
  await runtime.ready;
  console.log(`Serving out/ on Cloudflare's runtime at http://127.0.0.1:${port} (Ctrl+C to stop)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runServer('serve:cloudflare', 8787, serve);
}
