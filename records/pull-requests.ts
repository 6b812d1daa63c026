/**
 * The pull requests a release brings, as the record keeps them: each one's number, title and
 * address, who merged it and when, its editors, and its approvers with their reasons (each review's
 * text), each approver's team as GitHub says it when the record is made, and which approval is the
 * compliance team's sign-off and which the final approval. Read from GitHub's REST API
 * (GITHUB_API_URL, which GitHub's runners set, with a token that may read the repository's pull
 * requests and the organisation's teams: docs/deploying.md, "Records for a regulator").
 *
 * Decided where the issue is silent: a compliance sign-off is a standing approval by a member of
 * the compliance team; the final approval is the last standing approval given before the merge,
 * whoever gave it, since it is the one that let the change be merged; the merge itself (who, when)
 * is kept beside them.
 */

/** How to reach GitHub's API, and which repository and teams a record reads. */
export type GitHubSource = {
  /** GITHUB_API_URL: https://api.github.com, or a test's recorded answers. */
  api: string;
  token: string;
  /** owner/name. */
  repository: string;
  /** The teams whose members' approvals count, by slug (CODEOWNERS's teams). */
  teams: string[];
  /** The compliance team's slug, whose members' approvals are compliance sign-offs. */
  complianceTeam: string;
};

/** One approval, as the record keeps it. */
export type Approval = {
  /** The approver's GitHub account. */
  login: string;
  /** The teams of `GitHubSource.teams` the approver is a member of, as GitHub says when recorded. */
  teams: string[];
  role: 'compliance sign-off' | 'approval';
  /** Whether it is the last approval given before the merge. */
  final: boolean;
  /** The reason the approver gave: the review's text, as written. */
  reason: string;
  at: string;
  /** The commit the approver approved. */
  commit: string;
  url: string;
};

/** One editor, from the commits of the pull request. */
export type Editor = {
  name: string;
  email: string;
  /** The bank identity the commit names in its Bank-Identity line, where GitHub verified its signature. */
  bankIdentity?: string;
  /** The commits they wrote. */
  commits: string[];
};

export type PullRequestRecord = {
  number: number;
  title: string;
  url: string;
  openedBy: string;
  mergedBy: string | null;
  mergedAt: string | null;
  /** The commit its branch ended at. */
  head: string;
  editors: Editor[];
  approvals: Approval[];
  /** The editing service's audit log's chain head, as the last commit naming one gave it. */
  auditChainHead: string | null;
};

/** The line of a commit the editing service signs, naming the editor (issue 48). */
const IDENTITY_LINE = /^Bank-Identity: (\S+)$/m;
/** The line naming the audit log's chain head when the change was proposed (issue 51). */
const AUDIT_HEAD_LINE = /^Audit-Chain-Head: (\S+)$/m;

/** A GitHub answer that is not what the record needs, in words. */
export class GitHubFailure extends Error {}

/** Reads GitHub's REST API: one answer, or every page of a list. */
function gitHubReader(source: GitHubSource) {
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${source.token}`,
    'x-github-api-version': '2022-11-28',
  };
  const request = async (url: string) => {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) }).catch(
      (error: unknown) => {
        throw new GitHubFailure(
          `GitHub's API at ${source.api} cannot be reached (${String(error)})`,
        );
      },
    );
    return response;
  };
  const address = (path: string) => `${source.api.replace(/\/$/, '')}${path}`;
  return {
    /** One answer; undefined where GitHub answers 404. */
    async one<T>(path: string): Promise<T | undefined> {
      const response = await request(address(path));
      if (response.status === 404) return undefined;
      if (!response.ok)
        throw new GitHubFailure(`GitHub's API answered ${response.status} to ${path}`);
      return (await response.json()) as T;
    },
    /** Every item of a list, page after page, as GitHub's Link header leads. */
    async all<T>(path: string): Promise<T[]> {
      const items: T[] = [];
      let next: string | undefined = address(
        `${path}${path.includes('?') ? '&' : '?'}per_page=100`,
      );
      while (next) {
        const response = await request(next);
        if (!response.ok)
          throw new GitHubFailure(`GitHub's API answered ${response.status} to ${path}`);
        items.push(...((await response.json()) as T[]));
        next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      }
      return items;
    },
  };
}

type PullAnswer = {
  number: number;
  title: string;
  html_url: string;
  user: { login: string } | null;
  merged_at: string | null;
  merged_by?: { login: string } | null;
  head: { sha: string };
};
type ReviewAnswer = {
  user: { login: string } | null;
  state: string;
  body: string;
  submitted_at?: string;
  commit_id: string | null;
  html_url: string;
};
type CommitAnswer = {
  sha: string;
  commit: {
    author: { name?: string; email?: string } | null;
    message: string;
    verification?: { verified: boolean };
  };
};

/** Each team's members, by login in lower case, as GitHub says now: read once a preparation. */
const teamsRead = new Map<string, Promise<Map<string, Set<string>>>>();
function teamMembers(source: GitHubSource): Promise<Map<string, Set<string>>> {
  const key = `${source.api} ${source.repository} ${source.teams.join(' ')}`;
  if (!teamsRead.has(key)) {
    const github = gitHubReader(source);
    const [org] = source.repository.split('/');
    teamsRead.set(
      key,
      Promise.all(
        source.teams.map(async (team) => {
          const members = await github.all<{ login: string }>(`/orgs/${org}/teams/${team}/members`);
          return [team, new Set(members.map((member) => member.login.toLowerCase()))] as const;
        }),
      ).then((entries) => new Map(entries)),
    );
  }
  return teamsRead.get(key)!;
}

/** Each reviewer's standing review: a comment leaves the one before it standing. */
function standingReviews(reviews: ReviewAnswer[]): ReviewAnswer[] {
  const standing = new Map<string, ReviewAnswer>();
  for (const review of reviews) {
    if (!review.user || review.state === 'COMMENTED' || review.state === 'PENDING') continue;
    standing.set(review.user.login.toLowerCase(), review);
  }
  return [...standing.values()];
}

/** The numbers of the pull requests that brought commits to the default branch, each once. */
export async function pullRequestsOfCommits(
  source: GitHubSource,
  commits: string[],
): Promise<number[]> {
  const github = gitHubReader(source);
  const numbers = new Set<number>();
  for (const commit of commits) {
    const pulls = await github.all<{ number: number; merged_at: string | null }>(
      `/repos/${source.repository}/commits/${commit}/pulls`,
    );
    for (const pull of pulls) if (pull.merged_at) numbers.add(pull.number);
  }
  return [...numbers].sort((a, b) => a - b);
}

/** A pull request as the record keeps it, read from GitHub. */
export async function pullRequestRecord(
  source: GitHubSource,
  number: number,
): Promise<PullRequestRecord> {
  const github = gitHubReader(source);
  const base = `/repos/${source.repository}/pulls/${number}`;
  const pull = await github.one<PullAnswer>(base);
  if (!pull)
    throw new GitHubFailure(`GitHub has no pull request ${number} in ${source.repository}`);
  const [reviews, commits] = await Promise.all([
    github.all<ReviewAnswer>(`${base}/reviews`),
    github.all<CommitAnswer>(`${base}/commits`),
  ]);

  const editors = new Map<string, Editor>();
  for (const { sha, commit } of commits) {
    const identity = commit.verification?.verified
      ? IDENTITY_LINE.exec(commit.message)?.[1]
      : undefined;
    const email = (commit.author?.email ?? '').toLowerCase();
    const key = identity ?? email;
    const editor = editors.get(key) ?? {
      name: commit.author?.name ?? '',
      email,
      ...(identity ? { bankIdentity: identity } : {}),
      commits: [],
    };
    editor.commits.push(sha);
    editors.set(key, editor);
  }
  const auditChainHead =
    commits
      .map(({ commit }) => AUDIT_HEAD_LINE.exec(commit.message)?.[1])
      .filter(Boolean)
      .at(-1) ?? null;

  const approved = standingReviews(reviews)
    .filter((review) => review.state === 'APPROVED' && review.submitted_at)
    .filter((review) => !pull.merged_at || review.submitted_at! <= pull.merged_at)
    .sort((a, b) => a.submitted_at!.localeCompare(b.submitted_at!));
  const approvals: Approval[] = [];
  const members = await teamMembers(source);
  for (const [index, review] of approved.entries()) {
    const login = review.user!.login;
    const teams = source.teams.filter((team) => members.get(team)?.has(login.toLowerCase()));
    approvals.push({
      login,
      teams,
      role: teams.includes(source.complianceTeam) ? 'compliance sign-off' : 'approval',
      final: index === approved.length - 1,
      reason: review.body,
      at: review.submitted_at!,
      commit: review.commit_id ?? '',
      url: review.html_url,
    });
  }

  return {
    number: pull.number,
    title: pull.title,
    url: pull.html_url,
    openedBy: pull.user?.login ?? 'a deleted account',
    mergedBy: pull.merged_by?.login ?? null,
    mergedAt: pull.merged_at,
    head: pull.head.sha,
    editors: [...editors.values()],
    approvals,
    auditChainHead,
  };
}
