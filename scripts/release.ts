/**
 * `npm run release` (after a build) writes one archive for an nginx server to install, with its
 * SHA-256 checksum, into release/: the site (out/), the nginx configuration's template with this
 * build's headers and policies filled in, its CSP map and error page beside it, the templates of a
 * systemd unit that runs nginx unprivileged and of a logrotate rule, the template of certbot's
 * deploy hook (deploy/install-certificate.template), `configure` (deploy/configure), which fills in
 * one deployment's settings on the server, with the site's host name (nginx/site-name) as its
 * default name, and `activate` (deploy/activate), which makes the release the one the server runs.
 * The archive holds no setting of one deployment (its name, listen addresses, certificate, trusted
 * proxy, reporting address or folders) and no path of this checkout, so one archive, built and
 * attested once, serves every deployment; docs/deploying.md installs it.
 *
 * Beside the archive it writes `install-release` (deploy/install-release), the script that verifies
 * an archive of the site's or of the editing service's and installs it, which the deploy workflow
 * attaches to the GitHub release and attests with the archives.
 *
 * Two builds of one commit give the same archive, byte for byte: the build is the same (its id is
 * the commit's), and the archive's files are in name order, owned by root and dated by the commit,
 * compressed without a time or a name of their own. Its name is the commit's, marked `-modified`
 * when the checkout had changes no commit holds, so that two different archives never share a name.
 *
 * Content that still holds go-live placeholders (npm run content:check lists them) is refused:
 * `npm run release -- --not-for-production` packs it all the same, for a site that is not the
 * bank's public one, and says so in the archive's name and in a NOT-FOR-PRODUCTION file, which the
 * release's `activate` refuses on a server whose settings do not say PRODUCTION=no.
 *
 * RELEASE_OUT, from the environment, names the folder the archive and its checksum are written to
 * (release/ when unset).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CSP_MAP } from '../deploy/security-headers';
import { siteUrl } from '../lib/site-url';
import { checkContent, loadContent } from './build/check-content';
import { serverErrorPage } from './build/server-error-page';
import { renderReleaseTemplate } from './serve/nginx';

/**
 * The systemd unit's, the logrotate rule's and certbot's deploy hook's templates, the script that
 * fills them in, and the one that installs them with the release.
 */
const UNIT_TEMPLATE = 'deploy/systemd/private-bank-site.service.template';
const LOGROTATE_TEMPLATE = 'deploy/systemd/logrotate.template';
const CERTIFICATE_HOOK_TEMPLATE = 'deploy/install-certificate.template';
const CONFIGURE = 'deploy/configure';
const ACTIVATE = 'deploy/activate';
const INSTALLER = 'deploy/install-release';
/** What activate runs to record, in the records store, that the server serves the release. */
const RECORD_ACTIVATION = 'deploy/records/record-activation';

/** The command-line flag that packs content with go-live placeholders, for a site not in production. */
export const NOT_FOR_PRODUCTION = '--not-for-production';

/** What a release packed with --not-for-production says of itself, in its NOT-FOR-PRODUCTION file. */
const NOT_FOR_PRODUCTION_MARK = `This release was packed with ${NOT_FOR_PRODUCTION}: its content may hold go-live
placeholders (npm run content:check lists them). Its activate refuses it on a production server:
only a server whose settings (/etc/private-bank-site/settings) say PRODUCTION=no takes it.
`;

/**
 * Why the content may not be released, or undefined when it may: go-live placeholders, unless the
 * release is not for production.
 */
function placeholderRefusal(notForProduction: boolean): string | undefined {
  if (notForProduction) return undefined;
  const { files, problems } = loadContent();
  const all = problems.length > 0 ? problems : checkContent(files);
  const errors = all.filter((problem) => !problem.goLive).length;
  if (errors > 0) return `the content check finds ${errors} problem(s): run npm run content:check`;
  const placeholders = all.filter((problem) => problem.goLive).length;
  if (placeholders === 0) return undefined;
  return `the content holds ${placeholders} go-live placeholder(s) (npm run content:check lists them): replace them, or, for a site that is not the bank's public one, run npm run release -- ${NOT_FOR_PRODUCTION}`;
}

/**
 * The release's name: the commit it was built from, marked when the checkout had changes that no
 * commit holds, so that two different archives never share a name.
 */
function releaseName(notForProduction: boolean): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short=12', 'HEAD');
  const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
  const marks = `${changed ? '-modified' : ''}${notForProduction ? '-not-for-production' : ''}`;
  return `private-bank-site-${commit}${marks}`;
}

/**
 * Writes the archive and its checksum.
 * @param notForProduction Pack content that holds go-live placeholders, and say so in the name.
 * @returns The paths of the archive, of its checksum file and of the installer beside them.
 */
export function writeRelease(
  environment: NodeJS.ProcessEnv = process.env,
  { notForProduction = false } = {},
) {
  if (!existsSync('out/index.html') || !existsSync(CSP_MAP) || !existsSync(serverErrorPage.file)) {
    throw new Error('No build to release: run `npm run build` first.');
  }
  const refusal = placeholderRefusal(notForProduction);
  if (refusal) throw new Error(`not released: ${refusal}`);
  const name = releaseName(notForProduction);

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
    writeFileSync(path.join(root, 'nginx', 'nginx.conf.template'), renderReleaseTemplate());
    // The name the pages' own links and metadata give the site: `configure`'s default name.
    writeFileSync(path.join(root, 'nginx', 'site-name'), `${siteUrl.hostname}\n`);
    cpSync(CSP_MAP, path.join(root, 'nginx', 'csp-map.conf'));
    cpSync(serverErrorPage.file, path.join(root, 'nginx', 'server-error.html'));
    mkdirSync(path.join(root, 'systemd'));
    cpSync(UNIT_TEMPLATE, path.join(root, 'systemd', 'service.template'));
    cpSync(LOGROTATE_TEMPLATE, path.join(root, 'systemd', 'logrotate.template'));
    cpSync(CERTIFICATE_HOOK_TEMPLATE, path.join(root, 'install-certificate.template'));
    // The mark that a production server's `activate` refuses (deploy/activate).
    if (notForProduction)
      writeFileSync(path.join(root, 'NOT-FOR-PRODUCTION'), NOT_FOR_PRODUCTION_MARK);
    cpSync(CONFIGURE, path.join(root, 'configure'));
    cpSync(ACTIVATE, path.join(root, 'activate'));
    cpSync(RECORD_ACTIVATION, path.join(root, 'record-activation'));
    // Whatever the checkout's umask and git's file modes: the programs, and files anyone reads.
    for (const program of ['configure', 'activate', 'record-activation'])
      chmodSync(path.join(root, program), 0o755);

    const outDir = path.resolve(environment.RELEASE_OUT || 'release');
    mkdirSync(outDir, { recursive: true });
    const archive = path.join(outDir, `${name}.tar.gz`);
    // Owned by root, in name order, dated by the commit: nothing of the machine that packed it. gzip
    // from Node's zlib, whose header holds no time and no file name, where gzip's own holds both.
    const commitDate = execFileSync('git', ['log', '-1', '--format=%cI'], { encoding: 'utf8' });
    const tarball = execFileSync(
      'tar',
      [
        ...['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '--mode=u+rw,go=rX'],
        `--mtime=${commitDate.trim()}`,
        ...['-cf', '-', '-C', staging, name],
      ],
      { maxBuffer: 1024 ** 3 },
    );
    const compressed = gzipSync(tarball, { level: 9 });
    writeFileSync(archive, compressed);
    const digest = createHash('sha256').update(compressed).digest('hex');
    const checksum = `${archive}.sha256`;
    // sha256sum's own format, so that `sha256sum -c` checks it beside the archive.
    writeFileSync(checksum, `${digest}  ${path.basename(archive)}\n`);
    const installer = path.join(outDir, path.basename(INSTALLER));
    cpSync(INSTALLER, installer);
    chmodSync(installer, 0o755);
    return { archive, checksum, installer };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const notForProduction = process.argv.includes(NOT_FOR_PRODUCTION);
    const { archive, checksum, installer } = writeRelease(process.env, { notForProduction });
    console.log(
      `release: wrote ${[archive, checksum, installer].map((file) => path.relative('.', file)).join(', ')}`,
    );
  } catch (error) {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
