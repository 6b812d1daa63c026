/**
 * The HTTP headers of the site, wherever it is served. The nginx configuration and Cloudflare's
 * `_headers` file are both written from these values, so the two hosts cannot drift apart.
 */
import { createHash } from 'node:crypto';

/** Headers that are the same on every response, 404s included. */
export const securityHeaders: Readonly<Record<string, string>> = {
  // Two years, subdomains included: browsers refuse plain http for the site once they have seen it.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  // Other sites learn at most our origin, never which page a client was reading.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The site uses none of these browser features; neither may anything embedded in it.
  'Permissions-Policy':
    'accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // For browsers that predate CSP frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/**
 * The nginx map from each page to its Content Security Policy. scripts/build/server-headers.ts
 * writes it with each build, since the hashes change whenever a page's inline code does.
 */
export const CSP_MAP = 'deploy/build/csp-map.conf';

/**
 * The Cache-Control of hashed build files (/_next/static/). Their names change with their content,
 * so a browser may keep them for a year without asking again.
 */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * A page's Content Security Policy: the site's own files, plus the hash of each inline script and
 * style the page holds, and never 'unsafe-inline' or 'unsafe-eval'. A page without scripts may run
 * none at all, not even the site's own files.
 * @param inlineScripts The code of each inline <script> in the page.
 * @param inlineStyles The code of each inline <style> in the page.
 */
export function contentSecurityPolicy(inlineScripts: string[], inlineStyles: string[]): string {
  const hashSource = (code: string) =>
    `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  // A page may hold the same inline code twice; the policy needs its hash only once.
  const uniqueHashSources = (codes: string[]) => [...new Set(codes.map(hashSource))];
  const scriptSources =
    inlineScripts.length === 0 ? ["'none'"] : ["'self'", ...uniqueHashSources(inlineScripts)];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    `style-src ${["'self'", ...uniqueHashSources(inlineStyles)].join(' ')}`,
    "img-src 'self'; object-src 'none'; base-uri 'none'",
    "form-action 'self'; frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of responses that are not pages (styles, scripts, images): they may run nothing. */
export const FILE_POLICY = "default-src 'none'; frame-ancestors 'none'";
