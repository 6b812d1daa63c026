/**
 * The editing service's shipped nginx server block (deploy/editor/nginx-editor.conf.template), filled
 * in and run under a test nginx on 127.0.0.1 and ::1, over TLS with throwaway certificates, in front
 * of whatever listens on a Unix socket: the editing service itself, or a stand-in. The bank's
 * sign-in (deploy/editor/nginx-sso.conf, oauth2-proxy) is replaced by a test one: its
 * `/oauth2/auth` asks a second server of this nginx, on a Unix socket of its own, which checks HTTP
 * basic authentication of one of two test editors and answers 202 with that editor's
 * X-Auth-Request-* headers, as oauth2-proxy with --set-xauthrequest does, or 401. Everything else
 * is the shipped block.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nginxBinary } from '../../scripts/serve/nginx';
import { LOCAL_SERVER_NAME, makeLocalCertificates } from '../../scripts/serve/tls';
import { nginxListening } from './nginx-listening';
import { spawnGroup, stopGroup } from './process-groups';

const TEMPLATE = 'deploy/editor/nginx-editor.conf.template';

/**
 * The test people's sign-in names. The specs that share a worker's service
 * (e2e/support/editing-service.ts) each sign in as people of their own, so that no spec's changes
 * are in another's lists, workspaces or branches.
 */
export type TestUser = 'thandi' | 'pieter' | 'naledi' | 'jabu' | 'sipho' | 'lerato' | 'ayesha';

/** A test editor, as the sign-in knows them. */
export type TestEditor = {
  /** The sign-in name, and the basic-authentication user. */
  user: TestUser;
  password: string;
  email: string;
  /** The display name (oauth2-proxy's X-Auth-Request-Preferred-Username). */
  name: string;
  /** Their groups, which the sign-in sends one a header line, as oauth2-proxy does. */
  groups: string[];
};

/** The sign-in's group of the site's editors, as the documented install names it. */
export const EDITORS_GROUP = 'site-editors';
/** The sign-in's group of the compliance team, who read the financial promotions log. */
export const COMPLIANCE_GROUP = 'compliance';
/** The sign-in's group of the pull requests' other approvers, who read a pull request's pictures. */
export const REVIEWERS_GROUP = 'site-reviewers';

/**
 * The test people: two editors, the first of them in another group before the editors' (as a bank's
 * directory lists them), a compliance officer who is no editor, and a reviewer who is neither (the
 * service spec's); then the editors of the other specs that share the service (Sipho, the
 * invisible characters'; Lerato and Ayesha, the picture upload's). Each run gives them passwords of
 * its own.
 */
function testEditors(): TestEditor[] {
  const password = () => randomBytes(12).toString('hex');
  return [
    {
      user: 'thandi',
      password: password(),
      email: 'thandi@example.com',
      name: 'Thandi Nkosi',
      groups: ['staff', EDITORS_GROUP],
    },
    {
      user: 'pieter',
      password: password(),
      email: 'pieter@example.com',
      name: 'Pieter van der Merwe',
      groups: [EDITORS_GROUP],
    },
    {
      user: 'naledi',
      password: password(),
      email: 'naledi@example.com',
      name: 'Naledi Dlamini',
      groups: [COMPLIANCE_GROUP],
    },
    {
      user: 'jabu',
      password: password(),
      email: 'jabu@example.com',
      name: 'Jabu Mahlangu',
      groups: ['staff', REVIEWERS_GROUP],
    },
    {
      user: 'sipho',
      password: password(),
      email: 'sipho@example.com',
      name: 'Sipho Zulu',
      groups: [EDITORS_GROUP],
    },
    {
      user: 'lerato',
      password: password(),
      email: 'lerato@example.com',
      name: 'Lerato Mokoena',
      groups: [EDITORS_GROUP],
    },
    {
      user: 'ayesha',
      password: password(),
      email: 'ayesha@example.com',
      name: 'Ayesha Patel',
      groups: [EDITORS_GROUP],
    },
  ];
}

/** An htpasswd line in the {SHA} scheme, which nginx's auth_basic accepts. */
const htpasswdLine = ({ user, password }: TestEditor) =>
  `${user}:{SHA}${createHash('sha1').update(password).digest('base64')}`;

/**
 * The template with each ${NAME} filled in.
 * @throws Error naming a ${NAME} that has no value, rather than leaving it for nginx to refuse.
 */
export function fillEditorTemplate(values: Record<string, string>): string {
  return readFileSync(TEMPLATE, 'utf8').replace(/\$\{(\w+)\}/g, (reference, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${TEMPLATE} uses ${reference}, which has no value`);
    return value;
  });
}

/**
 * The test sign-in, in place of deploy/editor/nginx-sso.conf: the sign-in server's answer, as
 * oauth2-proxy's would come. It has no redirect to a sign-in page, so that a request without
 * credentials gets the 401 itself, with auth_basic's WWW-Authenticate (auth_request passes it on),
 * which browsers answer with the credentials they were given.
 */
const testSignIn = (signInSocket: string) => `
location = /oauth2/auth {
  internal;
  proxy_pass http://unix:${signInSocket}:;
  proxy_pass_request_body off;
  proxy_set_header Content-Length "";
}
`;

/**
 * The sign-in's stand-in, a second server of the same nginx: auth_basic of the test editors, then
 * 202 with the X-Auth-Request-* headers of the user it accepted, each group on a header line of its
 * own, or 403 where the user is in none of the groups asked for (`allowed_groups`), as oauth2-proxy
 * answers. auth_basic works here and not in /oauth2/auth itself, since nginx runs no access check
 * (auth_basic's phase) in a subrequest, which is what auth_request makes.
 */
const signInServer = (editors: TestEditor[], htpasswd: string, signInSocket: string) => {
  const map = (variable: string, of: (editor: TestEditor) => string | undefined) =>
    `map $remote_user ${variable} {\n${editors.map((editor) => `    ${editor.user} "${of(editor) ?? ''}";`).join('\n')}\n  }`;
  const allowed = editors.flatMap((editor) =>
    ['', ...editor.groups].map((group) => `    "${editor.user}:${group}" 1;`),
  );
  return `
  ${map('$test_email', (editor) => editor.email)}
  ${map('$test_name', (editor) => editor.name)}
  ${map('$test_group_1', (editor) => editor.groups[0])}
  ${map('$test_group_2', (editor) => editor.groups[1])}
  map "$remote_user:$arg_allowed_groups" $test_allowed {
    default 0;
${allowed.join('\n')}
  }
  server {
    listen unix:${signInSocket};
    # auth_basic checks in the access phase, which nginx runs after \`return\` (the rewrite phase):
    # so the answer comes from a named location that only try_files, after the check, reaches.
    location / {
      auth_basic "Private Bank editors (test sign-in)";
      auth_basic_user_file ${htpasswd};
      try_files /no-such-file @signed_in;
    }
    location @signed_in {
      if ($test_allowed = 0) {
        return 403;
      }
      add_header X-Auth-Request-User $remote_user always;
      add_header X-Auth-Request-Email $test_email always;
      add_header X-Auth-Request-Preferred-Username $test_name always;
      add_header X-Auth-Request-Groups $test_group_1 always;
      add_header X-Auth-Request-Groups $test_group_2 always;
      return 202;
    }
  }`;
};

/**
 * Starts nginx with the shipped server block in front of a Unix socket.
 * @param options.socket The socket the block proxies to (the service's EDITOR_SOCKET).
 * @param options.port The HTTPS port, on 127.0.0.1 and ::1.
 * @param options.proxySecret The X-Editor-Proxy-Secret the block sends (the service's
 *   EDITOR_PROXY_SECRET_FILE holds it).
 * @returns The editors' address (https://localhost:<port>), the authority to trust for it, the test
 *   editors, the folder of nginx's logs, and a function that stops nginx and removes its folder.
 */
export async function startEditorNginx(options: {
  socket: string;
  port: number;
  proxySecret: string;
}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-editor-nginx-'));
  // nginx's workers, started by root, run as nobody, who must reach the certificates' folder.
  chmodSync(folder, 0o755);
  const file = (name: string) => path.join(folder, name);
  const editors = testEditors();
  writeFileSync(file('htpasswd'), `${editors.map(htpasswdLine).join('\n')}\n`);
  const certificates = makeLocalCertificates(folder);
  const signInSocket = file('sign-in.sock');
  writeFileSync(file('sso.conf'), testSignIn(signInSocket));
  writeFileSync(
    file('proxy-secret.conf'),
    `proxy_set_header X-Editor-Proxy-Secret "${options.proxySecret}";\n`,
    { mode: 0o640 },
  );
  writeFileSync(
    file('editor.conf'),
    fillEditorTemplate({
      EDITOR_HOST: LOCAL_SERVER_NAME,
      EDITOR_LISTEN_IPV4: `127.0.0.1:${options.port}`,
      EDITOR_LISTEN_IPV6: `[::1]:${options.port}`,
      TLS_CERTIFICATE: certificates.certificate,
      TLS_KEY: certificates.key,
      EDITOR_SOCKET: options.socket,
      SSO_INCLUDE: file('sso.conf'),
      PROXY_SECRET_INCLUDE: file('proxy-secret.conf'),
      EDITOR_GROUP: EDITORS_GROUP,
      RECORDS_COMPLIANCE_GROUP: COMPLIANCE_GROUP,
      RECORDS_REVIEWERS_GROUP: REVIEWERS_GROUP,
    }),
  );
  mkdirSync(file('temp'));
  // Debian's nginx.conf, pared down to what the block needs: the block is included in http, as
  // sites-enabled/ is there.
  writeFileSync(
    file('nginx.conf'),
    `worker_processes 1;
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events {
  worker_connections 256;
}
http {
  access_log ${file('access.log')};
  client_body_temp_path ${file('temp')}/body;
  proxy_temp_path ${file('temp')}/proxy;
  fastcgi_temp_path ${file('temp')}/fastcgi;
  uwsgi_temp_path ${file('temp')}/uwsgi;
  scgi_temp_path ${file('temp')}/scgi;
  ${signInServer(editors, file('htpasswd'), signInSocket)}
  include ${file('editor.conf')};
}
`,
  );
  const nginx = spawnGroup(
    nginxBinary(),
    ['-p', folder, '-c', file('nginx.conf'), '-e', file('error.log'), '-g', 'daemon off;'],
    { stdio: 'inherit' },
    "nginx in front of the editing service's socket",
  );
  const stop = async () => {
    // SIGQUIT is nginx's graceful stop.
    await stopGroup(nginx, 'SIGQUIT');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await nginxListening(nginx, file('nginx.pid'));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `https://${LOCAL_SERVER_NAME}:${options.port}`,
    authority: certificates.authority,
    editors,
    logDir: folder,
    stop,
  };
}
