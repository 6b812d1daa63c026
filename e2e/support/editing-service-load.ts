/**
 * Many editors saving at once in the editing service (issue #40), straight on its Unix socket with
 * the headers the web server would set: the suite's short run (e2e/editor/service-load.spec.ts) and
 * the benchmark's minute (tools/editing-service-load.ts). Each editor starts a change of their own,
 * then saves one plain text field after another in it, each with the version of its file that the
 * save before returned, and a value naming the editor and a counter ("Heading 17 by editor-04"),
 * until a number of saves or a time is reached. Then the editors' workspaces and the audit log are
 * read back and held against what the editors sent, and nothing else: every save accepted, none
 * lost, none written into another editor's workspace.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import type { startService } from './editing-service';

/** The parts of the running service that the load needs. */
type Service = Pick<
  Awaited<ReturnType<typeof startService>>,
  'socket' | 'proxySecret' | 'auditLog' | 'workspace'
>;

/**
 * The fields the editors save, in turn: plain texts in three files, two of them in one file, so
 * that a save follows another of the same file with the version that one returned.
 */
const FIELDS = [
  { field: ['notFound', 'heading'], label: 'Heading' },
  { field: ['notFound', 'message'], label: 'Message' },
  { field: ['errorPage', 'heading'], label: 'Error heading' },
  { field: ['legal', 'heading'], label: 'Legal heading' },
] as const;

/**
 * How long one request may take before it counts as failed. Far above any save seen, it keeps a
 * service that stopped answering from holding the run past its bound.
 */
const REQUEST_TIMEOUT_MS = 30_000;

/** How a save ended: its status, or `error` where no answer came. */
type Outcome = number | 'error';

/** One save the service accepted, as the editor sent it. */
type Accepted = { field: string; value: string; before: string | undefined };

/**
 * One editor's run: who, their change, the saves accepted, in the order sent, and how many saves
 * were sent, whose count the next save's value carries on from.
 */
type EditorRun = { user: string; change: string; accepted: Accepted[]; sent: number };

/** What a load measured, and what its checks found. */
export type LoadResult = {
  editors: number;
  /** From the first save sent to the last answered. */
  seconds: number;
  accepted: number;
  /** Saves not accepted, by status (or `error`). */
  refused: Record<string, number>;
  /** Each save's time from sending to its answer, in ms, in no order. */
  latencies: number[];
  /** Each check, with what it found wrong: nothing, where it passed. */
  checks: { check: string; failures: string[] }[];
  /**
   * Where asked for, after the saves: proposals' and lists' times in ms, of one editor alone (a
   * few, one after another) and of every editor at once, in one run.
   */
  proposals?: { alone: number[]; together: number[]; refused: string[] };
  lists?: { alone: number[]; together: number[] };
};

/** How many times one editor proposes, and lists, alone: the median is the one figure. */
const ALONE_TIMES = 3;

/** The editor of a number, as the sign-in names them: editor-01 … editor-20. */
const userOf = (index: number, editors: number) =>
  `editor-${String(index + 1).padStart(Math.max(2, String(editors).length), '0')}`;

/** Every save value's mark, "17 by editor-04", which no two saves share. */
const MARK = /\b\d+ by editor-\d+\b/g;

/**
 * Sends one request to the service's socket as the web server would, for one editor.
 * @returns The status and the JSON answered, or `error` where none came in time.
 */
function ask(
  service: Service,
  agent: Agent,
  host: string,
  origin: string,
  person: Record<string, string>,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<{ status: Outcome; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {
    host,
    ...person,
    'x-editor-proxy-secret': service.proxySecret,
    ...(method === 'POST' && { origin, 'content-type': 'application/json' }),
  };
  return new Promise((resolve) => {
    const request = httpRequest(
      { socketPath: service.socket, agent, method, path: route, headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // A refusal in words (401, 403) is not JSON: its status says enough.
          }
          resolve({ status: response.statusCode!, body: parsed });
        });
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.on('error', () => resolve({ status: 'error', body: {} }));
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Every content file of a workspace, by its path inside the workspace. */
function contentFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const name = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(name);
      else files.set(name, readFileSync(path.join(root, name), 'utf8'));
    }
  };
  walk('content');
  return files;
}

/**
 * Runs the editors against the service, then checks what they left.
 * @param origin The service's EDITOR_ORIGIN: each request's Host and each write's Origin.
 * @param options.seconds How long the editors keep saving; a save sent before the end is answered.
 * @param options.savesEach At most this many saves an editor, where a count bounds the run.
 */
export async function loadEditingService(
  service: Service,
  origin: string,
  options: { editors: number; seconds: number; savesEach?: number; propose?: boolean },
): Promise<LoadResult> {
  const { host } = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: options.editors });
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  const users = Array.from({ length: options.editors }, (_, index) =>
    userOf(index, options.editors),
  );
  try {
    // Every change is started and read before the first save, so that the saves alone are timed.
    const starts = await Promise.all(
      users.map(async (user) => {
        const person = {
          'x-editor-user': user,
          'x-editor-email': `${user}@example.com`,
          'x-editor-name': `Editor ${user.slice('editor-'.length)}`,
          'x-editor-groups': 'site-editors',
        };
        const send = (method: 'GET' | 'POST', route: string, body?: unknown, more = {}) =>
          ask(service, agent, host, origin, { ...person, ...more }, method, route, body);
        const started = await send('POST', '/api/start', { title: `Load by ${user}` });
        if (started.status !== 200)
          throw new Error(`${user} could not start a change: ${started.status}`);
        const change = String(started.body.id);
        const inChange = { 'x-editor-workspace': change, 'x-editor-tab': `load-${user}` };
        /** Each file's version, by its export's name, as the service last gave it. */
        const versions = new Map<string, string>();
        // The versions alone, which cost the service less than the whole form (/api/content).
        const readVersions = async () => {
          const answer = await send('GET', '/api/versions', undefined, inChange);
          for (const [name, version] of Object.entries(answer.body.versions ?? {}))
            versions.set(name, String(version));
        };
        await readVersions();
        return { user, change, send, inChange, versions, readVersions };
      }),
    );

    const began = performance.now();
    const deadline = began + options.seconds * 1000;
    const runs = await Promise.all(
      starts.map(async (editor, index): Promise<EditorRun> => {
        const { user, change, send, inChange, versions, readVersions } = editor;
        const accepted: Accepted[] = [];
        const last = new Map<string, string>();
        let n = 1;
        for (; n <= (options.savesEach ?? Infinity); n += 1) {
          if (performance.now() >= deadline) break;
          // Editors start at different fields, so that each file is saved by some at every moment.
          const { field, label } = FIELDS[(index + n) % FIELDS.length]!;
          const name = field.join('.');
          const value = `${label} ${n} by ${user}`;
          const sent = performance.now();
          const saved = await send(
            'POST',
            '/api/save',
            { field, value, version: versions.get(field[0]) },
            inChange,
          );
          latencies.push(performance.now() - sent);
          if (saved.status === 200) {
            versions.set(field[0], String(saved.body.version));
            accepted.push({ field: name, value, before: last.get(name) });
            last.set(name, value);
          } else {
            refused[saved.status] = (refused[saved.status] ?? 0) + 1;
            // The file may have moved on without this editor: its next save starts from what is.
            await readVersions();
          }
        }
        return { user, change, accepted, sent: n - 1 };
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const proposing = options.propose ? await proposeAndList(starts, runs) : undefined;
    return {
      editors: options.editors,
      seconds,
      accepted: runs.reduce((sum, run) => sum + run.accepted.length, 0),
      refused,
      latencies,
      checks: check(service, runs, refused),
      ...proposing,
    };
  } finally {
    agent.destroy();
  }
}

/**
 * Proposals and lists, timed: one editor proposes alone ALONE_TIMES times, a save before each, then
 * every editor saves once more and all propose at once; one editor lists their changes alone
 * ALONE_TIMES times, then every editor lists theirs at once. Each save is added to its editor's
 * run, for the checks.
 */
async function proposeAndList(
  editors: {
    user: string;
    send: (
      method: 'GET' | 'POST',
      route: string,
      body?: unknown,
      more?: object,
    ) => Promise<{
      status: Outcome;
      body: Record<string, unknown>;
    }>;
    inChange: Record<string, string>;
    versions: Map<string, string>;
    readVersions: () => Promise<void>;
  }[],
  runs: EditorRun[],
) {
  const refused: string[] = [];
  // Each value carries on its editor's count, so that it bears a mark no other save has.
  const saveOnce = async (index: number) => {
    const { user, send, inChange, versions, readVersions } = editors[index]!;
    await readVersions();
    const { field, label } = FIELDS[0];
    const run = runs[index]!;
    run.sent += 1;
    const value = `${label} ${run.sent} by ${user}`;
    const before = run.accepted.findLast((a) => a.field === field.join('.'))?.value;
    const saved = await send(
      'POST',
      '/api/save',
      { field, value, version: versions.get(field[0]) },
      inChange,
    );
    if (saved.status === 200) run.accepted.push({ field: field.join('.'), value, before });
    else refused.push(`${user}'s save before proposing: ${saved.status}`);
  };
  const proposeTimed = async (index: number) => {
    const { user, send, inChange } = editors[index]!;
    const sent = performance.now();
    const answer = await send('POST', '/api/propose', {}, inChange);
    if (answer.status !== 200)
      refused.push(`${user}'s proposal: ${answer.status} ${String(answer.body.problem ?? '')}`);
    return performance.now() - sent;
  };
  const listTimed = async (index: number) => {
    const sent = performance.now();
    const answer = await editors[index]!.send('GET', '/api/session');
    if (answer.status !== 200) refused.push(`${editors[index]!.user}'s list: ${answer.status}`);
    return performance.now() - sent;
  };
  const alone: number[] = [];
  for (let n = 1; n <= ALONE_TIMES; n += 1) {
    await saveOnce(0);
    alone.push(await proposeTimed(0));
  }
  await Promise.all(editors.map((_, index) => saveOnce(index)));
  const together = await Promise.all(editors.map((_, index) => proposeTimed(index)));
  const listsAlone: number[] = [];
  for (let n = 1; n <= ALONE_TIMES; n += 1) listsAlone.push(await listTimed(0));
  const listsTogether = await Promise.all(editors.map((_, index) => listTimed(index)));
  return {
    proposals: { alone, together, refused },
    lists: { alone: listsAlone, together: listsTogether },
  };
}

/** The checks, each from what the editors sent: the service's own code computes none of it. */
function check(service: Service, runs: EditorRun[], refused: Record<string, number>) {
  const notAccepted = Object.entries(refused).map(([status, count]) => `${count} × ${status}`);

  const lost: string[] = [];
  const crossWritten: string[] = [];
  for (const { user, change, accepted } of runs) {
    const root = service.workspace(...(change.split('/') as [string, string]));
    const files = contentFiles(root);
    // What the workspace must hold: each field's last accepted value, and no other saved value.
    const lastValues = new Map(accepted.map(({ field, value }) => [field, value]));
    const expected = new Set([...lastValues.values()].map((value) => value.match(MARK)![0]));
    const found = new Set<string>();
    for (const [file, text] of files) {
      for (const [mark] of text.matchAll(MARK)) found.add(mark);
      for (const [name] of text.matchAll(/\beditor-\d+\b/g))
        if (name !== user) crossWritten.push(`${change}'s ${file} names ${name}`);
    }
    // The values are plain words, which Prettier writes on the field's own line in single quotes.
    for (const [field, value] of lastValues)
      if (
        ![...files.values()].some((text) => text.includes(`${field.split('.').at(-1)}: '${value}'`))
      )
        lost.push(`${change}: ${field} is not “${value}”, its last accepted value`);
    for (const mark of found)
      if (!expected.has(mark) && mark.endsWith(` by ${user}`))
        lost.push(`${change} holds “${mark}”, which a later save replaced`);
  }

  // The audit log: every accepted save once, by its editor, in its change, from the value before.
  // Each save is an intent, written before the file, and an outcome once it is written.
  const lines = readFileSync(service.auditLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          kind: string;
          id?: string;
          action?: string;
          result?: string;
          who: { user: string } | null;
          change: string;
          fields?: { field: string; before?: unknown; after?: unknown }[];
        },
    );
  const written = new Set(
    lines.filter((line) => line.kind === 'outcome' && line.result === 'written').map((l) => l.id),
  );
  const entries = lines
    .filter((line) => line.kind === 'intent' && written.has(line.id))
    .flatMap((line) =>
      (line.fields ?? []).map((field) => ({
        action: line.action,
        who: line.who!,
        change: line.change,
        ...field,
      })),
    );
  const saves = entries.filter((entry) => entry.action === 'save');
  const logged: string[] = [];
  for (const { user, change, accepted } of runs) {
    for (const { field, value, before } of accepted) {
      const found = saves.filter((entry) => entry.after === value);
      if (found.length !== 1) {
        logged.push(`“${value}” is in the audit log ${found.length} times`);
        continue;
      }
      const [entry] = found as [(typeof saves)[number]];
      if (entry.who.user !== user || entry.change !== change || entry.field !== field)
        logged.push(
          `“${value}” is logged as ${entry.who.user}'s, in ${entry.change}, of ${entry.field}`,
        );
      else if (before !== undefined && entry.before !== before)
        logged.push(`“${value}” is logged as replacing “${String(entry.before)}”, not “${before}”`);
    }
  }
  const acceptedCount = runs.reduce((sum, run) => sum + run.accepted.length, 0);
  if (saves.length !== acceptedCount)
    logged.push(`the audit log holds ${saves.length} saves for ${acceptedCount} accepted`);

  return [
    { check: 'every save accepted', failures: notAccepted },
    { check: 'no save lost from its workspace', failures: lost },
    { check: 'every accepted save in the audit log once, as sent', failures: logged },
    { check: 'no file written into another editor’s workspace', failures: crossWritten },
  ];
}

/** The median and the 95th percentile of some values (nearest rank), rounded to the ms. */
export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { median: Math.round(rank(50)), p95: Math.round(rank(95)) };
}
