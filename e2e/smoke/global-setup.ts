/**
 * The smoke's first step, before any check: whose build the site serves. It reads the site's build
 * file, which names the commit built, and refuses in words to go on when that is not the commit
 * expected, since every word the checks expect is that commit's. Told to wait
 * (SMOKE_WAIT_FOR_BUILD), as the deploy is while Cloudflare spreads a new version, it reads the file
 * again every few seconds until the commit is the one expected or the time is up. Over HTTPS it also
 * verifies the site's certificate, and has Chromium trust the key it verified (SMOKE_CA_FILE).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { get, handshake, publicKeyHash } from './client';
import { BUILD_FILE, readSettings, type SmokeSettings } from './settings';

/** How long between two reads of the build file, while waiting for the expected build. */
const READ_INTERVAL_MS = 5_000;
/** The variable that carries the verified key to the workers' Chromium (playwright.smoke.config.ts). */
export const TRUSTED_KEY_VARIABLE = 'SMOKE_TRUSTED_KEY';
/** The variable that carries the reads of the build file to the summary, which counts requests. */
export const BUILD_READS_VARIABLE = 'SMOKE_BUILD_READS';

/** Whether the site is a server on this machine, such as `npm run serve:nginx`, which serves out/. */
const isThisMachine = (site: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(site.hostname);

/** Stops the run with these words alone, without a stack: they say all there is to do. */
function refuse(message: string): never {
  const error = new Error(message);
  error.stack = message;
  throw error;
}

/** The commit the site's build file names, or why none could be read. */
async function servedCommit(settings: SmokeSettings): Promise<{ commit?: string; why?: string }> {
  const address = `${settings.site.origin}${BUILD_FILE}`;
  try {
    const { status, body } = await get(settings, BUILD_FILE);
    if (status !== 200) return { why: `${address} answered ${status}, so the site names no build` };
    const commit = body.trim();
    if (!/^[0-9a-f]{40}$/.test(commit))
      return { why: `${address} names "${commit.slice(0, 60)}", which is not a commit` };
    return { commit };
  } catch (error) {
    return { why: error instanceof Error ? error.message : String(error) };
  }
}

export default async function checkTheBuild(): Promise<void> {
  const settings = readSettings();
  const { site, expectedCommit, expectedCommitFrom } = settings;

  if (site.protocol === 'https:') {
    const outcome = await handshake(settings);
    if ('error' in outcome)
      refuse(
        `${site.origin}: no TLS connection whose certificate could be verified (${outcome.error}). A certificate from a private authority needs SMOKE_CA_FILE=<the authority's PEM file>.`,
      );
    if (settings.caFile) process.env[TRUSTED_KEY_VARIABLE] = publicKeyHash(outcome.certificate);
  }

  const deadline = Date.now() + settings.waitForBuildSeconds * 1000;
  for (let attempt = 1; ; attempt += 1) {
    process.env[BUILD_READS_VARIABLE] = String(attempt);
    const { commit, why } = await servedCommit(settings);
    if (commit === expectedCommit) {
      console.log(`smoke: ${site.origin} serves the build of ${commit}, the commit expected.`);
      return;
    }
    const served = commit
      ? `${site.origin} serves the build of commit ${commit}, not ${expectedCommit} (${expectedCommitFrom})`
      : `${why}, so the smoke cannot tell that it serves ${expectedCommit} (${expectedCommitFrom})`;
    if (Date.now() + READ_INTERVAL_MS > deadline) {
      const waited = settings.waitForBuildSeconds
        ? `, after ${attempt} reads in ${settings.waitForBuildSeconds} s`
        : '';
      refuse(
        `smoke refused: ${served}${waited}. The words it would check are ${expectedCommit}'s.${
          commit
            ? ` To check what the site serves, run it from a checkout of ${commit} (git checkout ${commit}); to check ${expectedCommit}, deploy it first.`
            : ''
        }${
          commit && isThisMachine(site)
            ? ' A server on this machine serves its out/: run npm run build, then start the server again.'
            : ''
        }`,
      );
    }
    console.log(`smoke: ${served}; reading ${BUILD_FILE} again in ${READ_INTERVAL_MS / 1000} s.`);
    await sleep(READ_INTERVAL_MS);
  }
}
