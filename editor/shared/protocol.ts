/**
 * The editing view's requests and answers, as its two servers send them (npm run edit's,
 * local/server.ts over both-servers/content-api.ts; the editing service's, service/server.ts) and
 * the view reads them (browser/client.ts): one module, so that an answer or a refusal's words
 * changed on one side are named by the compiler on the other. It holds types and words alone, as
 * the browser imports it too.
 *
 * Its words are those of docs/developing.md: a write that the check or a conflict stops is
 * _refused_, and its answer names why (`refused`); a request that a gate stops
 * (local/request-gate.ts, service/identity.ts) is _forbidden_, and is answered in plain text, never
 * in these answers.
 */
import type { Problem } from '../../scripts/build/read-content';
import type { SchemaNode } from '../../scripts/shared/field-words';

export type { Problem };

/** A field's path: the file's export name, then each key or index, as the check's findings have it. */
export type FieldPath = (string | number)[];

/** Who changed a file since a tab read it, as a conflict names it. */
export const CHANGED_IN_ANOTHER_TAB = 'changed in another tab';
export const CHANGED_ON_DISK = 'changed on disk';

/**
 * A write refused because its file is no longer the version the view read: who changed it (a save
 * of another tab of this editor, or anything else), and both values of the field, for the editor
 * to keep either. `theirs` is absent where the file holds no value there (or cannot be read).
 */
export type Conflict = {
  refused: typeof CHANGED_IN_ANOTHER_TAB | typeof CHANGED_ON_DISK;
  file: string;
  field: string;
  theirs?: unknown;
  yours: unknown;
};

/** Why a write was refused: the check's findings, a conflict, or a field no file holds. */
export type Refusal =
  | { refused: 'check'; problems: Problem[] }
  | Conflict
  | { refused: 'unknown field'; field: string };

/** A value refused by the editing service's own limit before it is checked (service/limits.ts). */
export type TooLong = { refused: 'too long'; problem: string };

/**
 * Any other answer that is not what was asked: a request the server cannot read, or a failure of its
 * own (`error`, for a developer), or a refusal in words an editor can act on (`problem`).
 */
export type Failure = { error?: string; problem?: string };

/** Everything the form is generated from, as GET /api/content answers. */
export type ContentModel = {
  schema: SchemaNode;
  /** The site's pages and route handlers, each with the content files it draws from. */
  pages: SitePage[];
  files: { file: string; name: string; version: string; value: unknown }[];
  /** Each field's help for editors, and what only a developer needs, by the field's path with `[]` for every index. */
  docs: Record<string, { help: string; details?: string }>;
  choices: { pages: { route: string; name: string }[]; images: string[]; timeZones: string[] };
  problems: Problem[];
  /** What the check warns of without refusing it, each with its fix where one click makes it. */
  warnings: Problem[];
  canUndo: boolean;
};

/** GET /api/versions: each file's version on disk, and the files another tab saved last. */
export type Versions = { versions: Record<string, string>; byAnotherTab: string[] };

/** A field changed since the last commit, in words. */
export type Change = { field: FieldPath; words: string; before: unknown; after: unknown };

/** GET /api/changes: the fields changed since the last commit, and the branch checked out. */
export type Changes = { repository: boolean; branch: string | null; changes: Change[] };

/** POST /api/check: what the check says of a value, without saving it. */
export type Checked = { problems: Problem[]; warnings: Problem[] };

/** POST /api/save of one value, or /api/discard: the file's new version, and what the check says. */
export type Saved = { version: string; problems: Problem[]; warnings: Problem[] };

/** POST /api/save of several values as one: each file's new version by export name. */
export type SavedTogether = {
  versions: Record<string, string>;
  problems: Problem[];
  warnings: Problem[];
};

/** POST /api/undo: the file and the field (in words) of the save undone, or nulls for none. */
export type Undone = { undone: string | null; field: string | null };

/** POST /api/commit (npm run edit alone): the new branch. */
export type Committed = { branch: string };

/** A field changed on main and in the change, to different values (service/standing.ts). */
export type FieldConflict = {
  field: FieldPath;
  words: string;
  was: unknown;
  main: unknown;
  yours: unknown;
};

/** In the editing service: when main was fetched, and whether the bank's repository answered then. */
export type MainFetched = { fetchedAt: string; reachable: boolean };

/** In the editing service, GET /api/standing: where a change stands, against main as fetched. */
export type Standing = MainFetched & {
  review: 'not proposed' | 'proposed' | 'merged' | 'closed';
  main: 'up to date' | 'behind' | 'conflict';
  /** Whether saves were made since the last proposal. */
  unproposed: boolean;
  conflicts: FieldConflict[];
  /** The page that finds the change's pull request, once proposed. */
  pullRequest?: string;
};

/** In the editing service, GET /api/session: who is signed in, and their changes, against main as fetched. */
export type Session = MainFetched & {
  person: { user: string; name: string; email: string };
  changes: { id: string; title: string; branch: string; standing: Standing }[];
};

/** In the editing service, POST /api/start: the change started. */
export type Started = { id: string; branch: string };

/** In the editing service, POST /api/propose: the branch pushed, its commit, and its pull request's page. */
export type Proposed = { branch: string; commit: string; pullRequest: string };

/** In the editing service, GET /api/reviewers: who must approve the open change. */
export type Reviewers = { reviewers: string[] };

/**
 * A page of the site as the servers bundle it for the page beside the form
 * (both-servers/site-bundle.ts).
 */
export type SitePage = {
  route: string;
  /** The content files the page imports, by export name, as esbuild found them. */
  contentFiles: string[];
  /** Whether it is a route handler (security.txt), whose answer is text rather than a page. */
  handler: boolean;
};

/**
 * A picture stored: its address as a content file writes it, and its size; or why it was refused.
 */
export type PictureStored = { src: string; width: number; height: number } | { refused: string };
