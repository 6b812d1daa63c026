import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BuiltPage } from '../support/built-page';

/**
 * The not-found page's island in the export: the one script the page loads, in place of Next.js's
 * runtime and RSC payload, bound to its bytes by Subresource Integrity, with no CSS of its own.
 */
const page = new BuiltPage('404.html');
const [island] = page.executableScripts();

test('the island carries the SHA-384 of its file as Subresource Integrity', () => {
  const src = BuiltPage.attr(island!, 'src') ?? '';
  const file = readFileSync(`out${src}`);
  expect(BuiltPage.attr(island!, 'integrity')).toBe(
    `sha384-${createHash('sha384').update(file).digest('base64')}`,
  );
});

test('the page has no Next.js runtime and no RSC payload', () => {
  expect(page.html).not.toContain('__next_f');
  expect(page.html).not.toMatch(/\/_next\/static\/chunks\/[\w.-]+\.js/);
});

test('the island brings one JavaScript file and no CSS: it draws with the page’s classes', () => {
  // Beside it only its gzip twin (scripts/build/compress.ts), which nginx sends in its place.
  const files = readdirSync('out/_next/static/island').filter((file) => !file.endsWith('.gz'));
  expect(files).toEqual([expect.stringMatching(/^not-found\.[\w-]+\.js$/)]);
  const button = page.all('button');
  expect(button).toHaveLength(1);
  const exportedClass = BuiltPage.attr(button[0]!, 'class') ?? '';
  expect(readFileSync(`out${BuiltPage.attr(island!, 'src')}`, 'utf8')).toContain(exportedClass);
});
