/**
 * The view's client of its server: one function a request, each typed with the answer the servers
 * send for it (editor/shared/protocol.ts), so that the view reads a refusal by the protocol's
 * words, which the compiler matches with the servers', rather than by statuses and strings of its
 * own. A write answers what it did, why it was refused (the check, a conflict, a limit), or how it
 * failed.
 */
import {
  CHANGED_IN_ANOTHER_TAB,
  CHANGED_ON_DISK,
  type Changes,
  type Checked,
  type Committed,
  type Conflict,
  type ContentModel,
  type Failure,
  type FieldPath,
  type Proposed,
  type Refusal,
  type Reviewers,
  type Saved,
  type SavedTogether,
  type Session,
  type Standing,
  type Started,
  type TooLong,
  type Undone,
  type Versions,
} from '../shared/protocol';
import { call } from './api';

/** What a write came to: done, refused (in the protocol's words), or failed. */
export type Written<T> =
  { done: T } | { refused: Refusal | TooLong } | { failed: Failure; status: number };

/** Every refusal's word, as the protocol has them: the compiler names one left out. */
const REFUSED: Record<(Refusal | TooLong)['refused'], true> = {
  check: true,
  [CHANGED_IN_ANOTHER_TAB]: true,
  [CHANGED_ON_DISK]: true,
  'unknown field': true,
  'too long': true,
};

const isRefusal = (answer: unknown): answer is Refusal | TooLong =>
  typeof answer === 'object' &&
  answer !== null &&
  'refused' in answer &&
  typeof answer.refused === 'string' &&
  Object.hasOwn(REFUSED, answer.refused);

/** Whether a refusal is a conflict: the file changed since the view read it. */
export const isConflict = (refusal: Refusal | TooLong): refusal is Conflict =>
  refusal.refused === CHANGED_IN_ANOTHER_TAB || refusal.refused === CHANGED_ON_DISK;

/** A write: its answer, told apart by its status and the protocol's words. */
async function write<T>(route: string, body: unknown): Promise<Written<T>> {
  const { status, data } = await call<T | Refusal | TooLong | Failure>(route, body);
  if (status === 200) return { done: data as T };
  if (isRefusal(data)) return { refused: data };
  return { failed: data as Failure, status };
}

/** A request that reads: its answer, where the server gave it (200), or undefined. */
async function read<T>(route: string, body?: unknown): Promise<T | undefined> {
  const { status, data } = await call<T>(route, body);
  return status === 200 ? data : undefined;
}

/** The servers' requests; those of the editing service alone are marked so. */
export const client = {
  /** Everything the form is drawn from. */
  content: async () => (await call<ContentModel>('/api/content')).data,
  /** Each file's version on disk, and the files another tab saved last. */
  versions: async () => (await call<Versions>('/api/versions')).data,
  /** The fields changed since the last commit, or since the change started. */
  changes: async () => (await call<Changes>('/api/changes')).data,
  /** What the check says of a value, without saving it; undefined where it was not asked. */
  check: (field: FieldPath, value: unknown) => read<Checked>('/api/check', { field, value }),
  save: (field: FieldPath, value: unknown, version: string) =>
    write<Saved>('/api/save', { field, value, version }),
  /** Several values saved as one, which the check judges together. */
  saveTogether: (saves: { field: FieldPath; value: unknown; version: string }[]) =>
    write<SavedTogether>('/api/save', { saves }),
  undo: () => write<Undone>('/api/undo', {}),
  /** Puts a field back to its value in the last commit. */
  discard: (field: FieldPath, version: string) => write<Saved>('/api/discard', { field, version }),
  /** npm run edit alone: commits what is saved to a new branch. */
  commit: (branch: string, message: string) => write<Committed>('/api/commit', { branch, message }),
  /** The editing service: the reviewers the open change needs. */
  reviewers: async () => (await call<Reviewers>('/api/reviewers')).data,
  /** The editing service: where the open change stands, against main as last fetched or as now. */
  standing: (fetchNow: boolean) => read<Standing>('/api/standing', fetchNow ? {} : undefined),
  /** The editing service: who is signed in, and their changes. */
  session: async (fetchNow: boolean) =>
    (await call<Session>('/api/session', fetchNow ? {} : undefined)).data,
  /** The editing service: starts a change. */
  start: (title: string) => write<Started>('/api/start', { title }),
  /** The editing service: proposes the open change for review. */
  propose: () => write<Proposed>('/api/propose', {}),
  /** The editing service: keeps one value of a field main changed too. */
  keep: (field: FieldPath, keep: 'yours' | 'main') => write<Standing>('/api/keep', { field, keep }),
  /** The editing service: brings the open change up to date with main. */
  update: () => write<Standing>('/api/update', {}),
  /** The editing service: abandons the open change. */
  abandon: () => write<{ abandoned: string }>('/api/abandon', {}),
};
