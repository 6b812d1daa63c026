import { expect, test } from '@playwright/test';
import { readSettings } from '../smoke/settings';

/**
 * The smoke's settings (e2e/smoke/settings.ts), as QA give them in the environment: each slip is
 * refused in words that name the variable and what it should hold, before any request is sent;
 * what is given is read as the docs say (docs/testing.md, "Smoke tests").
 */

const COMMIT = '0123456789abcdef0123456789abcdef01234567';
/** Settings that pass, which each case below changes in one way. */
const valid = { SITE_URL: 'https://private-bank.example.com', SMOKE_EXPECT_COMMIT: COMMIT };

test('each slip of a setting is refused, in words naming it', () => {
  const slips: Array<[Record<string, string>, string]> = [
    [
      { SITE_URL: '' },
      'SITE_URL is not set: name the site to check, e.g. SITE_URL=https://private-bank.example.com npm run test:smoke',
    ],
    [
      { SITE_URL: 'private-bank.example.com' },
      'SITE_URL must be an http:// or https:// address, got "private-bank.example.com"',
    ],
    [
      { SITE_URL: 'ftp://private-bank.example.com' },
      'SITE_URL must be an http:// or https:// address, got "ftp://private-bank.example.com"',
    ],
    [
      { SITE_URL: 'https://qa:secret@private-bank.example.com' },
      'SITE_URL must be an http:// or https:// address, got "https://qa:secret@private-bank.example.com"',
    ],
    [
      { SITE_URL: 'https://private-bank.example.com/south-africa' },
      `SITE_URL must be the site's address with nothing after the host, got "https://private-bank.example.com/south-africa"`,
    ],
    [
      { SITE_URL: 'https://private-bank.example.com/?x=1' },
      `SITE_URL must be the site's address with nothing after the host, got "https://private-bank.example.com/?x=1"`,
    ],
    [
      { SMOKE_TARGET: 'staging' },
      'SMOKE_TARGET must be one of production, preview, serve, got "staging"',
    ],
    [
      { SMOKE_HTTP_URL: 'http://other.example.com' },
      `SMOKE_HTTP_URL must be http:// and SITE_URL's host (private-bank.example.com), got "http://other.example.com"`,
    ],
    [
      { SMOKE_HTTP_URL: 'https://private-bank.example.com' },
      `SMOKE_HTTP_URL must be http:// and SITE_URL's host (private-bank.example.com), got "https://private-bank.example.com"`,
    ],
    [
      { SITE_URL: 'http://127.0.0.1:8080', SMOKE_HTTP_URL: 'http://127.0.0.1:8081' },
      'SMOKE_HTTP_URL is for an https:// SITE_URL, whose plain-HTTP address it names',
    ],
    [
      { SMOKE_CA_FILE: 'package.json' },
      'SMOKE_CA_FILE: package.json is no file of PEM certificates',
    ],
    [
      { SMOKE_CA_FILE: 'no-such-file.pem' },
      'SMOKE_CA_FILE: no-such-file.pem is no file of PEM certificates',
    ],
    [
      { SMOKE_HEADERS: 'Cloudflare-Workers-Version-Overrides' },
      'SMOKE_HEADERS: "Cloudflare-Workers-Version-Overrides" is not a header: write one "Name: value" a line',
    ],
    [
      { SMOKE_HEADERS: 'Bad Name: 1' },
      'SMOKE_HEADERS: "Bad Name: 1" is not a header: write one "Name: value" a line',
    ],
    [
      { SMOKE_HEADERS: 'User-Agent: curl/8' },
      'SMOKE_HEADERS: the smoke sends its own User-Agent; leave it out',
    ],
    [
      { SMOKE_HEADERS: 'host: other.example' },
      'SMOKE_HEADERS: the smoke sends its own host; leave it out',
    ],
    [
      { SMOKE_CONNECT_TO: 'origin-1.example.com' },
      'SMOKE_CONNECT_TO must be an IP address, such as 192.0.2.10 or 2001:db8::10, got "origin-1.example.com"',
    ],
    [
      { SITE_URL: 'https://192.0.2.1', SMOKE_CONNECT_TO: '192.0.2.10' },
      'SMOKE_CONNECT_TO is for a SITE_URL with a name, which the smoke keeps while it connects to the address',
    ],
    [
      { SMOKE_EXPECT_COMMIT: 'main' },
      `SMOKE_EXPECT_COMMIT must be a commit's 40 hexadecimal digits, got "main"`,
    ],
    [
      { SMOKE_EXPECT_COMMIT: COMMIT.toUpperCase() },
      `SMOKE_EXPECT_COMMIT must be a commit's 40 hexadecimal digits, got "${COMMIT.toUpperCase()}"`,
    ],
    [
      { SMOKE_WAIT_FOR_BUILD: '1.5' },
      'SMOKE_WAIT_FOR_BUILD must be whole seconds from 0 to 600, got "1.5"',
    ],
    [
      { SMOKE_WAIT_FOR_BUILD: '601' },
      'SMOKE_WAIT_FOR_BUILD must be whole seconds from 0 to 600, got "601"',
    ],
  ];
  for (const [slip, words] of slips) {
    expect(() => readSettings({ ...valid, ...slip }), JSON.stringify(slip)).toThrow(words);
  }
});

test('the settings read as the docs give them', () => {
  const settings = readSettings({
    ...valid,
    SMOKE_HEADERS:
      'Cloudflare-Workers-Version-Overrides: private-bank-south-africa="a1b2"\nX-Other:  two words ',
    SMOKE_WAIT_FOR_BUILD: '90',
    SMOKE_CONNECT_TO: '2001:db8::10',
  });
  expect(settings.site.origin).toBe('https://private-bank.example.com');
  expect(settings.target).toBe('production');
  // The plain-HTTP address of an https site: its host on port 80, unless SMOKE_HTTP_URL says.
  expect(settings.plainHttp?.href).toBe('http://private-bank.example.com/');
  expect(settings.headers).toEqual({
    'Cloudflare-Workers-Version-Overrides': 'private-bank-south-africa="a1b2"',
    'X-Other': 'two words',
  });
  expect(settings.expectedCommit).toBe(COMMIT);
  expect(settings.waitForBuildSeconds).toBe(90);
  expect(settings.connectTo).toBe('2001:db8::10');
  expect(settings.reportDir).toBe('smoke-report');
  // Without SMOKE_EXPECT_COMMIT, the commit of the checkout, whose content gives the words.
  const fromCheckout = readSettings({ SITE_URL: 'http://127.0.0.1:3000' });
  expect(fromCheckout.expectedCommit).toMatch(/^[0-9a-f]{40}$/);
  expect(fromCheckout.expectedCommitFrom).toBe('the checkout this smoke runs from');
  expect(fromCheckout.plainHttp).toBeUndefined();
});
