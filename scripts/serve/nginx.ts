/**
 * Renders deploy/nginx.conf.template, the configuration that the site is deployed with, and runs
 * nginx with it on 127.0.0.1, from a temporary folder that is removed on exit, so that the tests
 * check the production configuration itself:
 * - `PORT=8080 npm run serve:nginx` serves plain HTTP, as behind a TLS terminator, for any name;
 * - `PORT=8443 HTTP_PORT=8080 npm run serve:tls` serves HTTPS with HTTP/2 on PORT, with throwaway
 *   certificates (scripts/serve/tls.ts), and on HTTP_PORT the plain-HTTP server that redirects to
 *   it, both for the name `localhost` alone (LOCAL_SERVER_NAME), as a production server answers
 *   for the site's name alone: https://localhost:8443, not https://127.0.0.1:8443. TLS_DIR names a folder of certificates made beforehand (the tests make one, to trust its
 *   authority), and ACME_CHALLENGE_DIR the folder served under /.well-known/acme-challenge/.
 * `npm run release` packs the same template with this build's values filled in and a deployment's
 * left for the release's `configure` script to fill in on the server (scripts/release.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CSP_MAP,
  IMMUTABLE_CACHE,
  REPORT_ADDRESS_VARIABLE,
  reporting,
  securityHeaders,
} from '../../deploy/security-headers';
import { notFoundFileWithoutHtml, notFoundPage } from '../../lib/routes';
import { serverErrorPage } from '../build/server-error-page';
import { freePort, runServer } from './port';
import { LOCAL_SERVER_NAME, localCertificateFiles, makeLocalCertificates } from './tls';

const TEMPLATE = 'deploy/nginx.conf.template';
/** The lines of the template that only HTTPS has, between these two marks. */
const HTTPS_ONLY = /^ *# --- HTTPS only: from here ---\n[^]*?^ *# --- HTTPS only: to here ---\n/m;

/** Where a rendered configuration finds its files, and writes its own. Absolute paths all. */
export type NginxPaths = {
  /** The site's files: out/, or site/ in a release. */
  siteRoot: string;
  /** The folder of the CSP map and the error page: deploy/build/, or the release's nginx/. */
  configDir: string;
  /** A writable folder for the pid file and temporary files. */
  runtimeDir: string;
  /** A writable folder for the access and error logs. */
  logDir: string;
};

/** HTTPS: the certificate and its key, and the plain-HTTP server. */
export type HttpsSettings = {
  certificate: string;
  key: string;
  /** The plain-HTTP server's listen address, e.g. '80' or '127.0.0.1:8080'. */
  httpListen: string;
  /** The HTTPS port the redirect names; none in production, where HTTPS is on 443. */
  redirectPort?: number;
  /** The folder an ACME client writes its challenges to (certbot --webroot -w). */
  acmeChallengeDir: string;
};

export type NginxSettings = {
  /** The one host name the servers answer for over HTTPS. */
  serverName: string;
  /** The main server's listen address, e.g. '443' or '127.0.0.1:8443'. */
  listen: string;
  /** HTTPS with HTTP/2 on `listen`, and a plain-HTTP server that redirects; plain HTTP without. */
  https?: HttpsSettings;
  /** The address or network of the proxy whose X-Forwarded-For names the visitor. */
  trustedProxy?: string;
  /** Where browsers report violations of the policy (an https URL); none when undefined. */
  reportAddress?: string | undefined;
  paths: NginxPaths;
};

/**
 * The template's values that belong to one deployment rather than to a build: its name, where it
 * listens, its certificate, its trusted proxy, where browsers report the policy's violations and
 * its folders. A release leaves them for its `configure` script to fill in at install
 * (deploy/configure), so that one archive serves every deployment.
 */
export const INSTALL_VALUES = [
  'SERVER_NAME',
  'LISTEN',
  'DEFAULT_LISTEN',
  'SITE_ROOT',
  'CONFIG_DIR',
  'RUNTIME_DIR',
  'LOG_DIR',
  'REAL_IP',
  'TLS_CERTIFICATE',
  'TLS_KEY',
  'HTTP_LISTEN',
  'DEFAULT_HTTP_LISTEN',
  'HTTPS_PORT',
  'ACME_CHALLENGE_DIR',
  'CSP_REPORTING',
  'REPORTING_ENDPOINTS',
] as const;

/** nginx's add_header lines for these headers, on every response. */
function addHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `add_header ${name} '${value}' always;`)
    .join('\n    ');
}

/** The values of a build, the same for every deployment of it: its headers and its pages' names. */
function buildValues(): Record<string, string> {
  return {
    IMMUTABLE_CACHE,
    NOT_FOUND_FILE: notFoundPage.file,
    NOT_FOUND_NAME: notFoundFileWithoutHtml,
    SERVER_ERROR_PAGE: serverErrorPage.address,
    SECURITY_HEADERS: addHeaders(securityHeaders),
  };
}

/**
 * The template with the given ${NAME} values filled in, and its HTTPS-only lines left out without
 * HTTPS.
 * @param leftForInstall Names left as ${NAME}, for the release's `configure` to fill in.
 * @throws Error naming any other ${NAME} in the template that has no value, rather than leaving it.
 */
function fillTemplate(
  values: Record<string, string | undefined>,
  https: boolean,
  leftForInstall: readonly string[] = [],
): string {
  const template = readFileSync(TEMPLATE, 'utf8');
  const kept = https ? template : template.replace(HTTPS_ONLY, '');
  return kept.replace(/\$\{(\w+)\}/g, (reference, name: string) => {
    if (leftForInstall.includes(name)) return reference;
    const value = values[name];
    if (value === undefined) throw new Error(`${TEMPLATE} uses ${reference}, which has no value`);
    return value;
  });
}

/**
 * The template rendered for one deployment, every ${NAME} filled in: the local servers' and the
 * tests' configuration.
 */
export function renderNginxConfig(settings: NginxSettings): string {
  const { https, paths } = settings;
  const report = reporting(settings.reportAddress);
  const listen = `listen ${settings.listen}${https ? ' ssl http2' : ''}`;
  const values: Record<string, string | undefined> = {
    ...buildValues(),
    SERVER_NAME: settings.serverName,
    LISTEN: `${listen};`,
    DEFAULT_LISTEN: `${listen} default_server;`,
    CSP_REPORTING: report.directives,
    REPORTING_ENDPOINTS:
      addHeaders(report.headers) || '# No reporting address: no Reporting-Endpoints header.',
    SITE_ROOT: paths.siteRoot,
    CONFIG_DIR: paths.configDir,
    RUNTIME_DIR: paths.runtimeDir,
    LOG_DIR: paths.logDir,
    REAL_IP: settings.trustedProxy
      ? `set_real_ip_from ${settings.trustedProxy};
  real_ip_header X-Forwarded-For;
  real_ip_recursive on;`
      : '# No trusted proxy: the address that connected is the visitor.',
    TLS_CERTIFICATE: https?.certificate,
    TLS_KEY: https?.key,
    HTTP_LISTEN: https && `listen ${https.httpListen};`,
    DEFAULT_HTTP_LISTEN: https && `listen ${https.httpListen} default_server;`,
    HTTPS_PORT: https?.redirectPort ? `:${https.redirectPort}` : '',
    ACME_CHALLENGE_DIR: https?.acmeChallengeDir,
  };
  return fillTemplate(values, Boolean(https));
}

/**
 * The template as a release carries it: HTTPS, this build's headers filled in, and the values of
 * INSTALL_VALUES left as ${NAME} for the release's `configure` to fill in on the server.
 */
export function renderReleaseTemplate(): string {
  return fillTemplate(buildValues(), true, INSTALL_VALUES);
}

/** The nginx program: Debian installs it in /usr/sbin, which is not on every user's PATH. */
export function nginxBinary(): string {
  const binary = [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx', 'nginx'].find(
    (candidate) => candidate && !spawnSync(candidate, ['-v']).error,
  );
  if (!binary) {
    throw new Error(
      'nginx is not installed: `apt-get install nginx-light` (or set NGINX to its path).',
    );
  }
  return binary;
}

/**
 * Runs nginx in the foreground with a configuration of the caller's, written into a temporary
 * folder of nginx's own (pid file, logs, temp files) that is removed once nginx has exited.
 * @param configure Writes the configuration for that folder.
 * @returns A promise of nginx's exit code, and a function that stops it gracefully.
 */
export function runNginx(configure: (runtimeDir: string) => string) {
  const binary = nginxBinary();
  const runtimeDir = mkdtempSync(path.join(tmpdir(), 'private-bank-nginx-'));
  const configPath = path.join(runtimeDir, 'nginx.conf');
  writeFileSync(configPath, configure(runtimeDir));
  // Started as root, nginx would hand requests to an unprivileged user who may not be allowed to
  // read this checkout, so it keeps root; as anyone else it stays who it is anyway.
  const globalDirectives = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`;
  const errorLog = path.join(runtimeDir, 'error.log');
  const args = ['-p', runtimeDir, '-c', configPath, '-e', errorLog, '-g', globalDirectives];
  const nginx = spawn(binary, args, { stdio: 'inherit' });
  // The folder is removed only once nginx has exited, since until then its workers may still write
  // there.
  const exited = once(nginx, 'exit').then(([code]) => {
    rmSync(runtimeDir, { recursive: true, force: true });
    return code as number | null;
  });
  // SIGQUIT is nginx's graceful shutdown: it finishes the requests in flight first.
  return { exited, stop: () => nginx.kill('SIGQUIT') };
}

/**
 * Starts nginx in the foreground, serving out/ with the production configuration, its CSP map and
 * error page from this build, and the reporting address of CSP_REPORT_URI when it is set.
 * @param listen The main server's listen address, e.g. '127.0.0.1:8080'.
 * @param https HTTPS settings, for HTTPS with HTTP/2 and the plain-HTTP redirect.
 * @returns A promise of nginx's exit code, and a function that stops it gracefully.
 */
export function startNginx(listen: string, https?: HttpsSettings) {
  if (!existsSync('out/index.html') || !existsSync(CSP_MAP) || !existsSync(serverErrorPage.file)) {
    throw new Error('No build to serve: run `npm run build` first.');
  }
  return runNginx((runtimeDir) =>
    renderNginxConfig({
      serverName: LOCAL_SERVER_NAME,
      listen,
      ...(https && { https }),
      reportAddress: process.env[REPORT_ADDRESS_VARIABLE],
      paths: {
        siteRoot: path.resolve('out'),
        configDir: path.resolve(path.dirname(CSP_MAP)),
        runtimeDir,
        logDir: runtimeDir,
      },
    }),
  );
}

/**
 * HTTPS on 127.0.0.1 with the throwaway certificates of a folder: made there now, unless the folder
 * has them already (a TLS_DIR made beforehand).
 * @param httpPort The port of the plain-HTTP server that redirects to HTTPS on `httpsPort`.
 * @param acmeChallengeDir The folder served under /.well-known/acme-challenge/.
 */
export function localHttps(
  httpsPort: number,
  httpPort: number,
  certificateDir: string,
  acmeChallengeDir: string,
): HttpsSettings {
  const files = localCertificateFiles(certificateDir);
  if (!existsSync(files.certificate)) makeLocalCertificates(certificateDir);
  return {
    certificate: files.certificate,
    key: files.key,
    httpListen: `127.0.0.1:${httpPort}`,
    redirectPort: httpsPort,
    acmeChallengeDir,
  };
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain && process.argv.includes('--tls')) {
  await runServer('serve:tls', 8443, async (port) => {
    const httpPort = Number(process.env.HTTP_PORT ?? 8080);
    // The redirect's port must be free too, or the redirect would be some other program's.
    await freePort(httpPort).catch(() => {
      throw new Error(`port ${httpPort} is in use by another program: stop it, or set HTTP_PORT`);
    });
    const { TLS_DIR, ACME_CHALLENGE_DIR } = process.env;
    // A folder of its own, removed on exit, for whatever the caller did not name.
    const scratch =
      TLS_DIR && ACME_CHALLENGE_DIR
        ? undefined
        : mkdtempSync(path.join(tmpdir(), 'private-bank-tls-'));
    const certificateDir = TLS_DIR ?? scratch!;
    const acmeChallengeDir = ACME_CHALLENGE_DIR ?? path.join(scratch!, 'acme');
    mkdirSync(acmeChallengeDir, { recursive: true });
    const https = localHttps(port, httpPort, certificateDir, acmeChallengeDir);
    const { exited, stop } = startNginx(`127.0.0.1:${port}`, https);
    console.log(
      `Serving out/ through nginx at https://${LOCAL_SERVER_NAME}:${port}, redirected from http://${LOCAL_SERVER_NAME}:${httpPort}; trust ${path.join(certificateDir, 'authority.pem')} (Ctrl+C to stop)`,
    );
    process.on('SIGINT', stop).on('SIGTERM', stop);
    void exited.then((code) => {
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      process.exit(code ?? 0);
    });
  });
} else if (isMain) {
  await runServer('serve:nginx', 8080, (port) => {
    const { exited, stop } = startNginx(`127.0.0.1:${port}`);
    console.log(`Serving out/ through nginx at http://127.0.0.1:${port} (Ctrl+C to stop)`);
    process.on('SIGINT', stop).on('SIGTERM', stop);
    void exited.then((code) => process.exit(code ?? 0));
  });
}
