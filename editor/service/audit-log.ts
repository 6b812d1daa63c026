/**
 * The editing service's audit log: a record written before anything happens. Each action (a change
 * started, a value saved, discarded, undone or kept, a change brought up to date, proposed or
 * abandoned) is one intent line, appended and flushed to the disk before the service acts, then one
 * outcome line once it has; when the intent cannot be written, the action is refused and nothing is
 * changed. A request that reaches the service and changes nothing, refused (by the check, a
 * conflict, a push the remote did not take, a value too large) or forbidden (401 or 403 at the
 * service's gate), is one line of its own, of the kind `refused` for both, at most
 * REFUSALS_PER_MINUTE a person, so that nobody can fill the disk with such requests; the lines left
 * out are counted in the next.
 * The service's own starts and stops are lines too.
 *
 * Each line is sealed: it carries its number (`seq`), the seal of the line before it (`prev`), and
 * its own seal (`mac`), an HMAC-SHA-256 of its text up to the seal, with a key that only the service
 * reads (EDITOR_AUDIT_KEY_FILE; `key` names it by its fingerprint, so that a rotated key is told
 * apart). Whoever can append to the file but does not hold the key cannot write a line that
 * verifies, nor change, remove or insert one unseen. Whoever holds the key could seal the log
 * again after a change: so at each line the chain's head (its number and seal) is also sent to the
 * bank's log store, through the service's standard output, which systemd's journal keeps and ships
 * (docs/deploying.md); `npm run audit:verify` (audit-verify.ts) holds the log against the key and
 * against those heads.
 *
 * The file is opened for appending only at each line (O_APPEND, never O_CREAT after the first
 * start: a log that vanished is not silently begun again), and each line is written in one call.
 * No action goes on before its line is flushed to the disk (fdatasync). An action that can wait
 * (a proposal, a change started) waits for a flush made off the service's thread, shared by the
 * lines written while the one before it ran, as databases commit a group: 20 proposals at once
 * flushed 40 lines one after another on that thread, each waiting for the disk. A save, whose
 * writing cannot wait (the content files' hook is synchronous), flushes its own line at once.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readSync,
  readFileSync,
  statSync,
  writeSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Person } from './identity';

/** What the log records of one action, besides who, when and the seals. */
export type AuditEntry = {
  action:
    | 'start'
    | 'save'
    | 'discard'
    | 'undo'
    | 'keep main'
    | 'keep yours'
    | 'update'
    | 'follow'
    | 'propose'
    | 'abandon'
    | 'store picture';
  /** The change's id, `<user>/<topic>`, and its branch. */
  change: string;
  branch?: string;
  /** Anything else the action is about: its fields with their exact values, its commit, why. */
  [detail: string]: unknown;
};

/** A refusal, as logged: what was asked, its status, and why in the words the editor was given. */
export type AuditRefusal = {
  asked: string;
  status: number;
  why: string;
  change?: string;
  [detail: string]: unknown;
};

/** The log cannot be written: the action it was to record must not happen. */
export class AuditUnwritable extends Error {}

/** What an editor is told when the log cannot be written, and so nothing was done. */
export const UNWRITABLE_WORDS =
  'nothing was changed: the audit log, which records every change before it is made, cannot be written just now. Try again in a while, and tell the platform team if it goes on';

/** How many refusals of one person the log records in a minute; the rest are counted. */
export const REFUSALS_PER_MINUTE = 30;

/** A key's fingerprint, which each line names its key by. */
export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** The seal of a line's text (the line up to its seal) with a key. */
export const sealOf = (key: Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest('hex');

/** The seal written at the end of every line, which the text before it is sealed without. */
export const SEAL_MARK = ',"mac":"';

/** The text a line's seal is of, and the seal it carries, or undefined for a line without one. */
export function splitSeal(line: string): { text: string; mac: string } | undefined {
  const at = line.lastIndexOf(SEAL_MARK);
  if (at < 0 || !line.endsWith('"}')) return undefined;
  return { text: `${line.slice(0, at)}}`, mac: line.slice(at + SEAL_MARK.length, -2) };
}

/** The key in its file: its bytes, as the install wrote them (hex text, one line). */
export function readKey(file: string): Buffer {
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new Error(`${file} holds no key of at least 32 characters`);
  return Buffer.from(key);
}

/** The log's last complete line, read from its end, or undefined where it has none. */
function lastLine(file: string): string | undefined {
  const size = statSync(file).size;
  if (size === 0) return undefined;
  const fd = openSync(file, 'r');
  try {
    let tail = '';
    for (let end = size; end > 0 && !tail.slice(0, -1).includes('\n');) {
      const start = Math.max(0, end - 65536);
      const chunk = Buffer.alloc(end - start);
      readSync(fd, chunk, 0, chunk.length, start);
      tail = chunk.toString('utf8') + tail;
      end = start;
    }
    // The text after the last newline is empty, or a line a crash cut off: not the chain's head.
    return tail.split('\n').at(-2);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens the log, or makes it on the service's first start, and goes on from its last line.
 * @param onHead Told of the chain's head after each line: the bank's log store keeps it.
 * @throws Where the log cannot be read or written: the service then does not start.
 */
export function openAuditLog(options: {
  file: string;
  key: Buffer;
  onHead: (seq: number, mac: string) => void;
}) {
  const { file, key } = options;
  const kid = keyId(key);
  mkdirSync(path.dirname(file), { recursive: true });
  let seq = 0;
  let prev = '';
  if (existsSync(file)) {
    const last = lastLine(file);
    if (last !== undefined) {
      const sealed = splitSeal(last);
      const parsed = sealed && (JSON.parse(sealed.text) as { seq?: unknown });
      if (!sealed || typeof parsed?.seq !== 'number')
        throw new Error(`${file} does not end with a line of the audit log: verify it first`);
      seq = parsed.seq;
      prev = sealed.mac;
    }
    // A line a crash cut off is left as it is, for the verifier to report, and the chain goes on
    // from the last whole line, on a line of its own.
    const size = statSync(file).size;
    if (size > 0) {
      const fd = openSync(file, 'r');
      const lastByte = Buffer.alloc(1);
      readSync(fd, lastByte, 0, 1, size - 1);
      closeSync(fd);
      if (lastByte[0] !== 0x0a) write('\n');
    }
  } else {
    closeSync(openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o640));
  }

  /** Appends text in one call, opening the file for it; `flushNow` or `flushed` flush it. */
  function write(text: string) {
    const fd = openSync(file, constants.O_WRONLY | constants.O_APPEND);
    try {
      const bytes = Buffer.from(text);
      if (writeSync(fd, bytes) !== bytes.length) throw new Error('the line was cut short');
    } finally {
      closeSync(fd);
    }
  }

  /** Flushes what was written to the disk, on the service's thread, before going on. */
  function flushNow() {
    const fd = openSync(file, constants.O_WRONLY | constants.O_APPEND);
    try {
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** One flush off the service's thread, of all written before it began. */
  async function flushOnce() {
    const handle = await open(file, constants.O_WRONLY | constants.O_APPEND);
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  /** The flush under way, and the one that waits for it to end. */
  let flushing: Promise<void> | undefined;
  let nextFlush: Promise<void> | undefined;

  /**
   * Waits until all written so far is on the disk. A flush under way may have begun before the
   * last line was written, so the lines written meanwhile wait for the next, which they all share.
   */
  function flushed(): Promise<void> {
    if (!flushing) {
      flushing = flushOnce().finally(() => {
        flushing = undefined;
      });
      return flushing;
    }
    nextFlush ??= flushing
      .catch(() => undefined)
      .then(() => {
        nextFlush = undefined;
        return flushed();
      });
    return nextFlush;
  }

  /** Seals and writes one line: the chain moves on once it is in the file. */
  function append(fields: Record<string, unknown>) {
    const body = JSON.stringify({
      seq: seq + 1,
      time: new Date().toISOString(),
      key: kid,
      prev,
      ...fields,
    });
    const mac = sealOf(key, body);
    try {
      write(`${body.slice(0, -1)}${SEAL_MARK}${mac}"}\n`);
    } catch (error) {
      throw unwritable(error);
    }
    seq += 1;
    prev = mac;
    options.onHead(seq, mac);
  }

  const unwritable = (error: unknown) =>
    new AuditUnwritable(`the audit log ${file} cannot be written: ${String(error)}`);

  /** Appends one line and waits until it is on the disk. */
  async function appendFlushed(fields: Record<string, unknown>) {
    append(fields);
    await flushed().catch((error: unknown) => {
      throw unwritable(error);
    });
  }

  /** Appends one line and flushes it at once, for a caller that cannot wait. */
  function appendNow(fields: Record<string, unknown>) {
    append(fields);
    try {
      flushNow();
    } catch (error) {
      throw unwritable(error);
    }
  }

  const who = (person: Person | undefined) =>
    person ? { user: person.user, name: person.name, email: person.email } : null;

  /** Refusals logged and left out, by person, in the current minute. */
  const refusals = new Map<string, { minute: number; logged: number; left: number }>();

  return {
    file,
    /**
     * Records that an action is about to happen, before it does.
     * @returns The id its outcome names, once the line is on the disk.
     * @throws AuditUnwritable, and then the action must not happen.
     */
    async intend(person: Person | undefined, entry: AuditEntry): Promise<string> {
      const id = randomUUID();
      await appendFlushed({ kind: 'intent', id, who: who(person), ...entry });
      return id;
    },
    /** `intend` for a caller that cannot wait: the line is flushed on the service's thread. */
    intendNow(person: Person | undefined, entry: AuditEntry): string {
      const id = randomUUID();
      appendNow({ kind: 'intent', id, who: who(person), ...entry });
      return id;
    },
    /**
     * Records how an action ended. A failure to write it is thrown too: the action happened, and
     * its intent says what it was to be; the verifier reports the intent without an outcome.
     */
    outcome(id: string, person: Person | undefined, entry: AuditEntry & { result: string }) {
      return appendFlushed({ kind: 'outcome', id, who: who(person), ...entry });
    },
    /** `outcome` for a caller that cannot wait: the line is flushed on the service's thread. */
    outcomeNow(id: string, person: Person | undefined, entry: AuditEntry & { result: string }) {
      appendNow({ kind: 'outcome', id, who: who(person), ...entry });
    },
    /** Records a refusal, unless the person's refusals this minute are many; never throws. */
    refused(person: Person | undefined, refusal: AuditRefusal) {
      const whom = person?.user ?? '(nobody signed in)';
      const minute = Math.floor(Date.now() / 60_000);
      let count = refusals.get(whom);
      if (!count || count.minute !== minute) {
        count = { minute, logged: 0, left: count?.left ?? 0 };
        refusals.set(whom, count);
      }
      if (count.logged >= REFUSALS_PER_MINUTE) {
        count.left += 1;
        return;
      }
      try {
        append({
          kind: 'refused',
          who: who(person),
          ...refusal,
          ...(count.left > 0 && { notLoggedBefore: count.left }),
        });
        count.logged += 1;
        count.left = 0;
        // Flushed with the lines written beside it: the refusal waits for nothing.
        flushed().catch(() => undefined);
      } catch {
        // A refusal changes nothing: the editor is told why all the same.
      }
    },
    /** Records the service's own start or stop, flushed at once. */
    service(event: 'started' | 'stopping', details: Record<string, unknown> = {}) {
      appendNow({ kind: 'service', event, who: null, ...details });
    },
  };
}

export type AuditLog = ReturnType<typeof openAuditLog>;
