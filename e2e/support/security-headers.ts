/**
 * The headers every response of both production servers must carry, whatever its status, written
 * out here: a header the servers stop sending fails the suite, whatever the configuration says.
 */
import { expect, type APIResponse } from '@playwright/test';

/** The headers that are the same on every response. */
export const SECURITY_HEADERS = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Headers every response must carry, whatever its status, with exactly one policy. */
export function expectSecurityHeaders(response: APIResponse): void {
  const headers = response.headers();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(headers[name.toLowerCase()], `${name} on ${response.url()}`).toBe(value);
  }
  const policies = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'content-security-policy');
  expect(policies, `one Content-Security-Policy on ${response.url()}`).toHaveLength(1);
  const policy = policies[0]?.value ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
  // The test servers run without a reporting address (playwright.config.ts), so no policy names one;
  // e2e/out/release.spec.ts names one.
  expect(policy).not.toMatch(/report-(uri|to)/);
  expect(
    headers['reporting-endpoints'],
    `Reporting-Endpoints on ${response.url()}`,
  ).toBeUndefined();
  // No other site may read the responses from a script.
  expect(headers['access-control-allow-origin'], `CORS on ${response.url()}`).toBeUndefined();
}
