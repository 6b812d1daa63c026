import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { climbs, rawGet, requestTarget, writtenAddresses } from '../support/hostile-addresses';
import { openNotFound, pages } from '../support/pages';

/**
 * The site is cookie-free, behind each production server: no response sets a cookie, read from the
 * raw bytes of its head, and no page has one once it has loaded, its scripts included.
 */

/** Every file the export serves, by its address: pages by their clean address, once each. */
const files = readdirSync('out', { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => path.extname(file) !== '' && !['404.html', '_headers'].includes(file))
  .map((file) => `/${file.replace(/(index)?\.html$/, '')}`);

/** Addresses to read raw: pages, the not-found answer, files, security.txt, redirects, odd ones. */
const addresses = [
  ...new Set([
    ...pages.map((page) => page.path),
    '/no/such/page',
    '/_next/static/chunks/not-built-yet.js',
    ...files,
    '/.well-known/security.txt',
    '/.well-known/',
    '/south-africa/',
    '/south-africa.html',
    '/index.html',
    '/404',
    ...writtenAddresses.map(({ address }) => address),
    ...climbs,
  ]),
];

/** The lines of a raw head that set a cookie, whatever the case of the header's name. */
const cookieLines = (head: Buffer) =>
  head
    .toString('latin1')
    .split('\r\n')
    .slice(1)
    .filter((line) => /^set-cookie2?\s*:/i.test(line));

test(`no response sets a cookie: ${addresses.length} addresses, read raw`, async ({ baseURL }) => {
  expect(files).toContain('/.well-known/security.txt');
  const problems: string[] = [];
  const queue = [...addresses];
  const visit = async () => {
    for (let address = queue.shift(); address; address = queue.shift()) {
      const { status, head } = await rawGet(baseURL ?? '', requestTarget(address));
      if (status === 0) problems.push(`${address}: no status line`);
      for (const line of cookieLines(head))
        problems.push(`${address.slice(0, 60)} (${status}): ${line}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, visit));
  expect(problems).toEqual([]);
});

test('no response sets a cookie to HEAD, POST or OPTIONS either', async ({ baseURL }) => {
  const problems: string[] = [];
  for (const method of ['HEAD', 'POST', 'OPTIONS']) {
    for (const address of ['/', '/south-africa', '/no/such/page', '/.well-known/security.txt']) {
      const { status, head } = await rawGet(baseURL ?? '', address, method);
      if (status === 0) problems.push(`${method} ${address}: no status line`);
      for (const line of cookieLines(head)) problems.push(`${method} ${address}: ${line}`);
    }
  }
  expect(problems).toEqual([]);
});

for (const expected of pages) {
  const when = expected.scripts ? 'once its script has run' : 'once it has loaded';
  test(`the ${expected.name} page has no cookie ${when}`, async ({ page }) => {
    if (expected.scripts) {
      // Resolves on the message the page logs once React has hydrated it.
      await openNotFound(page, expected.path);
    } else {
      const response = await page.goto(expected.path);
      expect(response?.status()).toBe(expected.status);
    }
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    // HttpOnly cookies too, which a page's script cannot see.
    expect(await page.context().cookies()).toEqual([]);
  });
}
