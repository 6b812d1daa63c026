import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectCheck, scratchProject, type ContentCase } from '../../support/content-check';

/**
 * The content check on edits that must pass: each row passes the check in-process, and one build
 * with all of them proves what the in-process cases cannot, that their words reach the pages.
 */

/** How long a whole `npm run build` in a scratch copy may take (about a minute measured). */
const FULL_BUILD_TIMEOUT = 180_000;

// The build comes first: Playwright hands tests to its workers in file order, so it starts before
// this file's quick cases and runs beside them, not after them.

test("the editor's legitimate edits pass the check and the build, and their words reach the pages", async () => {
  test.setTimeout(FULL_BUILD_TIMEOUT);
  using copy = scratchProject();
  copy.edit(legitimateEdits.flatMap((c) => c.edit));
  const build = await copy.build();
  expect(build.code, build.output).toBe(0);
  const page = (file: string) => readFileSync(path.join(copy.dir, 'out', file), 'utf8');
  expect(page('index.html')).toContain('🌍 👨‍👩‍👧 Families &amp; trusts / foundations welcome.');
  const southAfrica = page('south-africa.html');
  expect(southAfrica).toContain(
    'href="mailto:onlinebanking@example.com?subject=Log%20in%20help&amp;body=Hello"',
  );
  expect(southAfrica).toMatch(/href="tel:\+27115550100">\+27 11 555 0100</);
  expect(southAfrica).toMatch(/href="tel:\+12125550147">\+1 212 555 0147</);
  // The hours are a sentence of several elements: compare the text a visitor reads.
  expect(southAfrica.replace(/<!--.*?-->|<[^>]+>/g, '')).toContain(
    '09:00 to 17:00 Africa/Johannesburg, Monday to Friday (09:00 to 17:00 in Johannesburg)',
  );
});

/**
 * Edits an editor may make that must keep passing. A test above builds the site with all of them
 * and finds their words on the pages.
 */
const legitimateEdits: ContentCase[] = [
  {
    name: 'Windows line endings',
    edit: { file: 'content/site.ts', find: '\n', replace: '\r\n', everywhere: true },
    errors: [],
  },
  {
    name: 'a byte-order mark',
    edit: { file: 'content/home.ts', find: 'import type', replace: '\ufeffimport type' },
    errors: [],
  },
  {
    name: 'tabs for indentation',
    edit: { file: 'content/home.ts', find: '  title:', replace: '\ttitle:' },
    errors: [],
  },
  {
    name: 'emoji, & and / in a text',
    edit: {
      file: 'content/home.ts',
      find: "lead: 'The page",
      replace: "lead: '🌍 👨‍👩‍👧 Families & trusts / foundations welcome. The page",
    },
    errors: [],
  },
  {
    name: 'a mailto: link with a subject',
    edit: {
      file: 'content/navigation.ts',
      find: "href: '#'",
      replace: "href: 'mailto:onlinebanking@example.com?subject=Log%20in%20help&body=Hello'",
    },
    errors: [],
  },
  {
    name: 'a South African number',
    edit: { file: 'content/contact.ts', find: "'0808 157 0192'", replace: "'+27 11 555 0100'" },
    errors: [],
  },
  {
    name: 'another international number',
    edit: { file: 'content/contact.ts', find: "'+44 20 7946 0321'", replace: "'+1 212 555 0147'" },
    errors: [],
  },
  {
    name: 'hours in another IANA time zone',
    edit: {
      file: 'content/contact.ts',
      find: "timeZone: 'UTC'",
      replace: "timeZone: 'Africa/Johannesburg'",
    },
    errors: [],
  },
];

test.describe('edits an editor may make keep passing', () => {
  for (const contentCase of legitimateEdits) test(contentCase.name, () => expectCheck(contentCase));
});
