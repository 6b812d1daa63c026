/**
 * The approvers check (approvers.ts), as .github/workflows/approvers.yml runs it from main: it
 * judges every open pull request into main at its head commit, reading everything through GitHub's
 * API, and posts its judgement on that commit as the check run `approvers`, with the token of the
 * bank's approvers App, whose check main requires (docs/deploying.md). Nothing of a pull request is
 * checked out or run: the commits' signatures are checked from the API's answers (signatures.ts),
 * against main's .github/allowed-signers, and the routes and rules are main's
 * .github/approvers.json, both read from the working folder, a checkout of main.
 *
 * Node runs it as it is, with no package installed, so it and what it imports use nothing but
 * Node's own modules and ssh-keygen.
 *
 *   GITHUB_API_URL=https://api.github.com GITHUB_REPOSITORY=owner/name GH_TOKEN=… \
 *     node scripts/review/check-approvers.ts
 *
 * It exits with 0 once it has posted a judgement on each pull request, whatever the judgements,
 * and with 1 when it could not read or post (GitHub then shows no `approvers` check, which main
 * requires, so nothing merges).
 */
import { readFileSync } from 'node:fs';
import {
  type Account,
  type CommitRecord,
  type Judgement,
  judgeApprovals,
  passes,
  type RequiredTeam,
  requiredTeamsFor,
  type Review,
  type ReviewState,
} from './approvers.ts';
import { gitHub, type GitHub } from './github.ts';
import { bankIdentities, type BankIdentities, type Route } from './identities.ts';
import { verifyCommit } from './signatures.ts';

/** main's settings of the check. */
const SETTINGS = '.github/approvers.json';
const ALLOWED_SIGNERS = '.github/allowed-signers';
/** The check's name, which main's ruleset requires from the approvers App. */
const CHECK_NAME = 'approvers';
/** What GitHub's API lists of a pull request at most: 250 commits, 3,000 files. */
const MAX_COMMITS = 250;
const MAX_FILES = 3000;

type Settings = { bankIdentities?: Route; requiredTeams: RequiredTeam[] };
type User = { login: string; type: string } | null;
/** An open pull request, as GitHub's list of them gives it. */
type PullRequest = {
  number: number;
  head: { sha: string; ref: string; repo: { full_name: string } | null };
};

const short = (sha: string) => sha.slice(0, 7);

/** Everything the check reads of one pull request, and its judgement. */
async function judge(
  github: GitHub,
  repository: string,
  pull: PullRequest,
  identities: BankIdentities,
  settings: Settings,
): Promise<Judgement | 'moved'> {
  const base = `/repos/${repository}/pulls/${pull.number}`;
  const reviews = (
    await github.list<{ user: User; state: ReviewState }>(`${base}/reviews?per_page=100`)
  ).map((review): Review => ({ reviewer: review.user?.login ?? null, state: review.state }));
  const listed = await github.list<{
    sha: string;
    commit: {
      author: { email?: string } | null;
      committer: { email?: string } | null;
      verification?: { payload: string | null; signature: string | null };
    };
    author: User | Record<string, never>;
    committer: User | Record<string, never>;
  }>(`${base}/commits?per_page=100`);
  const account = (user: User | Record<string, never>): Account | null =>
    user && 'login' in user ? { login: user.login, type: user.type } : null;
  const commits = listed.map((item): CommitRecord => ({
    sha: item.sha,
    verification: verifyCommit(
      {
        sha: item.sha,
        payload: item.commit.verification?.payload ?? null,
        signature: item.commit.verification?.signature ?? null,
      },
      ALLOWED_SIGNERS,
    ),
    author: { email: item.commit.author?.email ?? 'no e-mail', account: account(item.author) },
    committer: {
      email: item.commit.committer?.email ?? 'no e-mail',
      account: account(item.committer),
    },
  }));
  const changed = await github.list<{ filename: string; previous_filename?: string }>(
    `${base}/files?per_page=100`,
  );
  // A file renamed away from a path the rules name changes that path too.
  const files = changed.flatMap(({ filename, previous_filename }) =>
    previous_filename ? [filename, previous_filename] : [filename],
  );
  const sameRepository = pull.head.repo?.full_name === repository;
  const pushers = commits.every((commit) => commit.verification.verified)
    ? []
    : sameRepository
      ? (
          await github.list<{ actor: User; activity_type: string }>(
            `/repos/${repository}/activity?ref=${encodeURIComponent(`refs/heads/${pull.head.ref}`)}&per_page=100`,
          )
        )
          .filter(({ activity_type }) =>
            ['push', 'force_push', 'branch_creation'].includes(activity_type),
          )
          .map(({ actor }) => actor ?? { login: 'a deleted account', type: 'Deleted' })
      : {
          unknown: `The branch is in another repository (${pull.head.repo?.full_name ?? 'deleted'}), whose pushes this repository's activity does not list, and a commit of it was not signed by the editing service.`,
        };
  const members: Record<string, string[]> = {};
  for (const { team } of requiredTeamsFor(settings.requiredTeams, files)) {
    const [organisation, slug] = team.split('/');
    members[team] ??= (
      await github.list<{ login: string }>(
        `/orgs/${organisation}/teams/${slug}/members?per_page=100`,
      )
    ).map(({ login }) => login);
  }
  const judgement = judgeApprovals(
    {
      reviews,
      commits,
      commitsCutShort:
        listed.length >= MAX_COMMITS
          ? `The pull request has ${MAX_COMMITS} commits or more, and GitHub's API lists ${MAX_COMMITS} at most, so not all its authors are known.`
          : undefined,
      pushers: Array.isArray(pushers) ? pushers.filter((user) => user !== null) : pushers,
      files,
      members,
    },
    identities,
    settings.requiredTeams,
  );
  if (changed.length >= MAX_FILES)
    judgement.missingTeams.push(
      `The pull request changes ${MAX_FILES} files or more, and GitHub's API lists ${MAX_FILES} at most, so which teams must approve is not known.`,
    );
  // A push between the list of pull requests and the list of commits: the judgement would be of
  // another commit than the one it is posted on.
  if (listed.at(-1)?.sha !== pull.head.sha) return 'moved';
  return judgement;
}

/** The judgement in words, a line each, as the check run's summary and the log say it. */
function inWords(judgement: Judgement | { problem: string }): string[] {
  if ('problem' in judgement) return [judgement.problem];
  const lines = [
    ...judgement.counted.map((reviewer) => `The approval of ${reviewer} counts.`),
    ...judgement.uncounted.map(
      ({ reviewer, why }) => `The approval of ${reviewer} does not count. ${why}`,
    ),
    ...judgement.unknownAuthors,
    ...judgement.missingTeams,
  ];
  if (!passes(judgement))
    lines.push(
      'The check fails until every approval counts, every author is known and every team named approves.',
    );
  else if (!judgement.counted.length)
    lines.push('No approval stands yet: each one given is checked as it comes.');
  return lines;
}

async function main() {
  const { GITHUB_API_URL: api, GITHUB_REPOSITORY: repository, GH_TOKEN: token } = process.env;
  if (!api || !repository || !token)
    throw new Error('the check needs GITHUB_API_URL, GITHUB_REPOSITORY and GH_TOKEN');
  const settings = JSON.parse(readFileSync(SETTINGS, 'utf8')) as Settings;
  const identities = bankIdentities(settings.bankIdentities);
  const github = gitHub(api, token);
  const open = await github.list<PullRequest>(
    `/repos/${repository}/pulls?state=open&base=main&per_page=100`,
  );
  for (const pull of open) {
    const judgement =
      'problem' in identities
        ? identities
        : await judge(github, repository, pull, identities, settings);
    if (judgement === 'moved') {
      console.log(
        `Pull request #${pull.number} moved while it was read: the run its push started judges it.`,
      );
      continue;
    }
    const passed = !('problem' in judgement) && passes(judgement);
    const lines = inWords(judgement);
    await github.post(`/repos/${repository}/check-runs`, {
      name: CHECK_NAME,
      head_sha: pull.head.sha,
      status: 'completed',
      conclusion: passed ? 'success' : 'failure',
      output: {
        title: passed ? 'Every approval counts' : 'Not every approval counts yet',
        summary: lines.join('\n\n'),
      },
    });
    console.log(
      `Pull request #${pull.number} at ${short(pull.head.sha)}: ${passed ? 'passes' : 'fails'}.`,
    );
    for (const line of lines) console.log(`  ${line}`);
  }
  if (!open.length) console.log('No pull request into main is open.');
}

await main().catch((error: unknown) => {
  console.error(
    `The approvers check could not judge: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
