import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { APIResponse } from '@playwright/test';
import { home } from '../content/home';
import { notFound } from '../content/not-found';
import { southAfrica } from '../content/south-africa';
import { IMMUTABLE_CACHE, securityHeaders } from '../deploy/security-headers';
import { expect, test } from './support/fixtures';

/** Headers every response must carry, whatever its status. */
function expectSecurityHeaders(response: APIResponse): void {
  const headers = response.headers();
  for (const [name, value] of Object.entries(securityHeaders)) {
    expect(headers[name.toLowerCase()], `${name} on ${response.url()}`).toBe(value);
  }
  const policy = headers['content-security-policy'] ?? '';
  expect(policy, `CSP on ${response.url()}`).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
}

/** The policy's directives, by name. */
function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

test.describe('headers', () => {
  for (const [name, path_] of [
    ['the homepage', '/'],
    ['the South Africa page', '/south-africa'],
  ]) {
    test(`${name} runs no script, and says so in its policy`, async ({ request }) => {
      const response = await request.get(path_ ?? '/');
      expect(response.status()).toBe(200);
      expectSecurityHeaders(response);
      const policy = directives(response.headers()['content-security-policy'] ?? '');
      expect(policy).toMatchObject({
        'default-src': "'self'",
        'script-src': "'none'",
        'object-src': "'none'",
        'base-uri': "'none'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      });
      expect(policy['style-src']).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
      expect(response.headers()['cache-control']).toBe('no-cache');
    });
  }

  test('the not-found page allows its own scripts by hash only, with status 404', async ({
    request,
  }) => {
    const response = await request.get('/no/such/page');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain(notFound.consoleMessage);
    expectSecurityHeaders(response);
    const policy = directives(response.headers()['content-security-policy'] ?? '');
    expect(policy['script-src']).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  });

  test('hashed build files are cached for a year; redirects carry the headers too', async ({
    request,
  }) => {
    const chunk = readdirSync('out/_next/static/chunks').find((file) => file.endsWith('.js'));
    const asset = await request.get(`/_next/static/chunks/${chunk}`);
    expect(asset.headers()['cache-control']).toBe(IMMUTABLE_CACHE);
    expectSecurityHeaders(asset);

    const redirect = await request.get('/south-africa/', { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers()['location']).toBe('/south-africa');
    expectSecurityHeaders(redirect);
  });

  test('every kind of file the export writes has its MIME type, and text is compressed', async ({
    request,
  }) => {
    const expected: Record<string, RegExp> = {
      '.html': /^text\/html; charset=utf-8$/,
      '.css': /^text\/css; charset=utf-8$/,
      '.js': /^application\/javascript; charset=utf-8$/,
      '.txt': /^text\/plain; charset=utf-8$/,
      '.xml': /^application\/xml; charset=utf-8$/,
      '.svg': /^image\/svg\+xml; charset=utf-8$/,
      '.png': /^image\/png$/,
    };
    const files = readdirSync('out', { recursive: true, encoding: 'utf8' })
      .map((file) => `/${file.split(path.sep).join('/')}`)
      .filter((file) => path.extname(file) !== '' && !/^\/(404|_not-found)/.test(file));
    const byType = new Map(files.map((file) => [path.extname(file), file]));
    // The export writes nothing whose type the configuration does not know.
    expect([...byType.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [extension, file] of byType) {
      // .html files are reached by their clean address.
      const address = extension === '.html' ? file.replace(/(index)?\.html$/, '') : file;
      const response = await request.get(address, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status(), address).toBe(200);
      expect(response.headers()['content-type'], address).toMatch(expected[extension] ?? /^$/);
      if (
        !['.png'].includes(extension) &&
        Number(response.headers()['content-length'] ?? 1000) > 256
      ) {
        expect(response.headers()['content-encoding'], address).toBe('gzip');
      }
    }
  });
});

/** Where an odd address should land: the not-found page, or the page it plainly means. */
type Landing = 'not found' | 'home' | 'south africa';

const oddAddresses: Array<[string, Landing]> = [
  ['/%E0%A4%A', 'not found'],
  ['/%', 'not found'],
  ['/%zz', 'not found'],
  ['/%00', 'not found'],
  ['/south-africa%00.html', 'not found'],
  ['/%2e%2e/%2e%2e/etc/passwd', 'not found'],
  ['/..%2f..%2fetc%2fpasswd', 'not found'],
  ['/..%5c..%5cwindows%5cwin.ini', 'not found'],
  [`/${'a'.repeat(2000)}`, 'not found'],
  ['/<script>alert(1)</script>', 'not found'],
  ['/"><img src=x onerror=alert(1)>', 'not found'],
  ['/javascript:alert(1)', 'not found'],
  ['/südafrika', 'not found'],
  ['/日本語/ページ', 'not found'],
  ['/%E2%80%AEexe.html', 'not found'],
  ['/SOUTH-AFRICA', 'not found'],
  ['/South-Africa', 'not found'],
  ['/south-africa;jsessionid=1', 'not found'],
  ['/404.html', 'not found'],
  ['/_not-found', 'not found'],
  ['/_headers', 'not found'],
  ['/.env', 'not found'],
  ['/.git/config', 'not found'],
  ['/_next/', 'not found'],
  ['/_next/static/', 'not found'],
  ['/south-africa?x=<script>alert(1)</script>', 'south africa'],
  ['/?q=%27%22%3E%3Cscript%3Ealert(1)%3C/script%3E', 'home'],
  ['/south-africa/', 'south africa'],
  ['/south-africa//', 'south africa'],
  ['/south-africa.html', 'south africa'],
  ['/index.html', 'home'],
  ['/south-africa#<script>alert(1)</script>', 'south africa'],
];

const headings: Record<Landing, string> = {
  'not found': `${notFound.exclamation} ${notFound.heading}`,
  home: home.title,
  'south africa': southAfrica.title,
};

test.describe('odd and hostile addresses', () => {
  for (const [address, landing] of oddAddresses) {
    test(`${address.slice(0, 60)} shows the ${landing} page`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const response = await page.goto(address);
      // Every hop answers as it should: redirects, then the page; never 403, 5xx or a listing.
      const statuses: number[] = [];
      for (let r = response?.request(); r; r = r.redirectedFrom() ?? undefined) {
        statuses.unshift((await r.response())?.status() ?? 0);
      }
      expect(
        statuses.slice(0, -1).every((status) => status === 301),
        `${statuses}`,
      ).toBe(true);
      expect(statuses.at(-1)).toBe(landing === 'not found' ? 404 : 200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[landing]);
      await expect(page.getByText('Index of')).toHaveCount(0);
      expect(dialogs).toEqual([]);
    });
  }

  test('climbing out of the site folder, sent byte for byte, finds nothing', async ({
    baseURL,
  }) => {
    // Browsers and HTTP clients tidy '../' away before sending; a raw request does not.
    const raw = (rawPath: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(baseURL ?? '');
        const request = httpRequest(
          { host: url.hostname, port: url.port, path: rawPath },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    for (const rawPath of [
      '/../../../../etc/passwd',
      '//../../etc/passwd',
      '/_next/../../package.json',
      '/images/../../../etc/hostname',
      '/%2e%2e/%2e%2e/package.json',
    ]) {
      const { status, body } = await raw(rawPath);
      expect(status, rawPath).toBe(404);
      expect(body).toContain(notFound.consoleMessage);
      expect(body).not.toMatch(/root:x:0:0|"private-bank-south-africa"/);
    }
  });
});
