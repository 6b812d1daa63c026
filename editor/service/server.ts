/**
 * `npm run edit:service`: the editing view as a service for many editors, on an internal server
 * behind the bank's sign-in, never on the public origin. It listens only on a Unix socket
 * (EDITOR_SOCKET) that the web server in front of it alone may open; the web server signs each
 * editor in and names them in headers (identity.ts). Each change an editor starts is a workspace of
 * its own, on its own branch (workspaces.ts); the view edits one workspace at a time, named by each
 * request, and a request naming another editor's workspace is forbidden. A change knows where it
 * stands against main as last fetched (standing.ts): behind, in conflict, proposed, merged or
 * closed. Proposing a change brings it up to date, commits it as the editor and pushes its branch;
 * a workflow opens its pull request (docs/deploying.md). Every action is recorded in the audit log
 * before it happens and after (audit-log.ts), and none happens where the log cannot be written.
 *
 * Its settings, from the environment (the systemd unit and the settings file set them:
 * docs/deploying.md): EDITOR_SOCKET, EDITOR_ORIGIN (the address editors open), EDITOR_REMOTE (the
 * repository it fetches from and pushes to), EDITOR_REPOSITORY_PAGE (that repository's page, which
 * the view links pull requests from), EDITOR_STATE (its workspaces), EDITOR_AUDIT_LOG and
 * EDITOR_AUDIT_KEY_FILE, EDITOR_PROXY_SECRET_FILE (the secret the web server sends),
 * EDITOR_COMMITTER_NAME and EDITOR_COMMITTER_EMAIL, EDITOR_SIGNING_KEY (the key it signs every
 * commit with: signing.ts), EDITOR_GROUP (the group the web server confirmed), and
 * EDITOR_MAIN_MAX_AGE (how many seconds old main as fetched may be, 60 unless set).
 * Run it from a checkout of the project: the view and its check are the checkout's code.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { complianceLog } from '../../records/compliance-log';
import { fieldName } from '../../scripts/build/read-content';
import { fieldWords } from '../../scripts/shared/field-words';
import { changesSinceCommit } from '../both-servers/changes';
import { asMarkdown, asText, changeInWords, escapeMarkdown } from '../shared/change-words';
import { contentApi, tabOf } from '../both-servers/content-api';
import {
  ContentFiles,
  versionOf,
  type FieldPath,
  type ReadFile,
} from '../both-servers/content-files';
import type { fieldDocs } from '../both-servers/field-docs';
import { formSchema } from '../both-servers/form-schema';
import {
  CHANGED_IN_ANOTHER_TAB,
  CHANGED_ON_DISK,
  type Failure,
  type Proposed,
  type Refusal,
  type Reviewers,
  type Session,
  type Standing,
  type Started,
  type TooLong,
} from '../shared/protocol';
import { readBody } from '../both-servers/read-body';
import { WORKSPACE_HEADER } from '../shared/token-header';
import { send, viewFiles } from '../both-servers/view-files';
import {
  AuditUnwritable,
  openAuditLog,
  readKey,
  UNWRITABLE_WORDS,
  type AuditEntry,
  type AuditLog,
} from './audit-log';
import { personOf, type Person } from './identity';
import { titleProblem, valueTooLong } from '../shared/limits';
import { reviewersFor } from './reviewers';
import { CommitSigner } from './signing';
import {
  carryOnto,
  changesBetween,
  conflictsOf,
  madeOf,
  valuesAt,
  valuesOf,
  type FieldConflict,
} from './standing';
import {
  GitError,
  pushFailure,
  Workspaces,
  type MainAsFetched,
  type Workspace,
} from './workspaces';

/** The service's settings, as the environment gives them. */
export type Settings = {
  socket: string;
  origin: string;
  remote: string;
  repositoryPage: string;
  state: string;
  auditLog: string;
  auditKey: Buffer;
  proxySecret: string;
  committer: { name: string; email: string };
  /** The key every commit is signed with (signing.ts). */
  signingKey: string;
  group?: string | undefined;
  mainMaxAgeSeconds: number;
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
    repositoryPage: need('EDITOR_REPOSITORY_PAGE').replace(/\/+$/, ''),
    state: need('EDITOR_STATE'),
    auditLog: need('EDITOR_AUDIT_LOG'),
    auditKey: readKey(need('EDITOR_AUDIT_KEY_FILE')),
    proxySecret: readFileSync(need('EDITOR_PROXY_SECRET_FILE'), 'utf8').trim(),
    committer: { name: need('EDITOR_COMMITTER_NAME'), email: need('EDITOR_COMMITTER_EMAIL') },
    signingKey: need('EDITOR_SIGNING_KEY'),
    group: environment.EDITOR_GROUP || undefined,
    mainMaxAgeSeconds: Number(environment.EDITOR_MAIN_MAX_AGE || 60),
  };
}

/** A change of one field, with its name in words, as the service says it everywhere. */
type WordedChange = ReturnType<typeof changeInWords>;

/**
 * The commit message of a proposal: the editor's title, then the change as it stands against main,
 * field by field, in Markdown, as the pull request's description shows it.
 */
function proposalMessage(person: Person, title: string, main: string, changes: WordedChange[]) {
  return `${title}\n\nChanged by ${escapeMarkdown(person.name)} (${escapeMarkdown(person.email)}) in the editing view. The change as it stands against main (${main.slice(0, 12)}):\n\n${changes.map(asMarkdown).join('\n')}\n`;
}

/** The address that finds a branch's pull request on the repository's page, open or closed. */
const pullRequestOf = (page: string, branch: string) =>
  `${page}/pulls?q=${encodeURIComponent(`is:pr head:${branch}`)}`;

/** What a push's failure is, in the editor's words. */
const PUSH_WORDS = {
  'out of reach':
    "the bank's repository cannot be reached just now. Nothing is lost: propose again once it answers, and tell the platform team if it goes on",
  moved:
    'its branch changed on GitHub while it was being sent. Nothing is lost: propose again, and the service takes in what changed there',
  refused:
    "GitHub's rules refused the branch. Nothing is lost, but proposing again will not help: tell the platform team (docs/deploying.md, the rules on content branches)",
  failed:
    "sending it to the bank's repository failed. Nothing is lost: propose again in a while, and tell the platform team if it goes on",
} as const;

/** Why a proposal went nowhere when its commit could not be written and signed. */
const UNSIGNED_WORDS =
  'the editing service could not write and sign its commit, so nothing was sent. Nothing is lost: tell the platform team (docs/deploying.md, the signing key), then propose again';

/**
 * Starts the service on its socket.
 * @returns A function that stops it.
 */
export async function startService(settings: Settings) {
  const origin = new URL(settings.origin);
  // The chain's head after each line, to the journal: the bank's log store keeps it.
  const log: AuditLog = openAuditLog({
    file: settings.auditLog,
    key: settings.auditKey,
    onHead: (seq, mac) => console.log(`audit-log head ${seq} ${mac}`),
  });
  const workspaces = new Workspaces(
    settings.state,
    settings.remote,
    settings.committer,
    CommitSigner.fromFile(settings.signingKey),
    settings.mainMaxAgeSeconds * 1000,
  );
  await workspaces.prepare();
  const root = process.cwd();
  const view = await viewFiles(root, 'service');
  // Help texts are the schema's, the same for every workspace: the service's own code's.
  const shared = {
    schema: formSchema(),
    docs: await keptFieldDocs(root, settings.state),
    pages: view.pages,
  };
  log.service('started', { pid: process.pid });

  /** A field's change in words, with the values of the files it is named among. */
  const worded = (
    change: { field: FieldPath; before: unknown; after: unknown },
    values: Record<string, unknown>,
  ) => changeInWords({ ...change, words: fieldWords(change.field, shared.schema, values) });

  /**
   * How the log records changed fields: exact values, and the change in words (worded here, unless
   * it is already: a proposal's changes are, for its message).
   */
  const loggedFields = (
    changes: ({ field: FieldPath; before: unknown; after: unknown } | WordedChange)[],
    values: Record<string, unknown>,
  ) =>
    changes.map((change) => {
      const words = 'parts' in change ? change : worded(change, values);
      return {
        field: fieldName(change.field),
        words: words.words,
        before: change.before,
        after: change.after,
        inWords: asText(words),
      };
    });

  /**
   * Runs an action between its intent and its outcome in the log.
   * @throws AuditUnwritable where the intent cannot be written: nothing was done.
   */
  const recorded = async <T>(
    person: Person,
    entry: AuditEntry,
    act: () => Promise<T>,
    outcome: (result: T) => Record<string, unknown> & { result: string },
  ): Promise<T> => {
    const id = await log.intend(person, entry);
    let result: T;
    try {
      result = await act();
    } catch (error) {
      await log.outcome(id, person, {
        action: entry.action,
        change: entry.change,
        result: 'failed',
        error: error instanceof GitError ? error.said : String(error),
      });
      throw error;
    }
    await log.outcome(id, person, {
      action: entry.action,
      change: entry.change,
      ...outcome(result),
    });
    return result;
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
  const openedFor = (person: Person, workspace: Workspace) => {
    let entry = opened.get(workspace.id);
    if (!entry) {
      const content: ContentFiles = new ContentFiles(workspace.root, (writes, write) => {
        // The intent is written, and the files, and the outcome, in this one call: a log that
        // cannot be written throws before the files are touched.
        const values = valuesOf(content.readAll());
        const who = entry!.person;
        const action = writes[0]!.action;
        const id = log.intendNow(who, {
          action,
          change: workspace.id,
          branch: workspace.branch,
          tab: writes[0]!.tab,
          fields: writes.map((w) => ({ file: w.file, ...loggedFields([w], values)[0] })),
        });
        write();
        log.outcomeNow(id, who, { action, change: workspace.id, result: 'written' });
      });
      const api = contentApi(content, workspace.root, shared, {
        base: () => workspaces.open(entry!.person, workspace.id.split('/')[1]!)?.about.base,
        commits: false,
        tooLong: valueTooLong,
        refused: (route, status, answer) =>
          log.refused(entry!.person, {
            asked: route,
            status,
            why: refusalWords(answer),
            change: workspace.id,
          }),
        // A picture from the editor's computer, recorded with the bytes received (their length and
        // SHA-256) before it is stored, and with what was stored, or why not, after.
        storing: (bytes, store) =>
          recorded(
            entry!.person,
            {
              action: 'store picture',
              change: workspace.id,
              branch: workspace.branch,
              bytes: bytes.length,
              sha256: createHash('sha256').update(bytes).digest('hex'),
            },
            store,
            (stored) =>
              'refused' in stored
                ? { result: 'refused', why: stored.refused }
                : { result: 'stored', file: `public${stored.src}` },
          ),
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

  /**
   * Where a change stands: its review (not proposed, proposed, merged, closed) from what the
   * service pushed and what the remote holds, and against main as last fetched (up to date, behind,
   * in conflict), with each field in conflict in words and both values.
   */
  const standingOf = async (workspace: Workspace, files: ReadFile[]): Promise<Standing> => {
    const main = await workspaces.mainAsFetched();
    const { about } = workspace;
    const yours = valuesOf(files);
    const fetchedAfterPush =
      about.pushedAt !== undefined && main.fetchedAt.getTime() > Date.parse(about.pushedAt);
    let review: 'not proposed' | 'proposed' | 'merged' | 'closed' = 'not proposed';
    if (about.pushed) {
      const tip = workspaces.remoteTip(workspace.branch);
      if (await workspaces.isAncestor(workspace.root, about.pushed, main.commit)) review = 'merged';
      else if (tip === undefined && fetchedAfterPush) review = 'closed';
      else review = 'proposed';
    }
    const base = await valuesAt(workspaces, files, about.base, workspace.root);
    const onMain = await valuesAt(workspaces, files, main.commit, workspace.root);
    const kept = about.keptYours ?? {};
    const conflicts =
      review === 'merged'
        ? []
        : conflictsOf(base, onMain, yours).filter(
            ({ field, main: value }) => kept[fieldName(field)] !== JSON.stringify(value ?? null),
          );
    const behind = review !== 'merged' && changesBetween(base, onMain).length > 0;
    const unproposed =
      review === 'proposed' &&
      changesBetween(await valuesAt(workspaces, files, about.pushed!, workspace.root), yours)
        .length > 0;
    return {
      review,
      main: conflicts.length > 0 ? 'conflict' : behind ? 'behind' : 'up to date',
      unproposed,
      conflicts: conflicts.map((conflict) => ({
        ...conflict,
        words: fieldWords(conflict.field, shared.schema, yours),
      })),
      fetchedAt: main.fetchedAt.toISOString(),
      reachable: main.reachable,
      ...(review !== 'not proposed' && {
        pullRequest: pullRequestOf(settings.repositoryPage, workspace.branch),
      }),
    };
  };

  /** The fields where the editor chose to keep their value over main's, as main holds it now. */
  const keptFields = (workspace: Workspace, conflicts: FieldConflict[]) => {
    const kept = workspace.about.keptYours ?? {};
    return conflicts
      .filter(({ field, main }) => kept[fieldName(field)] === JSON.stringify(main ?? null))
      .map(({ field }) => field);
  };

  /**
   * Brings a change up to date with main as fetched, in its workspace's turn, where no field is in
   * conflict: logged as an update, before and after.
   * @param read The change's files as read in this turn already, where they were.
   * @returns Undefined once done (or where nothing was to do), or why not, in words.
   */
  const bringUpToDate = async (
    person: Person,
    workspace: Workspace,
    content: ContentFiles,
    read?: ReadFile[],
  ) => {
    const main = await workspaces.mainAsFetched();
    // Counted from main as it is: nothing of main's to take in.
    if (main.commit === workspace.about.base) return undefined;
    const files = read ?? content.readAll();
    const base = await valuesAt(workspaces, files, workspace.about.base, workspace.root);
    const onMain = await valuesAt(workspaces, files, main.commit, workspace.root);
    const theirs = changesBetween(base, onMain);
    if (theirs.length === 0) return undefined;
    const conflicts = conflictsOf(base, onMain, valuesOf(files));
    const kept = keptFields(workspace, conflicts);
    if (conflicts.length > kept.length)
      return {
        status: 409,
        problem:
          'main changed some of the same fields: choose whose value to keep for each, then propose again',
      };
    const refused = await recorded(
      person,
      {
        action: 'update',
        change: workspace.id,
        branch: workspace.branch,
        main: main.commit,
        fromMain: loggedFields(theirs, onMain),
        keptYours: kept.map((field) => fieldName(field)),
      },
      () =>
        carryOnto(workspaces, workspace, files, person, {
          from: workspace.about.base,
          onto: main.commit,
          kept,
          message: `${workspace.title}\n\nBrought up to date with main (${main.commit.slice(0, 12)}) in the editing view, on ${escapeMarkdown(person.name)}'s word.\n`,
        }),
      (result) => ({
        result: result ? 'refused' : 'brought up to date',
        ...(result && { why: refusalWords(result) }),
      }),
    );
    if (refused)
      return {
        status: 422,
        problem: `main's changes and yours together do not pass the content check (${refusalWords(refused)}): change yours, then propose again`,
      };
    await workspaces.writeAbout(workspace, {
      ...workspace.about,
      base: main.commit,
      keptYours: {},
    });
    content.forgetLastSaves();
    return undefined;
  };

  /**
   * Follows a branch that moved on the remote (someone changed it on GitHub): the remote's commit
   * is taken in, with the editor's values written over it where both changed a field.
   */
  const followRemote = async (person: Person, workspace: Workspace, content: ContentFiles) => {
    const { pushed } = workspace.about;
    const tip = workspaces.remoteTip(workspace.branch);
    if (!pushed || !tip || tip === pushed) return;
    const head = await workspaces.head(workspace.root);
    if (await workspaces.isAncestor(workspace.root, tip, head)) return;
    await recorded(
      person,
      {
        action: 'follow',
        change: workspace.id,
        branch: workspace.branch,
        from: pushed,
        remote: tip,
      },
      async () => {
        await workspaces.fetchBranch(workspace);
        const files = content.readAll();
        const lastPushed = await valuesAt(workspaces, files, pushed, workspace.root);
        const onRemote = await valuesAt(workspaces, files, tip, workspace.root);
        const yours = valuesOf(files);
        const kept = conflictsOf(lastPushed, onRemote, yours).map(({ field }) => field);
        return carryOnto(workspaces, workspace, files, person, {
          from: pushed,
          onto: tip,
          kept,
          message: `${workspace.title}\n\nThe branch as changed on GitHub, with ${escapeMarkdown(person.name)}'s values since.\n`,
        });
      },
      (result) => ({ result: result ? 'refused' : 'followed' }),
    );
    const main = await workspaces.mainAsFetched();
    const base = (await workspaces.git(workspace.root, ['merge-base', 'HEAD', main.commit])).trim();
    await workspaces.writeAbout(workspace, { ...workspace.about, pushed: tip, base });
    content.forgetLastSaves();
  };

  /**
   * Proposes a change, in its workspace's turn: checked, then, on main as fetched for it
   * (`Workspaces.proposing`), followed, brought up to date, committed and pushed.
   */
  const propose = async (
    person: Person,
    workspace: Workspace,
    content: ContentFiles,
    fetched: Promise<MainAsFetched>,
  ) => {
    const files = content.readAll();
    if (!content.passes(files))
      return { status: 422, problem: 'the content check finds problems to correct first' };
    return workspaces.proposing(fetched, (main, push) =>
      proposeOn(person, workspace, content, files, main, push),
    );
  };

  /** A proposal once main is fetched for it, with the push it goes in (`Workspaces.proposing`). */
  const proposeOn = async (
    person: Person,
    workspace: Workspace,
    content: ContentFiles,
    checked: ReadFile[],
    main: MainAsFetched,
    push: (workspace: Workspace, commit: string) => Promise<void>,
  ) => {
    if (!main.reachable) return { status: 502, problem: PUSH_WORDS['out of reach'] };
    const about = workspace.about;
    // The files as checked, unless following the remote or bringing the change up to date wrote
    // them since (each notes it in the change's file): the workspace's turn keeps every save out.
    const files = () => (workspace.about === about ? checked : content.readAll());
    await followRemote(person, workspace, content);
    const updated = await bringUpToDate(person, workspace, content, files());
    if (updated) return updated;
    const now = files();
    const yours = valuesOf(now);
    const changes = changesBetween(
      await valuesAt(workspaces, now, workspace.about.base, workspace.root),
      yours,
    ).map((change) => worded(change, yours));
    if (changes.length === 0)
      return { status: 422, problem: 'nothing to propose: the change holds what main holds' };
    // What the editor saved, written as a tree (objects of the workspace's own, which nothing
    // names yet), the pictures they chose with it (stored in the workspace,
    // both-servers/pictures.ts): the same tree as the branch's last commit, where that is the one
    // last pushed, has nothing new to propose.
    const head = await workspaces.head(workspace.root);
    const { tree, fromTree: headTree } = await workspaces.writeTree(workspace.root, head);
    if (tree === headTree && head === workspace.about.pushed)
      return { status: 422, problem: 'nothing has changed since the last proposal' };
    const message = proposalMessage(person, workspace.title, main.commit, changes);
    // The files the change holds against main, as the proposal's pull request will list them.
    const changedFiles = [
      ...new Set(changes.map(({ field }) => now.find((f) => f.name === field[0])!.file)),
    ];
    const proposed = await recorded(
      person,
      {
        action: 'propose',
        change: workspace.id,
        branch: workspace.branch,
        main: main.commit,
        fields: loggedFields(changes, yours),
      },
      async () => {
        // A commit even where the tree is the branch's (a change brought up to date, or sent
        // before without success): its message states the change as it now stands.
        let commit: string;
        try {
          commit = await workspaces.commit(workspace.root, person, message, [head], tree);
        } catch (error) {
          // Unsigned, nothing is sent: the approvers check would refuse it, and rightly.
          return { status: 500, problem: UNSIGNED_WORDS, git: String(error), commit: undefined };
        }
        madeOf(commit, yours);
        // Made after main as fetched, it is in no history of that commit.
        workspaces.notAncestor(commit, main.commit);
        try {
          await push(workspace, commit);
        } catch (error) {
          if (!(error instanceof GitError)) throw error;
          return {
            status: 502,
            problem: PUSH_WORDS[pushFailure(error.said)],
            git: error.said,
            commit,
          };
        }
        return { commit, files: changedFiles };
      },
      (result) =>
        'problem' in result
          ? { result: 'not pushed', commit: result.commit, why: result.problem, git: result.git }
          : { result: 'pushed', commit: result.commit, files: result.files },
    );
    if ('problem' in proposed) return proposed;
    await workspaces.writeAbout(workspace, {
      ...workspace.about,
      pushed: proposed.commit,
      pushedAt: new Date().toISOString(),
    });
    // Undo would take back a value the proposal holds, unsaid: it starts afresh.
    content.forgetLastSaves();
    return proposed;
  };

  const serviceApi = async (
    request: IncomingMessage,
    response: ServerResponse,
    route: string,
    person: Person,
  ) => {
    /** Answers a request that changes nothing, refused or forbidden (403), and logs it. */
    const refuse = (status: number, why: string, more: Record<string, unknown> = {}) => {
      log.refused(person, { asked: route, status, why, ...more });
      return send(response, status, { error: why, problem: why, ...more } satisfies Failure);
    };
    if (route === '/api/session') {
      // Asked with a POST, on the editor's word: main as it is now, not as last fetched.
      if (request.method === 'POST') await workspaces.fetchNow();
      const list = workspaces.list(person);
      const changes = await Promise.all(
        list.map(async (workspace) => ({
          id: workspace.id,
          title: workspace.title,
          branch: workspace.branch,
          standing: await standingOf(workspace, new ContentFiles(workspace.root).readAll()),
        })),
      );
      const main = await workspaces.mainAsFetched();
      return send(response, 200, {
        person: { user: person.user, name: person.name, email: person.email },
        fetchedAt: main.fetchedAt.toISOString(),
        reachable: main.reachable,
        changes,
      } satisfies Session);
    }
    if (route === '/api/start' && request.method === 'POST') {
      const body = await readBody(request);
      if ('status' in body)
        return refuse(body.status, body.status === 413 ? 'too large' : 'not JSON');
      const title = (body.value as { title?: unknown } | null)?.title;
      const problem =
        typeof title === 'string'
          ? titleProblem(title)
          : 'say in a few words what the change is for';
      if (problem) return refuse(422, problem);
      const topic = workspaces.nextTopic(person, title as string);
      const main = await workspaces.mainAsFetched();
      const workspace = await recorded(
        person,
        {
          action: 'start',
          change: `${person.user}/${topic}`,
          branch: `content/${person.user}/${topic}`,
          title: (title as string).trim(),
          main: main.commit,
        },
        () => workspaces.start(person, title as string, topic, main.commit),
        () => ({ result: 'started' }),
      );
      return send(response, 200, { id: workspace.id, branch: workspace.branch } satisfies Started);
    }
    const workspace = workspaceOf(request, person);
    if ('status' in workspace) return refuse(workspace.status, workspace.why);
    // A proposal's fetch of main starts as its request comes in, before its body is read and its
    // content checked: 20 proposals asked for at once were each read and checked first, one after
    // another, and their fetch waited for the first of them (docs/performance.md).
    const fetchedForProposal =
      route === '/api/propose' && request.method === 'POST'
        ? workspaces.fetchForProposal()
        : undefined;
    // The reviewers the change will need, from the files it changes and the workspace's CODEOWNERS:
    // the view says so before the editor proposes it.
    if (route === '/api/reviewers' && request.method === 'GET') {
      const files = new ContentFiles(workspace.root).readAll();
      const changed = new Set(
        changesSinceCommit(files, workspace.root, workspace.about.base).map(
          ({ field }) => field[0],
        ),
      );
      const owners = path.join(workspace.root, '.github', 'CODEOWNERS');
      const codeowners = existsSync(owners) ? readFileSync(owners, 'utf8') : '';
      const paths = files.filter(({ name }) => changed.has(name)).map(({ file }) => file);
      return send(response, 200, {
        reviewers: reviewersFor(codeowners, paths),
      } satisfies Reviewers);
    }
    if (route === '/api/standing') {
      const { content } = openedFor(person, workspace);
      // Asked with a POST, on the editor's word: main as it is now, not as last fetched.
      if (request.method === 'POST') await workspaces.fetchNow();
      return send(response, 200, await standingOf(workspace, content.readAll()));
    }
    if (route === '/api/abandon' && request.method === 'POST') {
      await recorded(
        person,
        { action: 'abandon', change: workspace.id, branch: workspace.branch },
        () => workspaces.abandon(workspace),
        () => ({ result: 'abandoned' }),
      );
      opened.delete(workspace.id);
      return send(response, 200, { abandoned: workspace.id });
    }
    if (request.method !== 'POST' || !['/api/propose', '/api/update', '/api/keep'].includes(route))
      return openedFor(person, workspace).api(request, response, route);

    const body = await readBody(request);
    if ('status' in body)
      return refuse(body.status, body.status === 413 ? 'too large' : 'not JSON');
    const { content } = openedFor(person, workspace);
    /**
     * Keeps one value of a field in conflict: main's is saved over the editor's (a write of its
     * own, in the workspace's turn); the editor's is noted as kept, until main changes the field
     * again. With none left, the change is brought up to date at once, on the editor's word.
     */
    const keepValue = async () => {
      const { field, keep } = (body.value ?? {}) as { field?: unknown; keep?: unknown };
      const files = content.readAll();
      const main = await workspaces.mainAsFetched();
      const base = await valuesAt(workspaces, files, workspace.about.base, workspace.root);
      const onMain = await valuesAt(workspaces, files, main.commit, workspace.root);
      const conflict = conflictsOf(base, onMain, valuesOf(files)).find((c) =>
        isDeepStrictEqual(c.field, field),
      );
      if (!conflict || (keep !== 'yours' && keep !== 'main'))
        return {
          status: 409,
          problem: 'that field is no longer in conflict with main: compare with main again',
        };
      if (keep === 'main') {
        const file = files.find((f) => f.name === conflict.field[0])!;
        const kept = await content.save(
          conflict.field,
          conflict.main,
          versionOf(file.source),
          tabOf(request) ?? 'the editing service',
          'keep main',
        );
        if ('refused' in kept)
          return {
            status: 422,
            problem: `main's value does not pass the content check with your other changes (${refusalWords(kept)})`,
          };
      } else
        await recorded(
          person,
          {
            action: 'keep yours',
            change: workspace.id,
            branch: workspace.branch,
            fields: loggedFields(
              [{ field: conflict.field, before: conflict.main, after: conflict.yours }],
              onMain,
            ),
          },
          () =>
            workspaces.writeAbout(workspace, {
              ...workspace.about,
              keptYours: {
                ...workspace.about.keptYours,
                [fieldName(conflict.field)]: JSON.stringify(conflict.main ?? null),
              },
            }),
          () => ({ result: 'kept' }),
        );
      return content.inTurn(() => {
        const left = conflictsOf(base, onMain, valuesOf(content.readAll()));
        if (left.length > keptFields(workspace, left).length) return undefined;
        return bringUpToDate(person, workspace, content);
      });
    };
    const done =
      route === '/api/keep'
        ? await keepValue()
        : await content.inTurn(() =>
            route === '/api/propose'
              ? propose(person, workspace, content, fetchedForProposal!)
              : bringUpToDate(person, workspace, content),
          );
    if (done && 'status' in done && 'problem' in done)
      return refuse(done.status, done.problem as string);
    if (route === '/api/propose' && done && 'commit' in done)
      return send(response, 200, {
        branch: workspace.branch,
        commit: done.commit,
        pullRequest: pullRequestOf(settings.repositoryPage, workspace.branch),
      } satisfies Proposed);
    return send(response, 200, await standingOf(workspace, content.readAll()));
  };

  /**
   * A picture an editor chose from their computer, for the page beside the form, which asks for it
   * by its address as the content names it: from the editor's own changes alone, where the site
   * has no such file. Its name is made of its bytes (both-servers/pictures.ts), so one found under
   * that name in any of their changes is the one named.
   */
  const servePictureOfChange = (
    method: string | undefined,
    pathname: string,
    person: Person,
    response: ServerResponse,
  ) => {
    const name = /^\/images\/(photo-[0-9a-f]{16}\.(jpg|png))$/.exec(pathname);
    if (method !== 'GET' || !name) return false;
    const file = workspaces
      .list(person)
      .map((workspace) => path.join(workspace.root, 'public', 'images', name[1]!))
      .find((candidate) => existsSync(candidate));
    if (!file) return false;
    response.writeHead(200, {
      'content-type': name[2] === 'png' ? 'image/png' : 'image/jpeg',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    response.end(readFileSync(file));
    return true;
  };

  /**
   * The financial promotions log, loaded on its first request: its code draws pages with the
   * browser's library, whose loading cost every start of the service seconds on a busy machine,
   * before any editor could open a change.
   */
  let recordsLog: Promise<ReturnType<typeof complianceLog>> | undefined;
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', origin);
    // The financial promotions log is for the compliance team and a pull request's pictures for its
    // approvers too, editors or not: the proxy's secret and a person are asked of them, the editors'
    // group is not, and the log checks its own groups (records/compliance-log.ts).
    const records = pathname === '/records' || pathname.startsWith('/records/');
    const person = personOf(
      request,
      settings.proxySecret,
      origin,
      records ? undefined : settings.group,
    );
    if ('status' in person) {
      const named = request.headers['x-editor-user'];
      log.refused(undefined, {
        asked: `${request.method} ${pathname}`,
        status: person.status,
        why: person.why,
        ...(typeof named === 'string' && { named }),
      });
      return send(response, person.status, person.why, 'text/plain');
    }
    // The financial promotions log, for the compliance group alone (records/compliance-log.ts).
    if (records) {
      recordsLog ??= import('../../records/compliance-log').then((log) => log.complianceLog());
      return void recordsLog
        .then((log) => log(request, response, person))
        .catch((error: unknown) => {
          console.error(error);
          send(
            response,
            500,
            'the financial promotions log failed: tell the platform team the time',
            'text/plain',
          );
        });
    }
    if (view.serve(request.method, pathname, response)) return;
    if (servePictureOfChange(request.method, pathname, person, response)) return;
    if (pathname.startsWith('/api/'))
      return void serviceApi(request, response, pathname, person).catch((error: unknown) => {
        if (error instanceof AuditUnwritable)
          return send(response, 503, {
            error: UNWRITABLE_WORDS,
            problem: UNWRITABLE_WORDS,
          } satisfies Failure);
        console.error(error);
        send(response, 500, {
          error:
            'the editing service failed; nothing more was done. Tell the platform team the time',
        } satisfies Failure);
      });
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
    stop: () =>
      new Promise<void>((resolve) => {
        try {
          log.service('stopping');
        } catch {
          // A stop is not refused for want of a log: the journal says it stopped.
        }
        server.close(() => resolve());
      }),
  };
}

/**
 * Each field's help (both-servers/field-docs.ts), kept in the state folder with a fingerprint of
 * what it is read from: the checkout's content/ (whose schema the help is written in, and which
 * imports nothing else), the code that reads it and TypeScript's version. Reading it asks
 * TypeScript's language service, seconds of a busy machine at each start; a restart over the same
 * checkout reads the file instead.
 */
async function keptFieldDocs(root: string, state: string): Promise<ReturnType<typeof fieldDocs>> {
  const fingerprint = createHash('sha256');
  const content = path.join(root, 'content');
  const sources = readdirSync(content, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(content, name))
    .concat(
      path.join(root, 'editor', 'both-servers', 'field-docs.ts'),
      path.join(root, 'node_modules', 'typescript', 'package.json'),
    )
    .filter((file) => statSync(file).isFile())
    .sort();
  for (const file of sources)
    fingerprint
      .update(`${path.relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  const key = fingerprint.digest('hex');
  const kept = path.join(state, 'field-docs.json');
  try {
    const read = JSON.parse(readFileSync(kept, 'utf8')) as {
      key: string;
      docs: ReturnType<typeof fieldDocs>;
    };
    if (read.key === key) return read.docs;
  } catch {
    // None kept yet, or not whole: read afresh below.
  }
  const { fieldDocs: read } = await import('../both-servers/field-docs');
  const docs = read(new ContentFiles(root).readAll());
  writeFileSync(`${kept}.tmp`, JSON.stringify({ key, docs }));
  renameSync(`${kept}.tmp`, kept);
  return docs;
}

/** A write's refusal in a few words, for the log: the check's messages, or what changed. */
function refusalWords(answer: unknown): string {
  const refusal = answer as Refusal | TooLong | Failure;
  if (!('refused' in refusal)) return refusal.problem ?? refusal.error ?? 'refused';
  if (refusal.refused === 'check')
    return `the check: ${refusal.problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`;
  if (refusal.refused === CHANGED_IN_ANOTHER_TAB || refusal.refused === CHANGED_ON_DISK)
    return `${refusal.file} ${refusal.refused}`;
  return 'problem' in refusal ? refusal.problem : refusal.refused;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const settings = settingsFromEnvironment();
  const service = await startService(settings);
  console.log(`The editing service listens on ${settings.socket}, for ${settings.origin}.`);
  // systemd stops it with SIGTERM: the socket is closed, and the requests in flight end first.
  process.once('SIGTERM', () => void service.stop().then(() => process.exit(0)));
}
