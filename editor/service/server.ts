/**
 * `npm run edit:service`: the editing view as a service for many editors, on an internal server
 * behind the bank's sign-in, never on the public origin. It listens only on a Unix socket
 * (EDITOR_SOCKET) that the web server in front of it alone may open; the web server signs each
 * editor in and names them in headers (identity.ts). Each change an editor starts is a workspace of
 * its own, a git worktree on its own branch (workspaces.ts); the view edits one workspace at a time,
 * named by each request, and a request naming another editor's workspace is refused. Proposing a
 * change commits it as the editor and pushes its branch; a workflow opens its pull request
 * (docs/deploying.md). Abandoning one removes its workspace and its branch, here and on the remote.
 * Every start, write, proposal and abandonment goes into the audit log (audit-log.ts).
 *
 * Its settings, from the environment (the systemd unit sets them: docs/deploying.md):
 * EDITOR_SOCKET, EDITOR_ORIGIN (the address editors open), EDITOR_REMOTE (the repository it clones
 * and pushes to), EDITOR_STATE (its clone and workspaces), EDITOR_AUDIT_LOG,
 * EDITOR_PROXY_SECRET_FILE (the secret the web server sends), EDITOR_COMMITTER_NAME and
 * EDITOR_COMMITTER_EMAIL, EDITOR_SIGNING_KEY (the key it signs every commit with: signing.ts), and
 * EDITOR_GROUP (the group an editor must be in, if any). Run it from a
 * checkout of the project: the view and its check are the checkout's code.
 */
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fieldName } from '../../scripts/build/read-content';
import { fieldWords } from '../../scripts/shared/field-words';
import { complianceLog } from '../../records/compliance-log';
import { changesSinceCommit } from '../changes';
import { contentApi } from '../content-api';
import { ContentFiles, type Write } from '../content-files';
import { fieldDocs } from '../field-docs';
import { formSchema } from '../form-schema';
import { readBody } from '../request-gate';
import { WORKSPACE_HEADER } from '../token-header';
import { inWords } from '../values';
import { send, viewFiles } from '../view-files';
import { auditLog } from './audit-log';
import { personOf, type Person } from './identity';
import { reviewersFor } from './reviewers';
import { signingPublicKey } from './signing';
import { Workspaces } from './workspaces';

/** A workspace as a request opens it. */
type OpenWorkspace = NonNullable<ReturnType<Workspaces['open']>>;

/** The service's settings, as the environment gives them. */
export type Settings = {
  socket: string;
  origin: string;
  remote: string;
  state: string;
  auditLog: string;
  proxySecret: string;
  committer: { name: string; email: string };
  /** The key every commit is signed with (signing.ts). */
  signingKey: string;
  group?: string | undefined;
};

/** The settings from the environment, or the first one missing, named. */
export function settingsFromEnvironment(environment = process.env): Settings {
  const need = (name: string) => {
    const value = environment[name];
    if (!value) throw new Error(`the editing service needs ${name} (docs/deploying.md)`);
    return value;
  };
  return {
    socket: need('EDITOR_SOCKET'),
    origin: need('EDITOR_ORIGIN'),
    remote: need('EDITOR_REMOTE'),
    state: need('EDITOR_STATE'),
    auditLog: need('EDITOR_AUDIT_LOG'),
    proxySecret: readFileSync(need('EDITOR_PROXY_SECRET_FILE'), 'utf8').trim(),
    committer: { name: need('EDITOR_COMMITTER_NAME'), email: need('EDITOR_COMMITTER_EMAIL') },
    signingKey: need('EDITOR_SIGNING_KEY'),
    group: environment.EDITOR_GROUP || undefined,
  };
}

/** The commit message of a proposal: the editor's sentence, then each field changed, in words. */
function proposalMessage(
  person: Person,
  title: string,
  changes: { words: string; before: unknown; after: unknown }[],
) {
  const lines = changes.map(
    ({ words, before, after }) => `- ${words}: was ${inWords(before)}, now ${inWords(after)}`,
  );
  return `${title}\n\nChanged by ${person.name} <${person.email}> in the editing view:\n\n${lines.join('\n')}\n`;
}

/**
 * Starts the service on its socket.
 * @returns A function that stops it.
 */
export async function startService(settings: Settings) {
  const origin = new URL(settings.origin);
  const log = auditLog(settings.auditLog);
  signingPublicKey(settings.signingKey);
  const workspaces = new Workspaces(
    settings.state,
    settings.remote,
    settings.committer,
    settings.signingKey,
  );
  await workspaces.prepare();
  const root = process.cwd();
  const view = await viewFiles(root, 'service');
  // Help texts are the schema's, the same for every workspace: the service's own code's.
  const shared = {
    schema: formSchema(),
    docs: fieldDocs(new ContentFiles(root).readAll()),
    pages: view.pages,
  };

  /**
   * Each open workspace's content files and API, made on its first request, and the person of its
   * latest request (the workspace's owner, as the sign-in last named them), whom its writes are
   * logged as.
   */
  const opened = new Map<
    string,
    { api: ReturnType<typeof contentApi>; content: ContentFiles; person: Person }
  >();
  const openedFor = (person: Person, workspace: OpenWorkspace) => {
    let entry = opened.get(workspace.id);
    if (!entry) {
      const content: ContentFiles = new ContentFiles(workspace.root, (write: Write) => {
        const values = Object.fromEntries(
          content.readAll().map(({ name, read }) => [name, read?.value]),
        );
        log.append(entry!.person, {
          action: write.action,
          change: workspace.id,
          branch: workspace.branch,
          file: write.file,
          field: fieldName(write.field),
          words: fieldWords(write.field, shared.schema, values),
          before: write.before,
          after: write.after,
        });
      });
      const api = contentApi(content, workspace.root, shared, {
        base: () => workspace.base,
        commits: false,
      });
      entry = { api, content, person };
      opened.set(workspace.id, entry);
    }
    entry.person = person;
    return entry;
  };

  /** The workspace a request names, if it is the person's own; else why not. */
  const workspaceOf = (request: IncomingMessage, person: Person) => {
    const named = request.headers[WORKSPACE_HEADER];
    const [user, topic, ...rest] = typeof named === 'string' ? named.split('/') : [];
    if (!user || !topic || rest.length > 0)
      return { status: 400, why: `name the change in ${WORKSPACE_HEADER}` };
    if (user !== person.user) return { status: 403, why: 'this change is another editor’s' };
    return workspaces.open(person, topic) ?? { status: 404, why: 'no such change' };
  };

  const serviceApi = async (
    request: IncomingMessage,
    response: ServerResponse,
    route: string,
    person: Person,
  ) => {
    if (route === '/api/session' && request.method === 'GET') {
      // Where the remote cannot be reached, the list says where each change stood at the last look.
      await workspaces.fetch().catch(() => undefined);
      const changes = await workspaces.list(person);
      return send(response, 200, {
        person: { user: person.user, name: person.name, email: person.email },
        changes: changes.map(({ id, title, branch, proposed, merged }) => ({
          id,
          title,
          branch,
          proposed,
          merged,
        })),
      });
    }
    if (route === '/api/start' && request.method === 'POST') {
      const body = await readBody(request);
      if ('status' in body)
        return send(response, body.status, {
          error: body.status === 413 ? 'too large' : 'not JSON',
        });
      const title = (body.value as { title?: unknown } | null)?.title;
      if (typeof title !== 'string' || title.trim() === '')
        return send(response, 400, { error: 'say in a few words what the change is for' });
      const workspace = await workspaces.start(person, title);
      log.append(person, {
        action: 'start',
        change: workspace.id,
        branch: workspace.branch,
        title: workspace.title,
      });
      return send(response, 200, { id: workspace.id, branch: workspace.branch });
    }
    const workspace = workspaceOf(request, person);
    if ('status' in workspace) return send(response, workspace.status, { error: workspace.why });
    // The reviewers the change will need, from the files it changes and the workspace's CODEOWNERS:
    // the view says so before the editor proposes it.
    if (route === '/api/reviewers' && request.method === 'GET') {
      const files = new ContentFiles(workspace.root).readAll();
      const changed = new Set(
        changesSinceCommit(files, workspace.root, workspace.base).map(({ field }) => field[0]),
      );
      const owners = path.join(workspace.root, '.github', 'CODEOWNERS');
      const codeowners = existsSync(owners) ? readFileSync(owners, 'utf8') : '';
      const paths = files.filter(({ name }) => changed.has(name)).map(({ file }) => file);
      return send(response, 200, { reviewers: reviewersFor(codeowners, paths) });
    }
    if (route === '/api/abandon' && request.method === 'POST') {
      await workspaces.abandon(workspace);
      opened.delete(workspace.id);
      log.append(person, { action: 'abandon', change: workspace.id, branch: workspace.branch });
      return send(response, 200, { abandoned: workspace.id });
    }
    if (route === '/api/propose' && request.method === 'POST') {
      const { content } = openedFor(person, workspace);
      // In the workspace's turn, after the saves before it and before any after it: the change in
      // words is the one committed.
      const proposed = await content.inTurn(async () => {
        const files = content.readAll();
        const problems = content.problems(files).filter((p) => !p.goLive);
        if (problems.length > 0)
          return { status: 422, problem: 'the content check finds problems to correct first' };
        const values = Object.fromEntries(files.map(({ name, read }) => [name, read?.value]));
        const changes = changesSinceCommit(files, workspace.root).map((change) => ({
          ...change,
          words: fieldWords(change.field, shared.schema, values),
        }));
        // A push the remote does not take (GitHub out of reach, say) leaves the commit in the
        // workspace, and the next proposal sends it.
        const pushed = await workspaces
          .propose(person, workspace, proposalMessage(person, workspace.title, changes))
          .catch((error: unknown) => ({ failed: String(error) }));
        if (pushed && 'failed' in pushed)
          return {
            status: 502,
            problem: `the bank's repository did not take it (${pushed.failed.split('\n')[0]}). Nothing is lost: propose again in a while, and tell the platform team if it goes on`,
          };
        if (!pushed) return { status: 422, problem: 'nothing has changed since the last proposal' };
        // Undo would take back a value the proposal holds, unsaid: it starts afresh.
        content.forgetLastSaves();
        return pushed;
      });
      if ('problem' in proposed)
        return send(response, proposed.status, { problem: proposed.problem });
      log.append(person, {
        action: 'propose',
        change: workspace.id,
        branch: workspace.branch,
        commit: proposed.commit,
        files: proposed.files,
      });
      return send(response, 200, { branch: workspace.branch, commit: proposed.commit });
    }
    return openedFor(person, workspace).api(request, response, route);
  };

  const recordsLog = complianceLog();
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', origin);
    const person = personOf(request, settings.proxySecret, origin, settings.group);
    if ('status' in person) return send(response, person.status, person.why, 'text/plain');
    // The financial promotions log, for the compliance group alone (records/compliance-log.ts).
    if (pathname === '/records' || pathname.startsWith('/records/'))
      return void recordsLog(request, response, person);
    if (view.serve(request.method, pathname, response)) return;
    if (pathname.startsWith('/api/'))
      return void serviceApi(request, response, pathname, person).catch((error: unknown) =>
        send(response, 500, { error: `the editing service failed: ${String(error)}` }),
      );
    send(response, 404, 'not found', 'text/plain');
  });
  // A socket left by a service that stopped without removing it would keep this one from listening.
  if (existsSync(settings.socket)) rmSync(settings.socket);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.socket, resolve);
  });
  // Only the service's user and group (the web server's user is in it) may open the socket.
  chmodSync(settings.socket, 0o660);
  return {
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const settings = settingsFromEnvironment();
  const service = await startService(settings);
  console.log(`The editing service listens on ${settings.socket}, for ${settings.origin}.`);
  // systemd stops it with SIGTERM: the socket is closed, and the requests in flight end first.
  process.once('SIGTERM', () => void service.stop().then(() => process.exit(0)));
}
