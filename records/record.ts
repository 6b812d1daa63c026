/**
 * A record of a page, and its events, as the records store keeps them. Every object is written
 * once (store.ts); a record's life is told by the events written after it, never by changing it:
 *   files/<sha256>                               the bytes of a copy (HTML, PDF, picture, a file the
 *                                                page loads), named by their SHA-256
 *   records/<page>/<reference>.json              the record (PageRecord)
 *   events/<reference>/prepared.json             prepared, before any target serves the release
 *   events/<reference>/live/<target>/<time>.json        live on a target, from that time
 *   events/<reference>/superseded/<target>/<time>.json  no longer live on it, from that time
 *   releases/<commit>.txt                        which record each page has in a release: one
 *                                                `<reference> <route>` line a page, which an
 *                                                origin's activate reads with the shell alone
 *   activations/<target>/<time>-<release>.json   an origin began to switch to a release (its intent:
 *                                                its live events follow once it serves it)
 * A page's reference is `FP-<page>-<commit>`: one record for a page in a commit, so a deploy run
 * again finds its records there and writes them no second time.
 */
import type { LoadedFile } from './page-copy';
import type { PullRequestRecord } from './pull-requests';
import type { RecordStore } from './store';

/** A field of content the release changed, in the editors' words. */
export type ContentChange = { words: string; before: string; after: string };

export type PageRecord = {
  reference: string;
  page: {
    route: string;
    /** The address visitors open, on the site's own name. */
    address: string;
    title: string;
  };
  /** Where the promotion is communicated. */
  medium: string;
  /** The commit built, and the release (the commit's first 12 characters, as the archive names it). */
  commit: string;
  release: string;
  preparedAt: string;
  /** The page's record before this one, or null for its first. */
  previous: string | null;
  served: {
    /** The HTML's SHA-256 (files/<sha256>) and size. */
    html: string;
    bytes: number;
    loads: LoadedFile[];
    /** One SHA-256 of the HTML and of every file it loads: when it differs, the page changed. */
    fingerprint: string;
  };
  /**
   * The SHA-256 of each copy (files/<sha256>): the PDF in screen media, the full-page picture at a
   * desktop's width, and the page's text blocks (JSON), which the next record's change is told from.
   */
  copies: { pdf: string; picture: string; texts: string };
  change: {
    /** The page's texts that left, and those that came, whole paragraphs, as a reader sees them. */
    removed: string[];
    added: string[];
    /** The fields of content the release changed since the page's record before, in words. */
    content: ContentChange[];
  };
  pullRequests: PullRequestRecord[];
};

/** The targets a release goes live on: Cloudflare (production of record) and each origin. */
export const CLOUDFLARE = 'cloudflare';

/** An event of a record. */
export type RecordEvent =
  | { event: 'prepared'; reference: string; route: string; release: string; time: string }
  | {
      event: 'live' | 'superseded';
      reference: string;
      route: string;
      release: string;
      target: string;
      time: string;
      /** What the target runs, in its own words: a Worker version, a release's folder. */
      version?: string;
    };

/** A time as keys hold it: 2026-03-03T08:00:00.000Z is 20260303T080000000Z. */
export const stamp = (time: string) => time.replace(/[-:.]/g, '');

/** A target's name, as keys hold it: letters, digits, dots and dashes. */
export const TARGET = /^[a-z0-9][a-z0-9.-]{0,62}$/;

export const keys = {
  file: (sha256: string) => `files/${sha256}`,
  record: (page: string, reference: string) => `records/${page}/${reference}.json`,
  records: (page?: string) => (page ? `records/${page}/` : 'records/'),
  prepared: (reference: string) => `events/${reference}/prepared.json`,
  events: (reference: string) => `events/${reference}/`,
  change: (event: 'live' | 'superseded', reference: string, target: string, time: string) =>
    `events/${reference}/${event}/${target}/${stamp(time)}.json`,
  release: (release: string) => `releases/${release}.txt`,
  activations: (target: string) => `activations/${target}/`,
} as const;

/** A JSON object's bytes, as every JSON object of the store is written. */
export const jsonBytes = (value: unknown) =>
  new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** A JSON object of the store, or undefined where there is none. */
export async function readJson<T>(store: RecordStore, key: string): Promise<T | undefined> {
  const bytes = await store.read(key);
  return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as T) : undefined;
}

/** A release's pages and their records, from its `<reference> <route>` lines. */
export async function releasePages(
  store: RecordStore,
  release: string,
): Promise<{ reference: string; route: string }[] | undefined> {
  const bytes = await store.read(keys.release(release));
  if (!bytes) return undefined;
  return new TextDecoder()
    .decode(bytes)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [reference = '', route = ''] = line.split(' ');
      return { reference, route };
    });
}

/** Every event of a record, in the order of their times. */
export async function eventsOf(store: RecordStore, reference: string): Promise<RecordEvent[]> {
  const events = await Promise.all(
    (await store.list(keys.events(reference))).map((key) => readJson<RecordEvent>(store, key)),
  );
  return events
    .filter((event): event is RecordEvent => event !== undefined)
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** Every record of a page (or of every page), in no promised order. */
export async function recordsOf(store: RecordStore, page?: string): Promise<PageRecord[]> {
  const records = await Promise.all(
    (await store.list(keys.records(page)))
      .filter((key) => key.endsWith('.json'))
      .map((key) => readJson<PageRecord>(store, key)),
  );
  return records.filter((record): record is PageRecord => record !== undefined);
}
