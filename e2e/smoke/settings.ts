/**
 * What a smoke run is told, by its environment, and what it refuses: the site's address, the
 * commit that site must serve, the headers to send, the authority to trust, what kind of server it
 * is. A slip is refused in words before any request is sent (docs/testing.md, "Smoke tests").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';

/**
 * The User-Agent of every request the smoke sends, browser and raw alike, so that the bank's
 * security team can tell its requests from an attack's (docs/testing.md gives it to them).
 */
export const SMOKE_USER_AGENT = 'PrivateBankSmoke/1 (read-only QA smoke test; docs/testing.md)';

/** Where a build names itself: one line, its build id, which is the commit built. */
export const BUILD_FILE = '/build.txt';

/**
 * What kind of server SITE_URL is, which decides the checks that apply:
 * - `production` (the default): a production server, nginx or Cloudflare, at the bank's address
 *   or on a machine of its own; every check applies;
 * - `preview`: a pull request's preview, on Cloudflare's workers.dev rather than the bank's domain,
 *   whose TLS versions and plain-HTTP redirect are Cloudflare's settings, not the bank's;
 * - `serve`: `npm run serve` (or `npm start`), which sends no security headers by design.
 */
export const TARGETS = ['production', 'preview', 'serve'] as const;
export type Target = (typeof TARGETS)[number];

/** How long the smoke may wait for the site to serve the expected build, at most. */
const MAX_WAIT_SECONDS = 600;

export type SmokeSettings = {
  /** The site's address: its origin, http(s)://host[:port]. */
  site: URL;
  /** The plain-HTTP address that must redirect to the site, for an https site that has one. */
  plainHttp: URL | undefined;
  /** Headers sent with every request, as SMOKE_HEADERS gives them. */
  headers: Record<string, string>;
  /** An authority's certificate (PEM) to trust besides the system's, for a private certificate. */
  caFile: string | undefined;
  /** The IP address to connect to in place of the one SITE_URL's name resolves to: one server's. */
  connectTo: string | undefined;
  /** The commit the site must serve, and where that was said. */
  expectedCommit: string;
  expectedCommitFrom: string;
  target: Target;
  /** How long to keep reading the build file until it names the expected commit; 0 reads once. */
  waitForBuildSeconds: number;
  /** Where the report goes: the HTML report, its pictures, and summary.md. */
  reportDir: string;
};

/** A setting the smoke refuses, said in words; the run prints the message alone. */
export class SettingRefused extends Error {}

function refuse(message: string): never {
  throw new SettingRefused(message);
}

/** The commit of the checkout the smoke runs from, whose content/ gives the words it expects. */
function checkoutCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return undefined;
  }
}

/** SMOKE_HEADERS: one `Name: value` a line, as curl's -H takes them. */
function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n').filter((line) => line.trim() !== '')) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([^\r\n]*?)[ \t]*$/.exec(line);
    if (!match) refuse(`SMOKE_HEADERS: "${line}" is not a header: write one "Name: value" a line`);
    const [, name = '', value = ''] = match ?? [];
    if (['host', 'user-agent'].includes(name.toLowerCase()))
      refuse(`SMOKE_HEADERS: the smoke sends its own ${name}; leave it out`);
    headers[name] = value;
  }
  return headers;
}

/**
 * The smoke's settings, from the environment.
 * @throws SettingRefused saying which variable is wrong and what it should be.
 */
export function readSettings(env: Record<string, string | undefined> = process.env): SmokeSettings {
  const address = env.SITE_URL;
  if (!address)
    refuse(
      'SITE_URL is not set: name the site to check, e.g. SITE_URL=https://private-bank.example.com npm run test:smoke',
    );
  const site = URL.canParse(address) ? new URL(address) : undefined;
  if (!site || !['http:', 'https:'].includes(site.protocol) || site.username || site.password)
    refuse(`SITE_URL must be an http:// or https:// address, got "${address}"`);
  if (site.pathname !== '/' || site.search || site.hash)
    refuse(`SITE_URL must be the site's address with nothing after the host, got "${address}"`);

  const target = (env.SMOKE_TARGET ?? 'production') as Target;
  if (!TARGETS.includes(target))
    refuse(`SMOKE_TARGET must be one of ${TARGETS.join(', ')}, got "${env.SMOKE_TARGET}"`);

  let plainHttp: URL | undefined;
  if (site.protocol === 'https:') {
    const given = env.SMOKE_HTTP_URL ?? `http://${site.hostname}`;
    plainHttp = URL.canParse(given) ? new URL(given) : undefined;
    if (plainHttp?.protocol !== 'http:' || plainHttp.hostname !== site.hostname)
      refuse(
        `SMOKE_HTTP_URL must be http:// and SITE_URL's host (${site.hostname}), got "${given}"`,
      );
  } else if (env.SMOKE_HTTP_URL) {
    refuse('SMOKE_HTTP_URL is for an https:// SITE_URL, whose plain-HTTP address it names');
  }

  const caFile = env.SMOKE_CA_FILE || undefined;
  if (
    caFile &&
    !(existsSync(caFile) && /-----BEGIN CERTIFICATE-----/.test(readFileSync(caFile, 'utf8')))
  )
    refuse(`SMOKE_CA_FILE: ${caFile} is no file of PEM certificates`);
  if (caFile && site.protocol !== 'https:')
    refuse('SMOKE_CA_FILE is for an https:// SITE_URL, whose certificate it lets the smoke verify');

  const connectTo = env.SMOKE_CONNECT_TO || undefined;
  if (connectTo && !isIP(connectTo))
    refuse(
      `SMOKE_CONNECT_TO must be an IP address, such as 192.0.2.10 or 2001:db8::10, got "${connectTo}"`,
    );
  if (connectTo && isIP(site.hostname))
    refuse(
      'SMOKE_CONNECT_TO is for a SITE_URL with a name, which the smoke keeps while it connects to the address',
    );

  const given = env.SMOKE_EXPECT_COMMIT;
  if (given !== undefined && !/^[0-9a-f]{40}$/.test(given))
    refuse(`SMOKE_EXPECT_COMMIT must be a commit's 40 hexadecimal digits, got "${given}"`);
  const expectedCommit = given ?? checkoutCommit();
  if (!expectedCommit)
    refuse(
      'this folder is not a git checkout, so the smoke cannot tell which commit the site must serve: run it from a clone, or set SMOKE_EXPECT_COMMIT',
    );

  const wait = Number(env.SMOKE_WAIT_FOR_BUILD ?? 0);
  if (!Number.isInteger(wait) || wait < 0 || wait > MAX_WAIT_SECONDS)
    refuse(
      `SMOKE_WAIT_FOR_BUILD must be whole seconds from 0 to ${MAX_WAIT_SECONDS}, got "${env.SMOKE_WAIT_FOR_BUILD}"`,
    );

  return {
    site: new URL(site.origin),
    plainHttp,
    headers: parseHeaders(env.SMOKE_HEADERS ?? ''),
    caFile,
    connectTo,
    expectedCommit,
    expectedCommitFrom: given ? 'SMOKE_EXPECT_COMMIT' : 'the checkout this smoke runs from',
    target,
    waitForBuildSeconds: wait,
    reportDir: env.SMOKE_REPORT_DIR || 'smoke-report',
  };
}
