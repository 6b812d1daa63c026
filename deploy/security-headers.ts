/** The HTTP headers of the site, wherever it is served: for nginx and Cloudflare's `_headers`. */
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

/** The nginx map of page to policy that scripts/build/server-headers.ts writes with each build. */
export const CSP_MAP = 'deploy/build/csp-map.conf';

/** Cache-Control of hashed build files (/_next/static/), whose names change with their content. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * A page's policy: nothing inline runs. Scripts come from the site's own files, and only on a page
 * that loads one (the not-found page's island, whose <script> also carries its hash as Subresource
 * Integrity); styles from its files and its inline styles' hashes; no 'unsafe-inline' or
 * 'unsafe-eval'. Every page enforces Trusted Types with no policy allowed: no script of the site
 * writes HTML or code from a string (innerHTML, eval), so an injected one that tries is refused.
 */
export function contentSecurityPolicy(page: { scriptFiles: boolean; styles: string[] }): string {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const styleHashes = [...new Set(page.styles.map(hash))];
  return [
    "default-src 'self'",
    `script-src ${page.scriptFiles ? "'self'" : "'none'"}`,
    `style-src ${["'self'", ...styleHashes].join(' ')}`,
    "img-src 'self'; object-src 'none'; base-uri 'none'",
    "form-action 'self'; frame-ancestors 'none'",
    "require-trusted-types-for 'script'; trusted-types 'none'",
  ].join('; ');
}

/** The policy of responses that are not pages (styles, scripts, images): they may run nothing. */
export const FILE_POLICY = "default-src 'none'; frame-ancestors 'none'";
