/**
 * A merged pull request as GitHub's REST API tells it, for the records' tests (issue 54): the
 * answers the records command asks for, each made from the example GitHub's own OpenAPI
 * description gives for the operation (@octokit/openapi), with the fields a record reads set to the
 * test's values, and served by e2e/support/github-api.ts, which checks each against the operation's
 * schema before a test may use it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RecordedAnswer } from './github-api';

type Examples = Record<string, { value: unknown }>;
let examples: Examples | undefined;

/** GitHub's own example of an answer, by its name in the description, as a fresh copy. */
function example<T>(name: string): T {
  examples ??= (
    JSON.parse(
      readFileSync(
        fileURLToPath(import.meta.resolve('@octokit/openapi/generated/api.github.com.json')),
        'utf8',
      ),
    ) as { components: { examples: Examples } }
  ).components.examples;
  const found = examples[name];
  if (!found) throw new Error(`GitHub's description has no example ${name}`);
  return structuredClone(found.value) as T;
}

type User = { login: string; id: number; html_url: string };
const user = (login: string, id: number): User => ({
  ...example<User[]>('simple-user-items')[0]!,
  login,
  id,
  html_url: `https://github.com/${login}`,
});

/** One commit of the pull request, as its author made it. */
export type RecordedCommit = {
  sha: string;
  author: { name: string; email: string };
  message: string;
  /** Whether GitHub verified its signature. */
  verified: boolean;
};

/** One review: its reviewer, its state, its text (the reason), and when. */
export type RecordedReview = {
  login: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED';
  body: string;
  at: string;
};

export type RecordedPullRequest = {
  repository: string;
  number: number;
  title: string;
  /** The commit main got from it (its merge), which the deploy finds it by. */
  mergeCommit: string;
  mergedBy: string;
  mergedAt: string;
  commits: RecordedCommit[];
  reviews: RecordedReview[];
};

const perPage = { per_page: 100 };

/** The answers about a merged pull request that the records command asks GitHub for. */
export function pullRequestAnswers(pull: RecordedPullRequest): RecordedAnswer[] {
  const [owner = '', repo = ''] = pull.repository.split('/');
  const url = `https://github.com/${pull.repository}/pull/${pull.number}`;
  const head = pull.commits.at(-1)?.sha ?? pull.mergeCommit;
  const full = example<Record<string, unknown>>('pull-request');
  const simple = example<Record<string, unknown>[]>('pull-request-simple-items')[0]!;
  const fields = {
    number: pull.number,
    title: pull.title,
    html_url: url,
    state: 'closed',
    merged_at: pull.mergedAt,
    closed_at: pull.mergedAt,
    merge_commit_sha: pull.mergeCommit,
    user: user('editing-service-bot', 900),
    // GitHub's examples name reviewers in shapes its own schema no longer allows.
    requested_reviewers: [],
    requested_teams: [],
    head: { ...(full.head as object), sha: head },
  };
  return [
    {
      method: 'GET',
      template: '/repos/{owner}/{repo}/commits/{commit_sha}/pulls',
      params: { owner, repo, commit_sha: pull.mergeCommit },
      query: perPage,
      body: [{ ...simple, ...fields, head: { ...(simple.head as object), sha: head } }],
    },
    {
      method: 'GET',
      template: '/repos/{owner}/{repo}/pulls/{pull_number}',
      params: { owner, repo, pull_number: pull.number },
      body: { ...full, ...fields, merged: true, merged_by: user(pull.mergedBy, 901) },
    },
    {
      method: 'GET',
      template: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
      params: { owner, repo, pull_number: pull.number },
      query: perPage,
      body: pull.reviews.map((review, index) => ({
        ...example<Record<string, unknown>[]>('pull-request-review-items')[0]!,
        id: 7000 + index,
        user: user(review.login, 800 + index),
        state: review.state,
        body: review.body,
        submitted_at: review.at,
        commit_id: head,
        html_url: `${url}#pullrequestreview-${7000 + index}`,
      })),
    },
    {
      method: 'GET',
      template: '/repos/{owner}/{repo}/pulls/{pull_number}/commits',
      params: { owner, repo, pull_number: pull.number },
      query: perPage,
      body: pull.commits.map((commit) => {
        const item = example<Record<string, Record<string, unknown>>[]>('commit-items')[0]!;
        return {
          ...item,
          sha: commit.sha,
          commit: {
            ...item.commit,
            author: { ...commit.author, date: pull.mergedAt },
            message: commit.message,
            verification: {
              verified: commit.verified,
              reason: commit.verified ? 'valid' : 'unsigned',
              signature: null,
              payload: null,
              verified_at: null,
            },
          },
        };
      }),
    },
  ];
}

/** The members of each team, as GitHub lists them. */
export function teamAnswers(org: string, teams: Record<string, string[]>): RecordedAnswer[] {
  return Object.entries(teams).map(([team, logins]) => ({
    method: 'GET',
    template: '/orgs/{org}/teams/{team_slug}/members',
    params: { org, team_slug: team },
    query: perPage,
    body: logins.map((login, index) => ({
      ...example<Record<string, unknown>[]>('team-member-items')[0]!,
      login,
      id: 600 + index,
    })),
  }));
}
