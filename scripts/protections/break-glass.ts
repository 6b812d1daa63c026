/**
 * The break-glass of a deploy that a difference from the policy stopped: finds main's approved
 * break-glass run of this very commit (.github/workflows/break-glass.yml, asked for with a reason
 * and approved in the environment `break-glass` by someone other than who asked), writes its
 * record (who asked, why, who approved and when) to a JSON file kept with the deploy's own, and
 * exits with 0. Without one, or with one that does not hold, it says why and exits with 1: the
 * deploy stays stopped. Everything is read from GitHub's API, never from the break-glass run's
 * own files.
 *
 *   GITHUB_TOKEN=<token that reads Actions> node scripts/protections/break-glass.ts \
 *     --repo OWNER/NAME --commit SHA --record FILE [--api-url URL]
 */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { type GitHubApi, Unreadable, gitHubApi } from './github.ts';
import { policy } from './policy.ts';

/** The title a break-glass run is given (its `run-name`), before the reason. */
const TITLE_PREFIX = 'Break-glass: ';

interface BreakGlassRecord {
  commit: string;
  run: string;
  requested_by: string;
  requested_at: string;
  reason: string;
  approved_by: string;
  approver_comment: string;
  /** When the approved run ended, seconds after the approval. */
  approved_by_then: string;
}

interface Run {
  html_url: string;
  id: number;
  path: string;
  event: string;
  head_branch: string | null;
  head_sha: string;
  conclusion: string | null;
  display_title: string;
  created_at: string;
  updated_at: string;
  actor?: { login: string };
  triggering_actor?: { login: string };
}

/** The record of the newest break-glass that holds for `commit`, or why none does. */
async function findBreakGlass(
  api: GitHubApi,
  repository: string,
  commit: string,
  now: Date,
): Promise<{ record: BreakGlassRecord } | { refused: string[] }> {
  const { workflow, environment, valid_for_hours } = policy.break_glass;
  const branch = policy.default_branch;
  const runs = (await api.list(
    `repos/${repository}/actions/workflows/${basename(workflow)}/runs?event=workflow_dispatch&branch=${branch}&status=success&head_sha=${commit}`,
    'workflow_runs',
  )) as Run[];
  const refused: string[] = [];
  for (const run of runs.sort((a, b) => b.created_at.localeCompare(a.created_at))) {
    // GitHub filters by these already; a run they do not describe is not this commit's on main.
    if (
      run.path !== workflow ||
      run.event !== 'workflow_dispatch' ||
      run.head_branch !== branch ||
      run.head_sha !== commit ||
      run.conclusion !== 'success'
    ) {
      continue;
    }
    const requester = run.triggering_actor?.login ?? run.actor?.login ?? '';
    const reason = run.display_title.startsWith(TITLE_PREFIX)
      ? run.display_title.slice(TITLE_PREFIX.length).trim()
      : '';
    const approvals = (await api.get(`repos/${repository}/actions/runs/${run.id}/approvals`)) as {
      state: string;
      comment: string;
      user: { login: string };
      environments: { name?: string }[];
    }[];
    const approval = approvals.find(
      (a) => a.state === 'approved' && a.environments.some((e) => e.name === environment),
    );
    const hours = (now.getTime() - Date.parse(run.updated_at)) / 3_600_000;
    const why = !approval
      ? `no one approved it in the environment ${environment}`
      : approval.user.login === requester
        ? `${requester} approved their own request`
        : !reason
          ? 'it gives no reason'
          : hours > valid_for_hours
            ? `it was approved more than ${valid_for_hours} hours ago`
            : null;
    if (why || !approval) {
      refused.push(`The break-glass run ${run.html_url} does not hold: ${why}.`);
      continue;
    }
    return {
      record: {
        commit,
        run: run.html_url,
        requested_by: requester,
        requested_at: run.created_at,
        reason,
        approved_by: approval.user.login,
        approver_comment: approval.comment,
        approved_by_then: run.updated_at,
      },
    };
  }
  if (!refused.length) {
    refused.push(
      `No break-glass run of ${workflow} on ${branch} was approved for commit ${commit}.`,
    );
  }
  return { refused };
}

const usage =
  'Usage: GITHUB_TOKEN=<token> node scripts/protections/break-glass.ts --repo OWNER/NAME --commit SHA --record FILE [--api-url URL]';
const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    commit: { type: 'string' },
    record: { type: 'string' },
    'api-url': { type: 'string' },
  },
});
const token = process.env.GITHUB_TOKEN;
if (
  !values.repo?.includes('/') ||
  !/^[0-9a-f]{40}$/.test(values.commit ?? '') ||
  !values.record ||
  !token
) {
  console.error(
    `Name the repository, the commit's full SHA and the record's file, with a token in GITHUB_TOKEN.\n${usage}`,
  );
  process.exit(2);
}
const restUrl = values['api-url'] ?? process.env.GITHUB_API_URL ?? 'https://api.github.com';
const api = gitHubApi({ restUrl, graphqlUrl: `${restUrl}/graphql`, token });
let found;
try {
  found = await findBreakGlass(api, values.repo, values.commit!, new Date());
} catch (error) {
  if (!(error instanceof Unreadable)) throw error;
  found = {
    refused: [`No break-glass could be read, so none lets the deploy through: ${error.message}.`],
  };
}
if ('refused' in found) {
  for (const line of found.refused) console.log(line);
  console.log('The deploy stays stopped.');
  process.exit(1);
}
const { record } = found;
writeFileSync(values.record, `${JSON.stringify(record, null, 2)}\n`);
console.log(
  `Break-glass: ${record.approved_by} approved the deploy of ${record.commit} that ${record.requested_by} asked for at ${record.requested_at}, because "${record.reason}"; the approved run ended at ${record.approved_by_then} (${record.run}). The differences above are let through for this deploy alone, and this record is kept with it.`,
);
