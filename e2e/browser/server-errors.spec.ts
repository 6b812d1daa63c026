import { errorPage } from '../../content/error-page';
import { expect, test } from '../support/fixtures';
import { expectSecurityHeaders } from '../support/security-headers';

/**
 * The requests that nginx refuses itself, before any page is looked up, get the site's own error
 * page (content/error-page.ts) with their status and every security header, never nginx's bare page
 * that names the server; so does a redirect's body. nginx only: Cloudflare answers such requests
 * with pages of its own.
 */

/** What nginx's own pages say: its name, which no page of the site has. */
const SERVER_NAME = /nginx/i;

test('requests nginx refuses get the site’s error page, with their status and every header', async ({
  request,
}) => {
  const refused = [
    { what: 'a POST', status: 405, send: () => request.post('/south-africa') },
    {
      what: 'a body of 2 kB',
      status: 413,
      send: () => request.post('/south-africa', { data: 'x'.repeat(2_000) }),
    },
    { what: 'an address of 10 kB', status: 414, send: () => request.get(`/${'a'.repeat(10_000)}`) },
    {
      what: 'a cookie of 9 kB',
      status: 400,
      send: () => request.get('/', { headers: { Cookie: `other-site=${'x'.repeat(9_000)}` } }),
    },
  ];
  for (const { what, status, send } of refused) {
    const response = await send();
    expect(response.status(), what).toBe(status);
    expect(response.headers()['content-type'], what).toBe('text/html; charset=utf-8');
    const body = await response.text();
    expect(body, what).toContain(errorPage.heading);
    expect(body, what).toContain(errorPage.message);
    expect(body, what).not.toMatch(SERVER_NAME);
    expectSecurityHeaders(response);
  }
});

test('a redirect’s body names no server, and the Server header names no version', async ({
  request,
}) => {
  const redirect = await request.get('/south-africa/', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(await redirect.text()).not.toMatch(SERVER_NAME);
  // nginx-light cannot drop its Server header; it names no version (docs/deploying.md says why).
  expect(redirect.headers()['server']).toBe('nginx');
});
