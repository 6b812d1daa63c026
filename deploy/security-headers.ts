/**
 * The HTTP headers of the site, wherever it is served. The nginx configuration and Cloudflare's
 * `_headers` file are both written from these values, so the two hosts cannot drift apart.
 */
import { createHash } from 'node:crypto';

/** Headers that are the same on every response, 404s included. */
export const securityHeaders: Readonly<Record<string, string>> = {
  // Two years, subdomains included: browsers refuse plain http for the site once they have seen it.
  // preload asks to be on the browsers' built-in list (hstspreload.org), so that even a first visit
  // never goes over plain http; docs/deploying.md says what that commits the bank's domain to.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
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
 * writes it with each build, since the hashes change whenever a page's inline styles do.
 */
export const CSP_MAP = 'deploy/build/csp-map.conf';

/**
 * Where browsers report the policy's violations, when the deployer names an address: the build
 * reads it for Cloudflare's headers, and scripts/serve/nginx.ts for nginx's configuration.
 */
export const REPORT_ADDRESS_VARIABLE = 'CSP_REPORT_URI';

/**
 * What a reporting address adds: the policy's directives (report-uri, which Firefox alone honours,
 * and report-to, which the others prefer) and the Reporting-Endpoints header that report-to names.
 * Without an address, nothing: no browser reports anywhere.
 * @param address An https URL, or undefined.
 * @throws Error for an address that is not an https URL, or that holds a character that would end
 *   the policy or the header (a quote, a comma, a semicolon, a space).
 */
export function reporting(address: string | undefined): {
  directives: string;
  headers: Record<string, string>;
} {
  if (!address) return { directives: '', headers: {} };
  if (
    !URL.canParse(address) ||
    new URL(address).protocol !== 'https:' ||
    /[\s"',;]/.test(address)
  ) {
    throw new Error(`${REPORT_ADDRESS_VARIABLE} must be an https address, not ${address}`);
  }
  return {
    directives: `; report-uri ${address}; report-to csp`,
    headers: { 'Reporting-Endpoints': `csp="${address}"` },
  };
}

/**
 * The Cache-Control of hashed build files (/_next/static/). Their names change with their content,
 * so a browser may keep them for a year without asking again.
 */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * A page's Content Security Policy: nothing inline runs, and never 'unsafe-inline' or 'unsafe-eval'.
 * Scripts come from the site's own files, and only on a page that loads one (the not-found page's
 * island, whose <script> also carries its hash as Subresource Integrity); a page without scripts
 * may run none at all. Styles come from the site's files and the hashes of the page's inline ones.
 * Every page enforces Trusted Types with no policy allowed: no script of the site writes HTML or
 * code from a string (innerHTML, eval), so an injected one that tries is refused.
 * @param page Whether the page loads a script file, and the code of each inline <style> in it.
 */
export function contentSecurityPolicy(page: {
  scriptFiles: boolean;
  inlineStyles: string[];
}): string {
  const hashSource = (code: string) =>
    `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  // A page may hold the same inline style twice; the policy needs its hash only once.
  const styleHashSources = [...new Set(page.inlineStyles.map(hashSource))];
  return [
    "default-src 'self'",
    `script-src ${page.scriptFiles ? "'self'" : "'none'"}`,
    `style-src ${["'self'", ...styleHashSources].join(' ')}`,
    "img-src 'self'; object-src 'none'; base-uri 'none'",
    "form-action 'self'; frame-ancestors 'none'",
    "require-trusted-types-for 'script'; trusted-types 'none'",
  ].join('; ');
}

/** The policy of responses that are not pages (styles, scripts, images): they may run nothing. */
export const FILE_POLICY = "default-src 'none'; frame-ancestors 'none'";
