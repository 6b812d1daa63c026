import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { securityTxt } from '../../content/security-txt';
import { site } from '../../content/site';

/**
 * The security.txt the build writes (RFC 9116), read as a client of the RFC reads it: lines ended
 * by LF or CR LF, each a field `Name: value` or a # comment, the fields the RFC requires, and the
 * values of content/security-txt.ts, with its own address (Canonical) on the site.
 */
const FILE = 'out/.well-known/security.txt';
const bytes = readFileSync(FILE);
const text = bytes.toString('utf8');
/** The file's fields, in order, as [name, value]; comments and blank lines left out. */
const fields = text
  .split('\n')
  .slice(0, -1)
  .map((line) => line.replace(/[ \t]*\r?$/, ''))
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [, name = '', value = ''] = /^([A-Za-z0-9-]+): (.*)$/.exec(line) ?? [];
    return [name, value] as const;
  });
/** The values of one field, whatever the case of its name (RFC 9116, section 2.4). */
const valuesOf = (name: string) =>
  fields.filter(([field]) => field.toLowerCase() === name.toLowerCase()).map(([, v]) => v);

test('is UTF-8 text, every line a field or a comment, each ended by LF or CR LF', () => {
  expect(Buffer.from(text, 'utf8').equals(bytes)).toBe(true);
  expect(text.startsWith('\ufeff')).toBe(false);
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.split('\n').slice(0, -1);
  for (const line of lines) {
    expect(line, 'no CR but before LF').toMatch(/^[^\r]*\r?$/);
    expect(line.replace(/\r$/, '')).toMatch(/^(#.*|[A-Za-z0-9-]+: \S.*|[ \t]*)$/);
  }
  expect(fields.every(([name]) => name !== '')).toBe(true);
});

test('has the fields RFC 9116 requires, in its form, from content/security-txt.ts', () => {
  expect(fields).toEqual([
    ['Contact', securityTxt.contact],
    ['Expires', securityTxt.expires],
    ['Preferred-Languages', securityTxt.preferredLanguages.join(', ')],
    ['Canonical', `${site.url}/.well-known/security.txt`],
  ]);
  // Contact: one or more, each a URI; here an e-mail link (mailto:) or a web page (https:).
  expect(valuesOf('Contact').length).toBeGreaterThanOrEqual(1);
  for (const contact of valuesOf('Contact'))
    expect(contact).toMatch(/^(mailto:[^@\s]+@|https:\/\/)\S+$/);
  // Preferred-Languages: at most once, language tags separated by commas.
  expect(valuesOf('Preferred-Languages')).toHaveLength(1);
  expect(valuesOf('Preferred-Languages')[0]).toMatch(
    /^[a-z]{2,3}(-[A-Za-z0-9]+)*(\s*,\s*[a-z]{2,3}(-[A-Za-z0-9]+)*)*$/,
  );
  // Canonical: an https URI.
  for (const canonical of valuesOf('Canonical')) expect(canonical).toMatch(/^https:\/\/\S+$/);
});

test('Expires is written once, as an RFC 3339 date and time, and has not passed', () => {
  const expires = valuesOf('Expires');
  expect(expires).toHaveLength(1);
  const [value = ''] = expires;
  expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  expect(Date.parse(value)).toBeGreaterThan(Date.now());
});
