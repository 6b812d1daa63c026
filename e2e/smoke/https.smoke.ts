/**
 * What HTTPS gives the site, where SITE_URL is https: TLS 1.2 and 1.3 with a certificate verified
 * for the site's name and not about to expire, HTTP/2, and, where the site is on the bank's own
 * domain, no TLS 1.0 or 1.1 and plain HTTP redirected to HTTPS. HSTS is among the security headers.
 */
import type { ConnectionOptions } from 'node:tls';
import { brief } from '../support/brief';
import { handshake, header } from './client';
import { expectNoProblems, onlyWhere, test } from './fixtures';

/** The days a certificate must still be valid for: renewals happen 30 days before the end. */
const CERTIFICATE_DAYS_LEFT = 14;
const DAY_MS = 86_400_000;

test.describe('HTTPS', () => {
  onlyWhere('https');

  test(`TLS 1.2 and 1.3, a certificate for the site valid ${CERTIFICATE_DAYS_LEFT} days more, and HTTP/2`, async ({
    settings,
  }) => {
    const problems: string[] = [];
    for (const version of ['TLSv1.2', 'TLSv1.3'] as const) {
      const outcome = await handshake(settings, { minVersion: version, maxVersion: version });
      if ('error' in outcome) problems.push(`no ${version} handshake: ${outcome.error}`);
    }
    const outcome = await handshake(settings, { ALPNProtocols: ['h2', 'http/1.1'] });
    if ('error' in outcome) problems.push(`no handshake offering HTTP/2: ${outcome.error}`);
    else {
      if (outcome.alpn !== 'h2') problems.push(`HTTP/2 was not agreed (ALPN: ${outcome.alpn})`);
      const daysLeft = (Date.parse(outcome.certificate.validTo) - Date.now()) / DAY_MS;
      if (daysLeft < CERTIFICATE_DAYS_LEFT)
        problems.push(
          `the certificate expires on ${outcome.certificate.validTo}, in ${Math.floor(daysLeft)} days: renew it now`,
        );
    }
    expectNoProblems(problems);
  });

  test.describe("on the bank's own domain", () => {
    onlyWhere("the bank's own domain");

    test('TLS 1.0 and 1.1 are refused', async ({ settings }) => {
      // OpenSSL 3 refuses the old protocols itself at its default security level: this client
      // offers them and their suites, so that only the site can refuse.
      const old: ConnectionOptions = {
        minVersion: 'TLSv1',
        maxVersion: 'TLSv1.1',
        ciphers: 'DEFAULT@SECLEVEL=0',
      };
      const outcome = await handshake(settings, old);
      expectNoProblems(
        'error' in outcome
          ? []
          : [`the site accepted ${outcome.protocol}, which browsers dropped in 2020`],
      );
    });

    test('plain HTTP redirects to the same address over HTTPS', async ({ get, settings }) => {
      const target = `${brief.routes[1]}?from=smoke`;
      const response = await get(target, settings.plainHttp);
      const location = header(response, 'location');
      const landing = location === undefined ? undefined : new URL(location, response.url);
      const expected = new URL(target, settings.site);
      expectNoProblems(
        [301, 308].includes(response.status) && landing?.href === expected.href
          ? []
          : [
              `${response.url} answered ${response.status}${location ? ` to ${location}` : ''}, not a permanent redirect to ${expected.href}`,
            ],
      );
    });
  });
});
