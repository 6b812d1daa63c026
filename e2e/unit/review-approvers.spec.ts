import { expect, test } from '@playwright/test';
import { type Commit, judgeApprovals, passes } from '../../scripts/review/approvers';

/**
 * The approvers check (issue 40): an approval by an author of one of the pull request's commits
 * does not count, and an author GitHub links to no account fails the check, since they might be any
 * reviewer. The fixtures are written as GitHub's API gives a change the editing service proposed:
 * the editor, signed in with their bank e-mail, is the commit's author; the service committed and
 * pushed it.
 */

/** A change Thandi proposed through the editing service; GitHub links her e-mail to `tnkosi`. */
const thandisChange: Commit[] = [
  {
    sha: '4f1c2a9e0b7d6c5a4f3e2d1c0b9a8f7e6d5c4b3a',
    authors: [{ email: 'thandi.nkosi@example.com', login: 'tnkosi' }],
    allAuthors: true,
  },
];

test('an approval by someone who wrote none of the commits counts', () => {
  const judgement = judgeApprovals([{ reviewer: 'pmokoena', state: 'APPROVED' }], thandisChange);
  expect(judgement).toEqual({ counted: ['pmokoena'], uncounted: [], unknownAuthors: [] });
  expect(passes(judgement)).toBe(true);
});

test("the author's own approval does not count, whatever the case of their login, and says why", () => {
  const judgement = judgeApprovals(
    [
      { reviewer: 'TNkosi', state: 'APPROVED' },
      { reviewer: 'pmokoena', state: 'APPROVED' },
    ],
    thandisChange,
  );
  expect(judgement.counted).toEqual(['pmokoena']);
  expect(judgement.uncounted).toEqual([
    {
      reviewer: 'TNkosi',
      why: 'TNkosi wrote commit 4f1c2a9, and an author may not approve their own change.',
    },
  ]);
  expect(passes(judgement)).toBe(false);
});

test("a reviewer's latest approval or request stands; a comment after an approval leaves it", () => {
  const judgement = judgeApprovals(
    [
      // Approved, then asked for changes: the approval no longer stands.
      { reviewer: 'tnkosi', state: 'APPROVED' },
      { reviewer: 'tnkosi', state: 'CHANGES_REQUESTED' },
      // Approved, then dismissed by an administrator.
      { reviewer: 'jvanwyk', state: 'APPROVED' },
      { reviewer: 'jvanwyk', state: 'DISMISSED' },
      // Approved, then commented: still approved.
      { reviewer: 'pmokoena', state: 'APPROVED' },
      { reviewer: 'pmokoena', state: 'COMMENTED' },
    ],
    thandisChange,
  );
  expect(judgement).toEqual({ counted: ['pmokoena'], uncounted: [], unknownAuthors: [] });
});

test('a co-author is an author: their approval does not count', () => {
  const judgement = judgeApprovals(
    [{ reviewer: 'pmokoena', state: 'APPROVED' }],
    [
      {
        sha: '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d',
        authors: [
          { email: 'thandi.nkosi@example.com', login: 'tnkosi' },
          { email: 'pieter.mokoena@example.com', login: 'pmokoena' },
        ],
        allAuthors: true,
      },
    ],
  );
  expect(judgement.uncounted).toEqual([
    {
      reviewer: 'pmokoena',
      why: 'pmokoena wrote commit 9e8d7c6, and an author may not approve their own change.',
    },
  ]);
});

test('an author linked to no account fails the check, and no approval counts until it is linked', () => {
  const judgement = judgeApprovals(
    [{ reviewer: 'pmokoena', state: 'APPROVED' }],
    [
      ...thandisChange,
      {
        sha: 'c0ffee1234567890abcdef1234567890abcdef12',
        authors: [{ email: 'lerato.dlamini@example.com', login: null }],
        allAuthors: true,
      },
    ],
  );
  expect(judgement).toEqual({
    counted: [],
    uncounted: [
      {
        reviewer: 'pmokoena',
        why: 'Not every author of the commits is known, so pmokoena may be one of them.',
      },
    ],
    unknownAuthors: [
      "The author lerato.dlamini@example.com of commit c0ffee1 is linked to no GitHub account: add and verify that address on the author's account.",
    ],
  });
  expect(passes(judgement)).toBe(false);
  // With no approval yet, the check fails all the same, and says why before anyone approves.
  const unapproved = judgeApprovals(
    [],
    [
      {
        sha: 'c0ffee1234567890',
        authors: [{ email: 'lerato.dlamini@example.com', login: null }],
        allAuthors: true,
      },
    ],
  );
  expect(unapproved.unknownAuthors).toHaveLength(1);
  expect(passes(unapproved)).toBe(false);
});

test("GitHub's no-reply addresses name their account, a bot's included", () => {
  const judgement = judgeApprovals(
    [{ reviewer: 'tnkosi', state: 'APPROVED' }],
    [
      {
        sha: 'aaaabbbbccccddddeeeeffff0000111122223333',
        authors: [{ email: '41898282+tnkosi@users.noreply.github.com', login: null }],
        allAuthors: true,
      },
      {
        sha: 'bbbbccccddddeeeeffff00001111222233334444',
        authors: [{ email: '49699333+dependabot[bot]@users.noreply.github.com', login: null }],
        allAuthors: true,
      },
    ],
  );
  expect(judgement.unknownAuthors).toEqual([]);
  expect(judgement.uncounted.map(({ reviewer }) => reviewer)).toEqual(['tnkosi']);
});

test('a commit whose authors GitHub listed only in part fails the check', () => {
  const judgement = judgeApprovals([], [{ ...thandisChange[0]!, allAuthors: false }]);
  expect(judgement.unknownAuthors).toEqual([
    'Commit 4f1c2a9 has more authors than GitHub listed, so not all are known.',
  ]);
});

test('an approval by a deleted account does not count', () => {
  const judgement = judgeApprovals([{ reviewer: null, state: 'APPROVED' }], thandisChange);
  expect(judgement.uncounted).toEqual([
    {
      reviewer: 'a deleted account',
      why: 'The account that approved no longer exists, so it cannot be told from an author.',
    },
  ]);
});
