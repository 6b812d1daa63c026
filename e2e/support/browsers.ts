/**
 * The browsers the tests and tools drive, as found on this machine, each with its version. Nothing
 * here downloads a browser: they come from Debian's packages (`npm run setup`), or from
 * `npx playwright install` on a machine with internet access.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The Chromium the tests drive: CHROMIUM_PATH when set, else Debian's Chromium headless shell, else
 * Debian's whole Chromium, else (undefined) the browser that `npx playwright install` downloads, for
 * machines that have one.
 *
 * The headless shell is Chromium's engine (Blink and V8) without the browser's own code around it,
 * and it is what Playwright itself runs headless tests in (microsoft/playwright#33566). A page
 * comes out of it pixel for pixel as out of the whole browser's headless mode: the reference
 * screenshots pass in both. It takes far less processor time for each test's new context and page
 * load (docs/performance.md has the figures), which is most of what the Chromium projects cost.
 */
export const chromiumPath: string | undefined =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate) => existsSync(candidate),
  );

/**
 * The whole Chromium browser, for Lighthouse (`npm run bench`), which measures a page as a visitor's
 * browser loads it and so needs the browser rather than the headless shell.
 */
export const wholeChromiumPath: string | undefined = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].find((candidate) => existsSync(candidate));

/** Flags that keep Chromium off the network and, as root, out of a sandbox it cannot create. */
export const chromiumArgs: string[] = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];

/** How Playwright launches that Chromium, for the tests and the tools. */
export const chromiumLaunchOptions = {
  ...(chromiumPath && { executablePath: chromiumPath }),
  args: chromiumArgs,
};

/** Where `npm run setup` unpacks Firefox ESR 140, beside the Firefox ESR that apt installs. */
export const FIREFOX_ESR_140 = '.cache/browsers/firefox-esr-140/usr/lib/firefox-esr/firefox-esr';

/**
 * A browser engine the tests drive. `name` stays the same from one browser update to the next, so
 * that scripts and people can name a Playwright project without a version in it; `version` is the
 * exact build found on this machine, for the test report.
 */
export type Engine =
  | { kind: 'chromium'; name: string; version?: string; executablePath?: string }
  | { kind: 'firefox'; name: string; version: string; executablePath: string }
  | { kind: 'webkit'; name: string; version: string }
  /** Playwright's own Firefox or WebKit build, where `npx playwright install` could fetch it. */
  | { kind: 'playwright'; name: string; version?: string; browser: 'firefox' | 'webkit' };

/**
 * The first line a command prints, or undefined when it cannot run. It is waited for until it
 * exits: a limit of ten seconds, once here, dropped a Firefox that answered late while both cores
 * were busy, and with it a project from the worker's config but not the runner's.
 */
function output(command: string, args: string[]): string | undefined {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().split('\n')[0] : undefined;
}

/**
 * Where the engines found are kept for the processes a run starts: Playwright loads the config in
 * its runner and again in each worker, and each would otherwise ask every browser its version
 * again, seconds of a busy machine each time. The runner's answer, inherited, is every worker's,
 * so a worker's projects are always the runner's.
 */
const ENGINES_FOUND = 'E2E_ENGINES_FOUND';

/** A version number in a command's output, such as 153.7.0 in "Mozilla Firefox 153.7.0esr". */
const versionIn = (text = '') => /\d+(\.\d+)+/.exec(text)?.[0];

/**
 * The engines installed here that the cross-engine tests can drive: Chromium, each Firefox ESR
 * (Debian's current one, and 140 where setup unpacked it) and WebKitGTK under Xvfb. A Firefox ESR
 * is named by its major version (`firefox-esr · 140`), because two of them run side by side and an
 * ESR keeps its major version for the year it is supported.
 */
export function installedEngines(): Engine[] {
  const found = process.env[ENGINES_FOUND];
  if (found) return JSON.parse(found) as Engine[];
  const engines = findEngines();
  process.env[ENGINES_FOUND] = JSON.stringify(engines);
  return engines;
}

/** The engines of installedEngines, asked of the machine. */
function findEngines(): Engine[] {
  const engines: Engine[] = [];
  const chromium = versionIn(output(chromiumPath ?? 'chromium', ['--version']));
  if (chromium)
    engines.push({
      kind: 'chromium',
      name: 'chromium',
      version: chromium,
      ...(chromiumPath && { executablePath: chromiumPath }),
    });
  const firefoxes = (
    process.env.FIREFOX_PATHS?.split(':') ?? ['/usr/bin/firefox-esr', FIREFOX_ESR_140]
  ).filter(existsSync);
  for (const executablePath of firefoxes) {
    const version = versionIn(output(executablePath, ['--version']));
    const major = version?.split('.')[0];
    if (version) {
      engines.push({ kind: 'firefox', name: `firefox-esr · ${major}`, version, executablePath });
    }
  }
  const webkit = versionIn(output('dpkg-query', ['-W', '-f', '${Version}', 'libwebkit2gtk-4.1-0']));
  if (webkit && ['/usr/bin/WebKitWebDriver', '/usr/bin/Xvfb'].every((file) => existsSync(file))) {
    engines.push({ kind: 'webkit', name: 'webkitgtk', version: webkit });
  }
  return engines;
}
