/**
 * `npm run audit:verify -- --key <key file> [--key <older key file>…] [--heads <file>|-] <log>`:
 * holds the editing service's audit log (audit-log.ts) against its key and the chain's heads that
 * the bank's log store received, and reports, each by its line: a line edited after it was written,
 * a line removed, a line inserted that the service did not write, lines sealed again (re-chained),
 * a tail cut off, a line cut short, and an action whose intent has no outcome. It prints "no
 * problem found" or the problems, and exits with 1 when there is one.
 *
 * The heads are lines holding `audit-log head <seq> <seal>`, as the service prints them to the
 * journal: `journalctl -u private-bank-editor -o cat | npm run audit:verify -- --key … --heads - …`.
 * Without them, a key holder's resealing and a tail cut off cannot be seen (docs/deploying.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { keyId, readKey, sealOf, splitSeal } from './audit-log';

/** The fields of a line that the verifier reads. */
type Line = {
  seq: number;
  prev: string;
  key: string;
  kind: string;
  id?: string;
  action?: string;
  time?: string;
  who?: { user?: string } | null;
};

/** A head the log store received: the chain's number and seal after that line. */
export type Head = { seq: number; mac: string };

/** The heads in a text of the log store's lines, in any order, each once. */
export function headsIn(text: string): Head[] {
  return [...text.matchAll(/audit-log head (\d+) ([0-9a-f]{64})/g)].map(([, seq, mac]) => ({
    seq: Number(seq),
    mac: mac!,
  }));
}

/**
 * The problems of a log, each in words, naming its line (counted from 1, as an editor counts).
 * @param keys Every key the log may be sealed with: the service's, and those it held before.
 */
export function verifyAuditLog(text: string, keys: Buffer[], heads: Head[] = []) {
  const byId = new Map(keys.map((key) => [keyId(key), key]));
  const problems: string[] = [];
  const raw = text.split('\n');
  // The text after the last newline: nothing, or a line a crash (or a cut) left without its end.
  const unfinished = raw.pop();
  if (unfinished)
    problems.push(
      `line ${raw.length + 1} is cut short (the service stopped while writing it, or the file was cut)`,
    );
  const read = raw.map((line, index) => {
    const sealed = splitSeal(line);
    let parsed: Line | undefined;
    try {
      parsed = sealed && (JSON.parse(sealed.text) as Line);
    } catch {
      parsed = undefined;
    }
    const key = parsed && byId.get(parsed.key);
    return {
      number: index + 1,
      line: parsed,
      mac: sealed?.mac,
      sealOk: Boolean(sealed && parsed && key && sealOf(key, sealed.text) === sealed.mac),
      keyKnown: Boolean(key),
    };
  });

  let expected = { seq: 0, mac: '' };
  const macOfSeq = new Map<number, string>();
  const open = new Map<string, { number: number; line: Line }>();
  for (const [index, entry] of read.entries()) {
    const { number, line, mac } = entry;
    if (!line || mac === undefined || typeof line.seq !== 'number') {
      problems.push(`line ${number} is not a line of the audit log`);
      continue;
    }
    if (!entry.keyKnown) {
      problems.push(
        `line ${number} (seq ${line.seq}) is sealed with a key not given (its fingerprint is ${line.key}): give every key the log was sealed with`,
      );
      continue;
    }
    const next = read[index + 1];
    if (!entry.sealOk) {
      // A line whose text changed still carries the seal that the next line was chained to (or,
      // the last line, follows the one before it); a line slipped in is followed by a line chained
      // to the one before it.
      if (next?.line?.prev === mac || (!next && line.prev === expected.mac)) {
        problems.push(`line ${number} (seq ${line.seq}) was edited after it was written`);
        expected = { seq: line.seq, mac };
        macOfSeq.set(line.seq, mac);
      } else
        problems.push(
          `line ${number} (seq ${line.seq}) was inserted: the service did not write it (its seal does not match)`,
        );
      continue;
    }
    if (line.seq > expected.seq + 1 && line.prev !== expected.mac)
      problems.push(
        `${line.seq - expected.seq - 1} line(s) were removed before line ${number}: seq ${expected.seq + 1}${line.seq - 1 > expected.seq + 1 ? ` to ${line.seq - 1}` : ''} are missing`,
      );
    else if (line.seq <= expected.seq)
      problems.push(
        `line ${number} repeats seq ${line.seq}: it was inserted, or copied from elsewhere in the log`,
      );
    else if (line.prev !== expected.mac)
      problems.push(
        `line ${number} (seq ${line.seq}) was sealed again (re-chained): it does not follow the line before it`,
      );
    expected = { seq: line.seq, mac };
    macOfSeq.set(line.seq, mac);
    if (line.kind === 'intent' && line.id) open.set(line.id, { number, line });
    if (line.kind === 'outcome' && line.id) open.delete(line.id);
  }

  // The heads the log store received at the time: a log sealed again, or cut, no longer holds them.
  const sortedHeads = [...heads].sort((a, b) => a.seq - b.seq);
  const changedHead = sortedHeads.find(
    (head) => macOfSeq.has(head.seq) && macOfSeq.get(head.seq) !== head.mac,
  );
  if (changedHead)
    problems.push(
      `from seq ${changedHead.seq} on, the log was sealed again (re-chained): the log store received another seal for that line when it was written`,
    );
  const lastHead = sortedHeads.at(-1);
  if (lastHead && lastHead.seq > expected.seq)
    problems.push(
      `the log ends at seq ${expected.seq}, but the log store received lines up to seq ${lastHead.seq}: its last ${lastHead.seq - expected.seq} line(s) were cut off`,
    );

  for (const { number, line } of open.values())
    problems.push(
      `line ${number} (seq ${line.seq}): ${line.who?.user ?? 'the service'}'s ${line.action ?? 'action'} at ${line.time ?? 'an unknown time'} has an intent and no outcome: the service stopped before it ended, or its outcome was removed`,
    );
  return { lines: read.length, lastSeq: expected.seq, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const keys: Buffer[] = [];
  let heads: Head[] = [];
  let log: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--key') keys.push(readKey(args[++i] ?? ''));
    else if (args[i] === '--heads') {
      const from = args[++i];
      heads = headsIn(readFileSync(from === '-' ? 0 : (from ?? ''), 'utf8'));
    } else log = args[i];
  }
  if (!log || keys.length === 0) {
    console.error(
      'Usage: npm run audit:verify -- --key <key file> [--key <older key file>…] [--heads <file>|-] <log>',
    );
    process.exit(2);
  }
  const { lines, lastSeq, problems } = verifyAuditLog(readFileSync(log, 'utf8'), keys, heads);
  console.log(
    `audit:verify: ${log}: ${lines} line(s), up to seq ${lastSeq}; ${heads.length} head(s) from the log store`,
  );
  if (heads.length === 0)
    console.log(
      'audit:verify: without the heads (--heads), lines sealed again by a key holder, and a tail cut off, cannot be seen',
    );
  for (const problem of problems) console.log(`  ${problem}`);
  console.log(
    problems.length === 0
      ? 'audit:verify: no problem found'
      : `audit:verify: ${problems.length} problem(s)`,
  );
  if (problems.length > 0) process.exitCode = 1;
}
