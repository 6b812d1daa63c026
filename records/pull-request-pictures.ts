/**
 * The pictures a reviewer approves from: for each page a pull request changes, the page before
 * (main's build) and after (the pull request's tested build), at a phone's and a desktop's width,
 * with the texts that left marked on the picture before and the texts that came marked on the
 * picture after. They are kept in the records store, where nobody can change them once written,
 * with a list of them (pull-requests/<number>/<commit>.json) that the compliance log shows, and
 * the command prints the comment that links the pull request to them.
 *
 * The pictures are made by the workflow pull-request-pictures.yml, which runs from main: the code
 * that draws and stores them is main's, never the branch's; the branch gives only its built pages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { exportedPages } from '../lib/routes';
import {
  openPage,
  pageSlug,
  servingSite,
  sha256,
  type SitePage,
  WIDTHS,
  withChromium,
} from './page-copy';
import { jsonBytes, keys } from './record';
import { createOrConfirm, type RecordStore } from './store';
import { innermost, markBlocks, textBlocksOf, textChange } from './text-change';

/** One picture of the list: a page at a width, before or after, and the texts marked on it. */
export type PullRequestPicture = {
  route: string;
  width: keyof typeof WIDTHS;
  side: 'before' | 'after';
  /** The picture's SHA-256: the store keeps it as files/<sha256>. */
  sha256: string;
  marked: string[];
};

/** The list of a pull request's pictures at one commit. */
export type PullRequestPictures = {
  pullRequest: number;
  commit: string;
  madeAt: string;
  pictures: PullRequestPicture[];
};

export const picturesKey = (pullRequest: number, commit: string) =>
  `pull-requests/${pullRequest}/${commit.slice(0, 12)}.json`;

/** The two pictures of a page at a width, each with its changed texts marked. */
async function picturesAt(
  browser: Browser,
  origins: { before: string; after: string },
  page: SitePage,
  width: keyof typeof WIDTHS,
) {
  const before = await openPage(browser, origins.before, page, WIDTHS[width]);
  const after = await openPage(browser, origins.after, page, WIDTHS[width]);
  try {
    const blocksBefore = await textBlocksOf(before.tab);
    const blocksAfter = await textBlocksOf(after.tab);
    const { removed, added } = textChange(blocksBefore, blocksAfter);
    const sides = [
      { side: 'before' as const, open: before, marked: innermost(removed, blocksBefore) },
      { side: 'after' as const, open: after, marked: innermost(added, blocksAfter) },
    ];
    const pictures: { side: 'before' | 'after'; png: Buffer; marked: string[] }[] = [];
    for (const { side, open, marked } of sides) {
      await markBlocks(open.tab, marked);
      const png = await open.tab.screenshot({ fullPage: true, animations: 'disabled' });
      pictures.push({ side, png, marked: marked.map((block) => block.text) });
    }
    return pictures;
  } finally {
    await before.close();
    await after.close();
  }
}

export type PictureRequest = {
  store: RecordStore;
  /** main's build, and the pull request's tested build. */
  before: string;
  after: string;
  pullRequest: number;
  /** The pull request's head commit, which its build is of. */
  commit: string;
  /** Where the compliance log serves the pictures, for the comment's link. */
  logAddress?: string | undefined;
  say: (line: string) => void;
};

/**
 * Makes, stores and lists the pictures of each page whose HTML the pull request changes.
 * @returns The comment for the pull request, in Markdown.
 */
export async function pullRequestPictures(request: PictureRequest): Promise<string> {
  const { store, pullRequest, commit } = request;
  const changed = exportedPages.filter(
    (page) =>
      !readFileSync(path.join(request.before, page.file)).equals(
        readFileSync(path.join(request.after, page.file)),
      ),
  );
  const pictures: PullRequestPicture[] = [];
  await servingSite(request.before, (before) =>
    servingSite(request.after, async (after) => {
      await withChromium(async (browser) => {
        for (const page of changed)
          for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[])
            for (const made of await picturesAt(browser, { before, after }, page, width)) {
              const sha = sha256(made.png);
              await createOrConfirm(store, keys.file(sha), made.png, 'image/png');
              pictures.push({
                route: page.route,
                width,
                side: made.side,
                sha256: sha,
                marked: made.marked,
              });
            }
      });
    }),
  );
  const list: PullRequestPictures = {
    pullRequest,
    commit,
    madeAt: new Date().toISOString(),
    pictures,
  };
  const key = picturesKey(pullRequest, commit);
  await store.create(key, jsonBytes(list), 'application/json');
  request.say(
    `Pull request ${pullRequest} at ${commit.slice(0, 12)}: ${pictures.length} picture(s) of ${changed.length} changed page(s), kept in ${store.where} (${key}).`,
  );
  const link = request.logAddress
    ? `${request.logAddress.replace(/\/+$/, '')}/records/pull-requests/${pullRequest}/${commit.slice(0, 12)}/`
    : key;
  const pages = changed.map((page) => `\`${page.route}\` (${pageSlug(page)})`).join(', ');
  return changed.length
    ? `Pictures of ${commit.slice(0, 12)}, before and after at a phone's and a desktop's width, the changed texts marked: ${link}\n\nPages changed: ${pages}. Approvers: say in your review why the change may go live; the record keeps it.`
    : `${commit.slice(0, 12)} changes no page's HTML: nothing to picture.`;
}
