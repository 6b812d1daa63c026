/**
 * The editing service's audit log: every change started, every value saved, discarded or undone,
 * every proposal, and every change abandoned, one JSON object a line, appended to one file (EDITOR_AUDIT_LOG) and never
 * rewritten. The service opens it for appending only (O_APPEND), writes each entry in one call, and
 * has no code that truncates, rewrites or removes it; docs/deploying.md says where it lives, how it
 * reaches the bank's log store, and how long it is kept.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Person } from './identity';

/** One entry: who, when, what, in which change, and for a value its field in words and by path. */
export type AuditEntry = {
  action: 'start' | 'save' | 'discard' | 'undo' | 'propose' | 'abandon';
  /** The change's id, `<user>/<topic>`, and its branch. */
  change: string;
  branch: string;
  /** For a value: its file, its field by path (as the content check names it) and in words. */
  file?: string;
  field?: string;
  words?: string;
  before?: unknown;
  after?: unknown;
  /** For a proposal: its commit, and the files it changed. */
  commit?: string;
  files?: string[];
  /** For a start: the change's title, in the editor's words. */
  title?: string;
};

/** The log: `append` writes one entry, with the time and the person, at the end of the file. */
export function auditLog(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  return {
    file,
    append(person: Person, entry: AuditEntry) {
      const line = JSON.stringify({
        time: new Date().toISOString(),
        who: { user: person.user, name: person.name, email: person.email },
        ...entry,
      });
      // 'a' opens with O_APPEND: each line lands at the end, whatever else wrote before it.
      appendFileSync(file, `${line}\n`, { flag: 'a', mode: 0o640 });
    },
  };
}
