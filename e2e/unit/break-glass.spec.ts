import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type RestAnswer, serveRecordedGitHub } from '../support/recorded-github';
import { NAME, OWNER, breakGlassRun, environmentApproval } from '../support/protections-answers';

/**
 * The break-glass of a deploy the protections stopped (scripts/protections/break-glass.ts), against
 * recorded answers of GitHub's REST API checked against its published description: main's run of
 * break-glass.yml for the very commit, with a reason, approved in the environment `break-glass` by
 * someone other than who asked, within a day, lets the deploy through and writes its record; any
 * other run leaves the deploy stopped, saying why.
 */

const TOKEN = 'ghs_recorded-workflow-token';

// A worker's first answer of each kind compiles its schema out of GitHub's 13 MB description.
test.describe.configure({ timeout: 120_000 });
const COMMIT = 'a'.repeat(40);
const RUNS = `/repos/${OWNER}/${NAME}/actions/workflows/break-glass.yml/runs?event=workflow_dispatch&branch=main&status=success&head_sha=${COMMIT}&per_page=100`;
const hoursAgo = (hours: number) =>
  new Date(Date.now() - hours * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');

interface Case {
  title?: string;
  path?: string;
  branch?: string;
  approver?: string;
  state?: string;
  environment?: string;
  approvedHoursAgo?: number;
}

async function breakGlass(runs: Case[]) {
  const rest: Record<string, RestAnswer> = {};
  const listed = runs.map((run, index) => {
    const id = 500 + index;
    rest[`GET /repos/${OWNER}/${NAME}/actions/runs/${id}/approvals`] = {
      status: 200,
      body:
        run.state === 'none'
          ? []
          : [
              environmentApproval(
                run.approver ?? 'sec-nomsa',
                run.state ?? 'approved',
                run.environment ?? 'break-glass',
                'Seen: the fix is urgent.',
              ),
            ],
    };
    return breakGlassRun({
      id,
      commit: COMMIT,
      path: run.path ?? '.github/workflows/break-glass.yml',
      branch: run.branch ?? 'main',
      requester: 'dev-thabo',
      title: run.title ?? 'Break-glass: the legal footer names a withdrawn licence number',
      // Each run asked for a little before the one listed before it, as GitHub lists the newest first.
      createdAt: hoursAgo((run.approvedHoursAgo ?? 1) + 0.5 + index / 100),
      updatedAt: hoursAgo(run.approvedHoursAgo ?? 1),
    });
  });
  rest[`GET ${RUNS}`] = {
    status: 200,
    body: { total_count: listed.length, workflow_runs: listed },
  };
  const github = await serveRecordedGitHub({ rest, graphql: () => undefined }, TOKEN);
  const record = join(mkdtempSync(join(tmpdir(), 'break-glass-')), 'record.json');
  try {
    const result = await new Promise<{ status: number; stdout: string }>((resolve) =>
      execFile(
        process.execPath,
        [
          'scripts/protections/break-glass.ts',
          '--repo',
          `${OWNER}/${NAME}`,
          '--commit',
          COMMIT,
          '--record',
          record,
          '--api-url',
          github.url,
        ],
        {
          env: { ...process.env, GITHUB_API_URL: undefined, GITHUB_TOKEN: TOKEN },
          encoding: 'utf8',
        },
        (error, stdout) => resolve({ status: error ? Number(error.code) : 0, stdout }),
      ),
    );
    expect(github.invalid, "answers GitHub's description does not allow").toEqual([]);
    expect(github.unrecorded).toEqual([]);
    return {
      ...result,
      record: existsSync(record) ? JSON.parse(readFileSync(record, 'utf8')) : null,
    };
  } finally {
    await github.close();
  }
}

test('an approved break-glass of the commit lets it through, and its record names who, why and when', async () => {
  const { status, stdout, record } = await breakGlass([{}]);
  expect(stdout).toMatch(
    /^Break-glass: sec-nomsa approved the deploy of a{40} that dev-thabo asked for at .*, because "the legal footer names a withdrawn licence number"/,
  );
  expect(record).toMatchObject({
    commit: COMMIT,
    requested_by: 'dev-thabo',
    reason: 'the legal footer names a withdrawn licence number',
    approved_by: 'sec-nomsa',
    approver_comment: 'Seen: the fix is urgent.',
    run: `https://github.com/${OWNER}/${NAME}/actions/runs/500`,
  });
  expect(Date.parse(record.approved_by_then)).toBeLessThan(Date.now());
  expect(status).toBe(0);
});

test('no break-glass, or one that does not hold, leaves the deploy stopped and says why', async () => {
  const none = await breakGlass([]);
  expect(none.stdout).toContain(
    `No break-glass run of .github/workflows/break-glass.yml on main was approved for commit ${COMMIT}.`,
  );
  expect(none.status).toBe(1);

  const refused = await breakGlass([
    { approver: 'dev-thabo' },
    { state: 'rejected' },
    { state: 'none' },
    { environment: 'production' },
    { title: 'Break-glass:   ' },
    { approvedHoursAgo: 25 },
  ]);
  const lines = refused.stdout.trim().split('\n');
  expect(
    lines.slice(0, -1).map((line) => line.replace(/^.*runs\/\d+ does not hold: /, '')),
  ).toEqual([
    'dev-thabo approved their own request.',
    'no one approved it in the environment break-glass.',
    'no one approved it in the environment break-glass.',
    'no one approved it in the environment break-glass.',
    'it gives no reason.',
    'it was approved more than 24 hours ago.',
  ]);
  expect(lines.at(-1)).toBe('The deploy stays stopped.');
  expect(refused.record).toBeNull();
  expect(refused.status).toBe(1);
});

test("a run of another branch's or another file's break-glass is no break-glass", async () => {
  const result = await breakGlass([
    { branch: 'content/eve/fix' },
    { path: '.github/workflows/other.yml' },
  ]);
  expect(result.stdout).toContain(
    'No break-glass run of .github/workflows/break-glass.yml on main was approved',
  );
  expect(result.status).toBe(1);
});
