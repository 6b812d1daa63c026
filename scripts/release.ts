/**
 * `npm run release` (after a build) writes one archive for an nginx server to install, with its
 * SHA-256 checksum, into release/: the site (out/), the nginx configuration rendered for the
 * server's paths with its CSP map and error page beside it, a systemd unit that runs nginx
 * unprivileged, and a logrotate rule. No installed file names this checkout: every path is the
 * server's. docs/deploying.md installs it, and says what each setting below is for.
 *
 * Settings, from the environment, with the defaults of a standard install:
 *   INSTALL_DIR         /opt/private-bank-site: releases/<name>/ of each release, and current,
 *                       the link to the one in use
 *   SERVICE_NAME        private-bank-site: the systemd unit, and its folders under /run, /var/log
 *                       and /var/lib
 *   SERVICE_USER, SERVICE_GROUP   private-bank-site: who nginx runs as
 *   HTTPS_LISTEN, HTTP_LISTEN     443 and 80
 *   TLS_CERTIFICATE, TLS_KEY, TLS_CHAIN   /etc/private-bank-site/tls/fullchain.pem, privkey.pem and
 *                       chain.pem (certbot's names): the certificate, its key, and the chain the
 *                       OCSP response is verified with
 *   OCSP_RESOLVER       127.0.0.53 (systemd-resolved): the DNS resolver nginx finds the OCSP
 *                       responder with
 *   TRUSTED_PROXY       none: the address or network of a proxy whose X-Forwarded-For is believed
 *   CSP_REPORT_URI      none: where browsers report violations of the policy
 * For trying a release outside the standard folders (the tests install one into a scratch folder):
 *   RUNTIME_DIR, LOG_DIR, ACME_CHALLENGE_DIR   /run/, /var/log/ and /var/lib/<SERVICE_NAME>/acme-challenge
 *   HTTPS_PORT          the port a redirect names, when HTTPS is not on 443
 *   OCSP_RESPONSE_FILE  an OCSP response to staple from a file, in place of the responder's
 *   RELEASE_OUT         release: the folder the archive and its checksum are written to
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_MAP, REPORT_ADDRESS_VARIABLE } from '../deploy/security-headers';
import { serverErrorPage } from './build/server-error-page';
import { renderNginxConfig } from './serve/nginx';

/** The systemd unit's and the logrotate rule's templates. */
const UNIT_TEMPLATE = 'deploy/systemd/private-bank-site.service.template';
const LOGROTATE_TEMPLATE = 'deploy/systemd/logrotate.template';

/** A template's ${NAME} placeholders filled in; a placeholder without a value is an error. */
function fill(template: string, values: Record<string, string>): string {
  return readFileSync(template, 'utf8').replace(/\$\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template} uses ${placeholder}, which has no value`);
    return value;
  });
}

/**
 * The release's name: the commit it was built from, marked when the checkout had changes that no
 * commit holds, so that two different archives never share a name.
 */
function releaseName(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short=12', 'HEAD');
  const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
  return `private-bank-site-${commit}${changed ? '-modified' : ''}`;
}

/**
 * Writes the archive and its checksum.
 * @returns The paths of the archive and of its checksum file.
 */
export function writeRelease(environment: NodeJS.ProcessEnv = process.env) {
  if (!existsSync('out/index.html') || !existsSync(CSP_MAP) || !existsSync(serverErrorPage.file)) {
    throw new Error('No build to release: run `npm run build` first.');
  }
  const setting = (name: string, fallback: string) => environment[name] || fallback;
  const name = releaseName();
  const serviceName = setting('SERVICE_NAME', 'private-bank-site');
  const installDir = setting('INSTALL_DIR', `/opt/${serviceName}`);
  const serviceUser = setting('SERVICE_USER', serviceName);
  const releaseDir = path.posix.join(installDir, 'releases', name);
  const tlsDir = `/etc/${serviceName}/tls`;
  const ocspResponseFile = environment.OCSP_RESPONSE_FILE;
  const httpsPort = environment.HTTPS_PORT;
  const nginxConfig = renderNginxConfig({
    listen: setting('HTTPS_LISTEN', '443'),
    https: {
      certificate: setting('TLS_CERTIFICATE', `${tlsDir}/fullchain.pem`),
      key: setting('TLS_KEY', `${tlsDir}/privkey.pem`),
      stapling: ocspResponseFile
        ? { responseFile: ocspResponseFile }
        : {
            trustedChain: setting('TLS_CHAIN', `${tlsDir}/chain.pem`),
            resolver: setting('OCSP_RESOLVER', '127.0.0.53'),
          },
      httpListen: setting('HTTP_LISTEN', '80'),
      ...(httpsPort && { redirectPort: Number(httpsPort) }),
      acmeChallengeDir: setting('ACME_CHALLENGE_DIR', `/var/lib/${serviceName}/acme-challenge`),
    },
    ...(environment.TRUSTED_PROXY && { trustedProxy: environment.TRUSTED_PROXY }),
    reportAddress: environment[REPORT_ADDRESS_VARIABLE],
    paths: {
      siteRoot: `${releaseDir}/site`,
      configDir: `${releaseDir}/nginx`,
      runtimeDir: setting('RUNTIME_DIR', `/run/${serviceName}`),
      logDir: setting('LOG_DIR', `/var/log/${serviceName}`),
    },
  });
  const templateValues = {
    NGINX_CONFIG: `${installDir}/current/nginx/nginx.conf`,
    SERVICE_NAME: serviceName,
    SERVICE_USER: serviceUser,
    SERVICE_GROUP: setting('SERVICE_GROUP', serviceUser),
    LOG_DIR: setting('LOG_DIR', `/var/log/${serviceName}`),
  };

  // The release's tree, as it is unpacked into releases/.
  const staging = mkdtempSync(path.join(tmpdir(), 'private-bank-release-'));
  try {
    const root = path.join(staging, name);
    // Cloudflare's files (_headers, .assetsignore) are of no use to nginx, which would not serve them.
    const cloudflareOnly = ['out/_headers', 'out/.assetsignore'];
    cpSync('out', path.join(root, 'site'), {
      recursive: true,
      filter: (source) => !cloudflareOnly.includes(source),
    });
    mkdirSync(path.join(root, 'nginx'));
    writeFileSync(path.join(root, 'nginx', 'nginx.conf'), nginxConfig);
    cpSync(CSP_MAP, path.join(root, 'nginx', 'csp-map.conf'));
    cpSync(serverErrorPage.file, path.join(root, 'nginx', 'server-error.html'));
    mkdirSync(path.join(root, 'systemd'));
    writeFileSync(
      path.join(root, 'systemd', `${serviceName}.service`),
      fill(UNIT_TEMPLATE, templateValues),
    );
    writeFileSync(
      path.join(root, 'systemd', 'logrotate'),
      fill(LOGROTATE_TEMPLATE, templateValues),
    );

    const outDir = path.resolve(setting('RELEASE_OUT', 'release'));
    mkdirSync(outDir, { recursive: true });
    const archive = path.join(outDir, `${name}.tar.gz`);
    // Owned by root, in name order, dated by the commit: nothing of the machine that packed it.
    const commitDate = execFileSync('git', ['log', '-1', '--format=%cI'], { encoding: 'utf8' });
    execFileSync('tar', [
      ...['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '--mode=go-w'],
      `--mtime=${commitDate.trim()}`,
      ...['-czf', archive, '-C', staging, name],
    ]);
    const digest = createHash('sha256').update(readFileSync(archive)).digest('hex');
    const checksum = `${archive}.sha256`;
    // sha256sum's own format, so that `sha256sum -c` checks it beside the archive.
    writeFileSync(checksum, `${digest}  ${path.basename(archive)}\n`);
    return { archive, checksum };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { archive, checksum } = writeRelease();
    console.log(
      `release: wrote ${path.relative('.', archive)} and ${path.relative('.', checksum)}`,
    );
  } catch (error) {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
