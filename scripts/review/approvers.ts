/**
 * Which approvals of a pull request count: none by an author of one of its commits. GitHub stops
 * the pull request's opener and its last pusher from approving, but not a commit's author, and the
 * editing service opens and pushes every change its editors make, so GitHub alone would let an
 * editor approve their own words. The review workflow runs this on every review and push, and
 * fails its check while an approval does not count.
 *
 * An approval is matched to an author by GitHub account: the reviewer's login against each commit
 * author's login. GitHub gives a commit author a login when the author's e-mail is a verified
 * address of an account; a reviewer's verified addresses are not readable, so an author whose
 * e-mail links to no account cannot be told apart from any reviewer. The check then fails closed:
 * it says which commit and e-mail, and counts no approval until the e-mail is linked.
 */

/** A review's state as GitHub's GraphQL API gives it. */
export type ReviewState = 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED' | 'PENDING';

/** One review, in the order submitted; `reviewer` is null when the account has been deleted. */
export interface Review {
  reviewer: string | null;
  state: ReviewState;
}

/** One author of a commit (its author, or a co-author of its trailers), as GitHub links it. */
export interface Author {
  email: string;
  /** The account GitHub links the e-mail to, or null when it links none. */
  login: string | null;
}

/** One commit of the pull request with every author GitHub read from it. */
export interface Commit {
  sha: string;
  authors: Author[];
  /** Whether `authors` holds them all: false when GitHub's answer was cut short. */
  allAuthors: boolean;
}

export interface Judgement {
  /** The reviewers whose standing approval counts. */
  counted: string[];
  /** Each standing approval that does not count, and why, in words. */
  uncounted: { reviewer: string; why: string }[];
  /** What keeps the authors from being known, in words: while any remains, the check fails. */
  unknownAuthors: string[];
}

/**
 * A no-reply address of GitHub's names its account (`1234+login@users.noreply.github.com`), the
 * bots' included, whose commits the API links to no user.
 */
const NO_REPLY = /^(?:\d+\+)?([^@]+)@users\.noreply\.github\.com$/i;

const short = (sha: string) => sha.slice(0, 7);

/** Each reviewer's standing state: comments and pending reviews leave the one before standing. */
function standing(reviews: Review[]): Map<string | null, ReviewState> {
  const states = new Map<string | null, ReviewState>();
  for (const { reviewer, state } of reviews) {
    if (state !== 'COMMENTED' && state !== 'PENDING') states.set(reviewer, state);
  }
  return states;
}

/** Judges the standing approvals of a pull request against the authors of its commits. */
export function judgeApprovals(reviews: Review[], commits: Commit[]): Judgement {
  const authored = new Map<string, string[]>();
  const unknownAuthors: string[] = [];
  for (const commit of commits) {
    if (!commit.allAuthors) {
      unknownAuthors.push(
        `Commit ${short(commit.sha)} has more authors than GitHub listed, so not all are known.`,
      );
    }
    for (const { email, login } of commit.authors) {
      const account = login ?? NO_REPLY.exec(email)?.[1];
      if (!account) {
        unknownAuthors.push(
          `The author ${email} of commit ${short(commit.sha)} is linked to no GitHub account: ` +
            `add and verify that address on the author's account.`,
        );
        continue;
      }
      const key = account.toLowerCase();
      authored.set(key, [...(authored.get(key) ?? []), short(commit.sha)]);
    }
  }

  const judgement: Judgement = { counted: [], uncounted: [], unknownAuthors };
  for (const [reviewer, state] of standing(reviews)) {
    if (state !== 'APPROVED') continue;
    if (reviewer === null) {
      judgement.uncounted.push({
        reviewer: 'a deleted account',
        why: 'The account that approved no longer exists, so it cannot be told from an author.',
      });
      continue;
    }
    const theirs = authored.get(reviewer.toLowerCase());
    if (theirs) {
      judgement.uncounted.push({
        reviewer,
        why: `${reviewer} wrote commit ${theirs.join(', ')}, and an author may not approve their own change.`,
      });
    } else if (unknownAuthors.length) {
      judgement.uncounted.push({
        reviewer,
        why: `Not every author of the commits is known, so ${reviewer} may be one of them.`,
      });
    } else {
      judgement.counted.push(reviewer);
    }
  }
  return judgement;
}

/** Whether the check passes: every standing approval counts, and every author is known. */
export const passes = (judgement: Judgement) =>
  judgement.uncounted.length === 0 && judgement.unknownAuthors.length === 0;
