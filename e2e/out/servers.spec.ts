import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../scripts/serve/port';

/**
 * The servers a person starts by hand, stopped as a person stops them (Ctrl+C) or as a test runner
 * does (SIGTERM): each served the site, and leaves no process, no listening port and no file behind.
 * Each runs with a temporary folder of its own, which also stands for the per-user folders of
 * configuration, caches and logs, so whatever it leaves there, under any name, shows.
 */

// One server at a time, in order: what one leaves behind must not be mistaken for another's.
test.describe.configure({ mode: 'default' });

/** Where wrangler writes inside the project (its bundles, while it runs). */
const WRANGLER = 'deploy/cloudflare/.wrangler';
/** Every file and folder under a folder, by its path there. */
const listing = (folder: string) =>
  existsSync(folder) ? readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort() : [];

/**
 * What the server answers at `/` once it is up: the page, or, from the HTTPS preview's plain-HTTP
 * server, the redirect to it (its certificate authority is the preview's own, made as it starts).
 */
const upAnswer = (script: string) => (script === 'preview:tls' ? 301 : 200);

// `npm start` builds, then serves with `npm run preview`; the suite tests the build already in out/.
for (const script of ['preview', 'preview:prod', 'preview:tls', 'preview:cloudflare']) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    test(`npm run ${script}, stopped with ${signal}, leaves nothing behind`, async () => {
      test.setTimeout(120_000);
      const port = await freePort();
      // The HTTPS preview's plain-HTTP server, which every check below looks at in its place.
      const httpPort = script === 'preview:tls' ? await freePort() : port;
      const temporary = mkdtempSync(path.join(tmpdir(), 'servers-spec-'));
      const wrangler = listing(WRANGLER);
      // A process group of its own, as a terminal gives a command: Ctrl+C reaches all of it.
      const server = spawn('npm', ['run', script], {
        detached: true,
        stdio: 'ignore',
        // Caches meant to outlive a run (tsx's and Node's compiled code) stay off: they are not leftovers.
        env: {
          ...process.env,
          PORT: String(port),
          HTTP_PORT: String(httpPort),
          TMPDIR: temporary,
          // Where tools keep per-user configuration, caches and logs (wrangler's among them).
          XDG_CONFIG_HOME: path.join(temporary, 'config'),
          XDG_CACHE_HOME: path.join(temporary, 'cache'),
          XDG_DATA_HOME: path.join(temporary, 'data'),
          TSX_DISABLE_CACHE: '1',
          NODE_DISABLE_COMPILE_CACHE: '1',
        },
      });
      const exited = once(server, 'exit');
      try {
        await expect
          .poll(
            () =>
              fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' }).then(
                (response) => response.status,
                () => 0,
              ),
            {
              timeout: 60_000,
            },
          )
          .toBe(upAnswer(script));
        process.kill(-server.pid!, signal);
        await exited;
        // Every process of the group has gone, and the port is free again. Stopping may take a
        // while on a busy machine: wrangler waits for workerd, and nginx for its workers.
        await expect
          .poll(
            () => {
              try {
                process.kill(-server.pid!, 0);
                return 'running';
              } catch {
                return 'gone';
              }
            },
            { timeout: 20_000 },
          )
          .toBe('gone');
        for (const freed of new Set([port, httpPort])) {
          expect(
            await fetch(`http://127.0.0.1:${freed}/`).then(
              () => 'answers',
              () => 'free',
            ),
          ).toBe('free');
        }
        expect(listing(temporary), `left in ${temporary}`).toEqual([]);
        // Only what is new counts: the suite's own Cloudflare server may tidy its bundles meanwhile.
        const added = listing(WRANGLER).filter((file) => !wrangler.includes(file));
        expect(added, `left in ${WRANGLER}`).toEqual([]);
      } finally {
        try {
          process.kill(-server.pid!, 'SIGKILL');
        } catch {
          // Already gone, as it should be.
        }
        rmSync(temporary, { recursive: true, force: true });
      }
    });
  }
}
