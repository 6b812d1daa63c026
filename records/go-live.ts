/**
 * A release going live on a target, and the intervals the log works out from the events: when a
 * target starts serving a release, each page whose record differs from the one it served before
 * gets a `live` event for its new record and a `superseded` event for the old one, at that time.
 * A page whose record is unchanged keeps its interval open. Cloudflare's events are written by the
 * deploy once the version is promoted (`npm run records -- live`); each origin's, by its release's
 * `activate` (deploy/records/record-activation, which does the same with the shell alone).
 */
import { pageAt, pageSlug } from './page-copy';
import {
  eventsOf,
  jsonBytes,
  keys,
  type RecordEvent,
  recordsOf,
  releasePages,
  TARGET,
} from './record';
import { ObjectExists, type RecordStore, StoreFailure } from './store';

/** One interval a record was live on a target: from, and until (null while it still is). */
export type Interval = { from: string; until: string | null };

/** Each target's intervals of a record, worked out from its events in the order of their times. */
export function intervalsOf(events: RecordEvent[]): Map<string, Interval[]> {
  const byTarget = new Map<string, Interval[]>();
  for (const event of [...events].sort((a, b) => a.time.localeCompare(b.time))) {
    if (event.event === 'prepared') continue;
    const intervals = byTarget.get(event.target) ?? [];
    const open = intervals.at(-1)?.until === null ? intervals.at(-1) : undefined;
    if (event.event === 'live' && !open) intervals.push({ from: event.time, until: null });
    if (event.event === 'superseded' && open) open.until = event.time;
    byTarget.set(event.target, intervals);
  }
  return byTarget;
}

/** The record of a page live on a target now, by its events, or undefined where none is. */
async function liveRecordOf(store: RecordStore, route: string, target: string) {
  for (const record of await recordsOf(store, pageSlug(pageAt(route)))) {
    const intervals = intervalsOf(await eventsOf(store, record.reference)).get(target) ?? [];
    if (intervals.at(-1)?.until === null) return record.reference;
  }
  return undefined;
}

/** Writes an event once; one there already (a step run again) stands. */
async function writeEvent(store: RecordStore, key: string, event: RecordEvent) {
  await store.create(key, jsonBytes(event), 'application/json').catch((error: unknown) => {
    if (!(error instanceof ObjectExists)) throw error;
  });
}

/**
 * Records that a target serves a release from a time.
 * @param version What the target runs, in its own words (a Worker's version id), if known.
 * @returns The references that went live, and those superseded.
 */
export async function goLive(
  store: RecordStore,
  {
    release,
    target,
    time,
    version,
  }: { release: string; target: string; time: string; version?: string },
) {
  if (!TARGET.test(target))
    throw new StoreFailure(
      `"${target}" cannot name a target: lower-case letters, digits, dots and dashes`,
    );
  const pages = await releasePages(store, release);
  if (!pages)
    throw new StoreFailure(
      `${store.where} holds no records of release ${release}: prepare them first (npm run records -- prepare)`,
    );
  const live: string[] = [];
  const superseded: string[] = [];
  for (const { reference, route } of pages) {
    const before = await liveRecordOf(store, route, target);
    if (before === reference) continue;
    const common = { route, release, target, time, ...(version ? { version } : {}) };
    if (before) {
      await writeEvent(store, keys.change('superseded', before, target, time), {
        event: 'superseded',
        reference: before,
        ...common,
      });
      superseded.push(before);
    }
    await writeEvent(store, keys.change('live', reference, target, time), {
      event: 'live',
      reference,
      ...common,
    });
    live.push(reference);
  }
  return { live, superseded };
}
