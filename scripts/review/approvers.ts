/**
 * Which approvals of a pull request count: none by a person who wrote one of its commits, none by
 * an account the check cannot name as a person of the bank, and one a person however many accounts
 * they approve from. GitHub stops the pull request's opener and its last pusher from approving,
 * not a commit's author, and the editing service opens and pushes every change its editors make.
 *
 * People are compared by bank identity, never by GitHub account or e-mail. A commit the editing
 * service signed (signatures.ts) names its editor's bank identity, and that is its author: the
 * editor needs no GitHub account, and no account's e-mail can hide her. A commit it did not sign
 * has as authors whoever GitHub names around it: the accounts GitHub links to its author and its
 * committer, and every account that pushed its branch (the repository's activity). Its own lines
 * (an identity line, a co-author) are whatever its writer typed, and count for nothing. Each
 * account, reviewer or author, is joined to a bank identity by the route main names
 * (identities.ts); one that maps to nothing is nobody the check can tell from an author.
 *
 * Some files also need the approval of a team other than the developers (.github/approvers.json,
 * `requiredTeams`): whatever decides who approves, or what ships. CODEOWNERS cannot ask for that,
 * since a file takes the owners of its last matching line, and any one owner of a line suffices.
 *
 * The check fails while any standing approval does not count (GitHub would count it towards the
 * approvals main requires), while any author is unknown, and while a required team has not
 * approved.
 */
import path from 'node:path';
import type { BankIdentities } from './identities.ts';
import type { Verification } from './signatures.ts';

/** A review's state as GitHub's REST API gives it. */
export type ReviewState = 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED' | 'PENDING';

/** One review, in the order submitted; `reviewer` is null when the account has been deleted. */
export type Review = { reviewer: string | null; state: ReviewState };

/** A GitHub account, as the API names it: `type` is `User`, `Bot` or `Organization`. */
export type Account = { login: string; type: string };

/** A commit's author or committer: the e-mail it carries, and the account GitHub links it to. */
export type Person = { email: string; account: Account | null };

/** One commit of the pull request, as read through GitHub's API and checked. */
export type CommitRecord = {
  sha: string;
  verification: Verification;
  author: Person;
  committer: Person;
};

/** A rule of .github/approvers.json: files whose change needs a team's approval. */
export type RequiredTeam = { team: string; why: string; paths: string[] };

/** Everything the check reads of one pull request. */
export type PullRequestRecord = {
  reviews: Review[];
  commits: CommitRecord[];
  /** Why not every commit was read, where GitHub's answer stops short. */
  commitsCutShort?: string | undefined;
  /** The accounts that pushed the pull request's branch, or why they cannot be read. */
  pushers: Account[] | { unknown: string };
  /** The files the pull request changes. */
  files: string[];
  /** Each required team's members, by login. */
  members: Record<string, string[]>;
};

export type Judgement = {
  /** The reviewers whose standing approval counts. */
  counted: string[];
  /** Each standing approval that does not count, and why, in words. */
  uncounted: { reviewer: string; why: string }[];
  /** What keeps the authors from being known, in words: while any remains, the check fails. */
  unknownAuthors: string[];
  /** Each required team that has not approved, in words. */
  missingTeams: string[];
};

/** GitHub's own account, the committer of what people commit in its web editor. */
const WEB_FLOW = 'web-flow';

const short = (sha: string) => sha.slice(0, 7);

/** Each reviewer's standing state: comments and pending reviews leave the one before standing. */
function standing(reviews: Review[]): Map<string | null, ReviewState> {
  const states = new Map<string | null, ReviewState>();
  for (const { reviewer, state } of reviews) {
    if (state !== 'COMMENTED' && state !== 'PENDING') states.set(reviewer, state);
  }
  return states;
}

/** The rules whose paths a change touches, each with the files it touches. */
export function requiredTeamsFor(rules: RequiredTeam[], files: string[]) {
  return rules.flatMap((rule) => {
    const touched = files.filter((file) =>
      rule.paths.some((pattern) => path.posix.matchesGlob(file, pattern)),
    );
    return touched.length ? [{ ...rule, files: touched }] : [];
  });
}

/**
 * The authors of the commits, each as a bank identity's key with the commits it wrote, and what
 * keeps any author from being known.
 */
function authorsOf(record: PullRequestRecord, identities: BankIdentities) {
  const authors = new Map<string, string[]>();
  const unknown: string[] = [];
  const add = (key: string, what: string) => authors.set(key, [...(authors.get(key) ?? []), what]);
  /** An account that wrote, committed or pushed (`did`: "wrote commit 4f1c2a9"). */
  const account = (who: Account, did: string) => {
    const key = who.type === 'User' ? identities.ofLogin(who.login) : undefined;
    if (key) return add(key, did);
    unknown.push(
      who.type === 'User'
        ? `${who.login}, who ${did}, which the editing service did not sign, maps to no bank identity (${identities.route}).`
        : `${who.login}, an app, ${did}, which the editing service did not sign: the person behind it is unknown.`,
    );
  };
  if (record.commitsCutShort) unknown.push(record.commitsCutShort);
  const unsigned = record.commits.filter((commit) => !commit.verification.verified);
  for (const commit of record.commits) {
    if (commit.verification.verified) {
      add(
        identities.ofIdentity(commit.verification.identity),
        `signed commit ${short(commit.sha)}`,
      );
      continue;
    }
    for (const [role, person] of [
      ['wrote', commit.author],
      ['committed', commit.committer],
    ] as const) {
      if (person.account?.login === WEB_FLOW && role === 'committed') continue;
      if (person.account) account(person.account, `${role} commit ${short(commit.sha)}`);
      else
        unknown.push(
          `The ${role === 'wrote' ? 'author' : 'committer'} ${person.email} of commit ${short(commit.sha)}, which the editing service did not sign (${commit.verification.why}), is linked to no GitHub account.`,
        );
    }
  }
  // Who pushed the branch answers for every commit the service did not sign.
  if (unsigned.length) {
    const shas = unsigned.map((commit) => short(commit.sha)).join(', ');
    const did = `pushed the branch of commit${unsigned.length > 1 ? 's' : ''} ${shas}`;
    if ('unknown' in record.pushers) unknown.push(record.pushers.unknown);
    else for (const pusher of record.pushers) account(pusher, did);
  }
  return { authors, unknown };
}

/** Judges the standing approvals of a pull request against its authors and its required teams. */
export function judgeApprovals(
  record: PullRequestRecord,
  identities: BankIdentities,
  rules: RequiredTeam[],
): Judgement {
  const { authors, unknown } = authorsOf(record, identities);
  const judgement: Judgement = {
    counted: [],
    uncounted: [],
    unknownAuthors: unknown,
    missingTeams: [],
  };
  const approvedBy = new Map<string, string>();
  for (const [reviewer, state] of standing(record.reviews)) {
    if (state !== 'APPROVED') continue;
    if (reviewer === null) {
      judgement.uncounted.push({
        reviewer: 'a deleted account',
        why: 'The account that approved no longer exists, so it cannot be told from an author.',
      });
      continue;
    }
    const key = identities.ofLogin(reviewer);
    const wrote = key === undefined ? undefined : authors.get(key);
    const why =
      key === undefined
        ? `${reviewer} maps to no bank identity (${identities.route}), so the check cannot tell whether they wrote the change.`
        : wrote
          ? `${reviewer} is the bank's ${key}, who ${wrote.join(' and ')}, and an author may not approve their own change.`
          : approvedBy.has(key)
            ? `${reviewer} is the bank's ${key}, as is ${approvedBy.get(key)}, whose approval already counts: one person approves once.`
            : unknown.length
              ? `Not every author of the commits is known, so ${reviewer} may be one of them.`
              : undefined;
    if (why) judgement.uncounted.push({ reviewer, why });
    else {
      judgement.counted.push(reviewer);
      approvedBy.set(key!, reviewer);
    }
  }
  for (const rule of requiredTeamsFor(rules, record.files)) {
    const members = new Set((record.members[rule.team] ?? []).map((login) => login.toLowerCase()));
    if (!judgement.counted.some((reviewer) => members.has(reviewer.toLowerCase())))
      judgement.missingTeams.push(
        `${rule.files.join(', ')} ${rule.files.length === 1 ? 'needs' : 'need'} the approval of a member of ${rule.team} (${rule.why}); no approval that counts is one's yet.`,
      );
  }
  return judgement;
}

/** Whether the check passes: every standing approval counts, every author is known, every team approved. */
export const passes = (judgement: Judgement) =>
  judgement.uncounted.length === 0 &&
  judgement.unknownAuthors.length === 0 &&
  judgement.missingTeams.length === 0;
