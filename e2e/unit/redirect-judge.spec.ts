import { expect, test } from '@playwright/test';
import { locationLeavesSite, redirectBendingPaths } from '../support/hostile-addresses';

/**
 * The judge of redirects that the servers' tests use (support/hostile-addresses.ts) reads a
 * Location as a browser does, by the WHATWG URL standard: a backslash is a slash, tabs and line
 * breaks are stripped, and `//host` names a new host. These cases are the standard's, written out.
 */

const SITE = 'https://private-bank.example.com';
const asked = `${SITE}/%5Cevil.example/`;

test('a Location that a browser resolves to another host leaves the site', () => {
  for (const location of [
    '/\\evil.example',
    '//evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n\\evil.example',
    'https://evil.example/',
    'http://private-bank.example.com/',
    'https://private-bank.example.com:8443/',
    'https://[not a host/',
  ]) {
    expect(locationLeavesSite(location, asked), JSON.stringify(location)).toBe(true);
  }
});

test('a Location on the site stays, whatever its path holds', () => {
  for (const location of [
    '/south-africa',
    '/evil.example',
    '/%5Cevil.example',
    '/south-africa?next=//evil.example',
    './/evil.example',
    'south-africa',
    // Same scheme as the page, no slashes: a relative path, as the standard reads it.
    'https:evil.example',
    `${SITE}/south-africa`,
  ]) {
    expect(locationLeavesSite(location, asked), JSON.stringify(location)).toBe(false);
  }
});

test('a plain-HTTP redirect is judged against the site HTTPS origin', () => {
  const plain = 'http://private-bank.example.com/south-africa/';
  expect(locationLeavesSite(`${SITE}/south-africa`, plain, SITE)).toBe(false);
  expect(locationLeavesSite('/south-africa', plain, SITE)).toBe(true);
});

test('the generated addresses cover every family once each, each ending a server redirects', () => {
  const paths = [...redirectBendingPaths()];
  expect(new Set(paths).size).toBe(paths.length);
  for (const family of ['//', '/\\', '\\\\', '%2F', '%2f', '%5C', '%5c', '%252F', '%255C', '%09']) {
    expect(paths.filter((path) => path.includes(family)).length, family).toBeGreaterThan(0);
  }
  for (const ending of ['evil.example/', 'evil.example.html', 'evil.example']) {
    expect(paths.filter((path) => path.endsWith(ending)).length, ending).toBeGreaterThan(0);
  }
  // Each starts with one slash, then at once or after a climb, a second separator.
  expect(paths.every((path) => path.startsWith('/'))).toBe(true);
});
