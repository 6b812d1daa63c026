/**
 * Preparing a release's records, before any target serves it: for each page whose served bytes
 * differ from its last record's (every page the first time), a new record, with its copies, and
 * its `prepared` event; then the release's list of which record each page has. A page whose bytes
 * are its last record's keeps that record. Nothing is written twice: a release prepared before (a
 * deploy run again) is checked against what it serves and left as it is.
 *
 * A step that cannot be done (the store refuses a write, GitHub cannot be read, the checkout is not
 * the commit deployed) throws, in words, and the deploy stops before the release takes traffic.
 */
import { execFileSync } from 'node:child_process';
import { changesSinceCommit } from '../editor/both-servers/changes';
import { ContentFiles } from '../editor/both-servers/content-files';
import { formSchema } from '../editor/both-servers/form-schema';
import { inWords } from '../editor/shared/values';
import { exportedPages } from '../lib/routes';
import { siteUrl } from '../lib/site-url';
import { fieldWords } from '../scripts/shared/field-words';
import {
  copyPage,
  drawPage,
  type PageCopy,
  type PageDrawing,
  pageSlug,
  servingSite,
  sha256,
  type SitePage,
  withChromium,
} from './page-copy';
import {
  type GitHubSource,
  pullRequestRecord,
  pullRequestsOfCommits,
  type PullRequestRecord,
} from './pull-requests';
import {
  type ContentChange,
  jsonBytes,
  keys,
  type PageRecord,
  readJson,
  type RecordEvent,
  recordsOf,
  releasePages,
} from './record';
import { createOrConfirm, ObjectExists, type RecordStore, StoreFailure } from './store';
import { outermost, textChange, type TextBlock } from './text-change';

export type Preparation = {
  store: RecordStore;
  /** The tested build's export, as the deploy uploads it. */
  site: string;
  /** The checkout of the commit deployed, with its history back to the pages' last records. */
  repository: string;
  github: GitHubSource;
  /** Says what is done, a line at a time. */
  say: (line: string) => void;
};

/** A release's name, as the release archive has it: the commit's first 12 characters. */
export const releaseOf = (commit: string) => commit.slice(0, 12);

const git = (repository: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();

/** One SHA-256 of a page's HTML and of each file it loads, by path. */
const fingerprintOf = (copy: PageCopy) =>
  sha256(
    new TextEncoder().encode(
      [sha256(copy.html), ...copy.loads.map((file) => `${file.path} ${file.sha256}`)].join('\n'),
    ),
  );

/** Where a kept text block was drawn: the record keeps no place. */
const NO_BOX = { x: 0, y: 0, width: 0, height: 0 };

/** The text blocks a record keeps beside its copies (files/<sha256>), without where they were drawn. */
type KeptTexts = Omit<TextBlock, 'box'>[];

/**
 * The fields of content changed since a commit, in the editors' words: the checkout's content
 * against the commit's.
 */
function contentChangesSince(repository: string, commit: string): ContentChange[] {
  const files = new ContentFiles(repository).readAll();
  const schema = formSchema();
  const values = Object.fromEntries(files.map(({ name, read }) => [name, read?.value]));
  return changesSinceCommit(files, repository, commit).map((change) => ({
    words: fieldWords(change.field, schema, values),
    before: inWords(change.before),
    after: inWords(change.after),
  }));
}

/** The page's latest record, by the time it was prepared, or undefined for a page with none. */
async function latestRecord(store: RecordStore, page: SitePage) {
  const records = await recordsOf(store, pageSlug(page));
  return records.sort((a, b) => a.preparedAt.localeCompare(b.preparedAt)).at(-1);
}

/** Writes one copy's bytes under their SHA-256, once. */
async function keepFile(store: RecordStore, bytes: Uint8Array, contentType: string) {
  const hash = sha256(bytes);
  await createOrConfirm(store, keys.file(hash), bytes, contentType);
  return hash;
}

/**
 * Prepares the records of a release: the site in `site`, built from the repository's checked-out
 * commit.
 * @returns The release, and the records it made and kept.
 */
export async function prepareRecords(preparation: Preparation) {
  const { store, site, repository, github, say } = preparation;
  const commit = git(repository, 'rev-parse', 'HEAD');
  if (git(repository, 'status', '--porcelain', '--', 'content').trim())
    throw new StoreFailure(
      `the checkout at ${repository} has changes to content/ that commit ${commit} does not hold: records are made of a commit`,
    );
  const release = releaseOf(commit);
  const preparedAt = new Date().toISOString();

  // A release prepared before: its pages must be what this build serves.
  const listed = await releasePages(store, release);
  // Each page's copy; its last record, if any; and the drawing of each page whose copy differs from
  // that record's, which a new record keeps (a page as before keeps its record, and needs none).
  const { copies, previousOf, drawings } = await servingSite(site, (origin) =>
    withChromium(async (browser) => {
      const copies = new Map<SitePage, PageCopy>();
      const previousOf = new Map<SitePage, PageRecord | undefined>();
      const drawings = new Map<SitePage, PageDrawing>();
      for (const page of exportedPages) {
        const copy = await copyPage(browser, site, origin, page);
        copies.set(page, copy);
        if (listed) continue;
        const previous = await latestRecord(store, page);
        previousOf.set(page, previous);
        if (previous?.served.fingerprint !== fingerprintOf(copy))
          drawings.set(page, await drawPage(browser, origin, page));
      }
      return { copies, previousOf, drawings };
    }),
  );

  if (listed) {
    for (const page of exportedPages) {
      const reference = listed.find((entry) => entry.route === page.route)?.reference;
      const record =
        reference && (await readJson<PageRecord>(store, keys.record(pageSlug(page), reference)));
      if (!record || record.served.fingerprint !== fingerprintOf(copies.get(page)!))
        throw new StoreFailure(
          `release ${release} was prepared before, and ${page.route} then served other bytes than this build does: a release's records are never rewritten`,
        );
    }
    say(`Release ${release} was prepared before; its records stand as they are.`);
    return { release, made: [] as string[], kept: listed.map((entry) => entry.reference) };
  }

  const pullRequests = new Map<string, PullRequestRecord[]>();
  /** The pull requests that brought the commits after `since` (or this commit alone) to main. */
  const pullRequestsSince = async (since: string | undefined) => {
    const key = since ?? '';
    if (!pullRequests.has(key)) {
      const range = since ? [`${since}..${commit}`] : ['-1', commit];
      const commits = git(repository, 'log', '--first-parent', '--format=%H', ...range)
        .split('\n')
        .filter(Boolean);
      const numbers = await pullRequestsOfCommits(github, commits);
      pullRequests.set(key, await Promise.all(numbers.map((n) => pullRequestRecord(github, n))));
    }
    return pullRequests.get(key)!;
  };

  const made: string[] = [];
  const lines: string[] = [];
  for (const page of exportedPages) {
    const copy = copies.get(page)!;
    const fingerprint = fingerprintOf(copy);
    const previous = previousOf.get(page);
    if (previous?.served.fingerprint === fingerprint) {
      lines.push(`${previous.reference} ${page.route}`);
      continue;
    }
    const drawing = drawings.get(page)!;
    const reference = `FP-${pageSlug(page)}-${release}`;
    const texts: KeptTexts = copy.texts.map(({ text, element, around }) => ({
      text,
      element,
      around,
    }));
    const previousTexts = previous
      ? await readJson<KeptTexts>(store, keys.file(previous.copies.texts))
      : undefined;
    const before = (previousTexts ?? []).map((block) => ({ ...block, box: NO_BOX }));
    const change = textChange(before, copy.texts);
    const record: PageRecord = {
      reference,
      page: {
        route: page.route,
        address: new URL(page.route === '/' ? '/' : page.route, siteUrl).href,
        title: copy.title,
      },
      medium: 'the website',
      commit,
      release,
      preparedAt,
      previous: previous?.reference ?? null,
      served: {
        html: await keepFile(store, copy.html, 'text/html; charset=utf-8'),
        bytes: copy.html.length,
        loads: copy.loads,
        fingerprint,
      },
      copies: {
        pdf: await keepFile(store, drawing.pdf, 'application/pdf'),
        picture: await keepFile(store, drawing.picture, 'image/png'),
        texts: await keepFile(store, jsonBytes(texts), 'application/json'),
      },
      change: {
        removed: previous ? outermost(change.removed, before).map((b) => b.text) : [],
        added: previous ? outermost(change.added, copy.texts).map((b) => b.text) : [],
        content: previous ? contentChangesSince(repository, previous.commit) : [],
      },
      pullRequests: await pullRequestsSince(previous?.commit),
    };
    for (const bytes of copy.loadedBytes.values())
      await keepFile(store, bytes, 'application/octet-stream');
    const recordBytes = jsonBytes(record);
    await createOrConfirm(
      store,
      keys.record(pageSlug(page), reference),
      recordBytes,
      'application/json',
    );
    const prepared: RecordEvent & { recordSha256: string } = {
      event: 'prepared',
      reference,
      route: page.route,
      release,
      time: preparedAt,
      recordSha256: sha256(recordBytes),
    };
    await store
      .create(keys.prepared(reference), jsonBytes(prepared), 'application/json')
      .catch((error: unknown) => {
        if (!(error instanceof ObjectExists)) throw error;
      });
    made.push(reference);
    lines.push(`${reference} ${page.route}`);
    say(
      `Prepared ${reference}: ${page.route}${previous ? `, after ${previous.reference}` : ', its first record'}.`,
    );
  }
  await createOrConfirm(
    store,
    keys.release(release),
    new TextEncoder().encode(`${lines.join('\n')}\n`),
    'text/plain',
  );
  say(
    `Release ${release}: ${made.length} new record(s), ${exportedPages.length - made.length} page(s) as before, in ${store.where}.`,
  );
  return {
    release,
    made,
    kept: lines.map((line) => line.split(' ')[0]!).filter((r) => !made.includes(r)),
  };
}
