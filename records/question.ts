/**
 * The regulator's question: "show us this page as it stood at this time, who approved it and why".
 * For each target the store has events of, the record of the page that was live there at that
 * time, with its interval and approvals, after every file it names has been read and checked
 * against its SHA-256, and the record itself against the SHA-256 its `prepared` event gave it. A
 * file that is missing or whose bytes differ is said so, by name.
 */
import { createHash } from 'node:crypto';
import { intervalsOf, type Interval } from './go-live';
import { pageAt, pageSlug } from './page-copy';
import { eventsOf, keys, type PageRecord, readJson, recordsOf } from './record';
import type { RecordStore } from './store';

/** A file a record names, and what reading it found. */
export type FileCheck = { name: string; key: string; state: 'intact' | 'altered' | 'missing' };

/** The answer for one target. */
export type TargetAnswer = {
  target: string;
  record: PageRecord;
  interval: Interval;
  files: FileCheck[];
};

/** Reads a file of the store and checks it against the SHA-256 it should have. */
async function check(store: RecordStore, name: string, key: string, sha256: string) {
  const bytes = await store.read(key);
  const state: FileCheck['state'] = !bytes
    ? 'missing'
    : createHash('sha256').update(bytes).digest('hex') === sha256
      ? 'intact'
      : 'altered';
  return { name, key, state };
}

/** Every file of a record, the record itself first, each read and checked. */
export async function checkRecord(store: RecordStore, record: PageRecord): Promise<FileCheck[]> {
  const key = keys.record(pageSlug(pageAt(record.page.route)), record.reference);
  const prepared = await readJson<{ recordSha256?: string }>(
    store,
    keys.prepared(record.reference),
  );
  const named: [string, string, string][] = [
    ['the HTML as served', keys.file(record.served.html), record.served.html],
    ['the PDF', keys.file(record.copies.pdf), record.copies.pdf],
    ['the picture', keys.file(record.copies.picture), record.copies.picture],
    ['the page’s texts', keys.file(record.copies.texts), record.copies.texts],
    ...record.served.loads.map((load): [string, string, string] => [
      load.path,
      keys.file(load.sha256),
      load.sha256,
    ]),
  ];
  return [
    prepared?.recordSha256
      ? await check(store, 'the record', key, prepared.recordSha256)
      : { name: 'the record', key, state: 'missing' as const },
    ...(await Promise.all(
      named.map(([name, fileKey, sha256]) => check(store, name, fileKey, sha256)),
    )),
  ];
}

/**
 * The record of the page at an address that was live on each target at a time.
 * @param time A time in ISO 8601, with its offset: 2026-03-03T10:00+02:00.
 */
export async function liveAt(
  store: RecordStore,
  time: Date,
  address: string,
): Promise<TargetAnswer[]> {
  const at = time.toISOString();
  const answers: TargetAnswer[] = [];
  const records = await recordsOf(store, pageSlug(pageAt(address)));
  for (const record of records) {
    const intervals = intervalsOf(await eventsOf(store, record.reference));
    for (const [target, spans] of intervals) {
      const interval = spans.find(
        (span) => span.from <= at && (span.until === null || at < span.until),
      );
      if (interval) answers.push({ target, record, interval, files: [] });
    }
  }
  for (const answer of answers) answer.files = await checkRecord(store, answer.record);
  return answers.sort((a, b) => a.target.localeCompare(b.target));
}
