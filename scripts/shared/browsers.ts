import { existsSync } from 'node:fs';

/**
 * The Chromium to drive: CHROMIUM_PATH when set, else Debian's package, else (undefined) the browser
 * that `npx playwright install` downloads, for machines that have one.
 */
export const chromiumPath: string | undefined =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));

/** Flags that keep Chromium off the network and, as root, out of a sandbox it cannot create. */
export const chromiumArgs: string[] = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];
