import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { load } from 'js-yaml';
import { reviewersFor } from '../../editor/service/reviewers';

/**
 * Four eyes on regulated words (issue 40): the statutory and legal texts need the compliance
 * team's review, the rest of content/ a marketing reviewer's and the code a developer's; a
 * required check refuses an approval given by an author of the change, and runs main's code alone;
 * and the pull request of an editor's change is opened with a GitHub App's token, so that its
 * workflows run, never with the workflow's own token. actionlint reads these workflows with the
 * others (workflows.spec.ts).
 *
 * The teams and files are written here, never read from CODEOWNERS or the workflows, so that
 * renaming them there cannot make the test agree.
 */

const COMPLIANCE = '@example-bank/compliance';
const MARKETING = '@example-bank/marketing-reviewers';
const DEVELOPERS = '@example-bank/developers';

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const codeowners = readFileSync('.github/CODEOWNERS', 'utf8');
const workflow = (name: string) =>
  load(readFileSync(`.github/workflows/${name}`, 'utf8')) as Workflow;

test('the statutory and legal texts, and the rules holding their words, need the compliance team', () => {
  for (const file of [
    // The FSP licence line, the UK status line, the offshore regulators, complaints.
    'content/legal.ts',
    // The minimum portfolio, the scam warning, the important information.
    'content/south-africa.ts',
    // The bank's name, which every statutory line says.
    'content/site.ts',
    // The numbers whose call charges the important information states.
    'content/contact.ts',
    'content/schema/index.ts',
    'content/schema/text-rules.ts',
  ]) {
    expect(reviewersFor(codeowners, [file]), file).toEqual([COMPLIANCE]);
  }
});

test('the rest of content/ needs a marketing reviewer, and the code a developer', () => {
  for (const file of [
    'content/home.ts',
    'content/navigation.ts',
    'content/not-found.ts',
    'content/error-page.ts',
  ]) {
    expect(reviewersFor(codeowners, [file]), file).toEqual([MARKETING]);
  }
  for (const file of ['app/south-africa/page.tsx', 'components/layout/footer.tsx', 'README.md']) {
    expect(reviewersFor(codeowners, [file]), file).toEqual([DEVELOPERS]);
  }
});

test('the controls need the compliance team: whoever changes them alone could remove its review', () => {
  for (const file of [
    '.github/CODEOWNERS',
    '.github/workflows/review.yml',
    '.github/workflows/content-pull-request.yml',
    'scripts/review/approvers.ts',
  ]) {
    expect(reviewersFor(codeowners, [file]), file).toEqual([COMPLIANCE]);
  }
});

test('each CODEOWNERS line names one team, so no other team can stand in for compliance', () => {
  const lines = codeowners.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  for (const line of lines) expect(line.trim().split(/\s+/), line).toHaveLength(2);
});

test('the approvers check is a job run on each push and review of a pull request', () => {
  const { on, jobs } = workflow('review.yml');
  expect(Object.keys(on).sort()).toEqual(['pull_request', 'pull_request_review']);
  const runs = (jobs.approvers?.steps ?? []).map((step) => step.run ?? '');
  expect(runs).toContain(
    'node scripts/review/check-approvers.ts "$RUNNER_TEMP/reviews.jsonl" "$RUNNER_TEMP/commits.jsonl"',
  );
});

test("the approvers check runs main's code alone: it checks out main and installs nothing", () => {
  const steps = workflow('review.yml').jobs.approvers?.steps ?? [];
  const checkouts = steps.filter((step) => step.uses?.startsWith('actions/checkout@'));
  expect(checkouts).toHaveLength(1);
  expect(checkouts[0]?.with?.ref).toBe('main');
  for (const step of steps) {
    expect(step.run ?? '').not.toMatch(/\bnpm\b|\bnpx\b|\btsx\b|\byarn\b|\bpnpm\b/);
  }
});

test("the content branches' pull requests are opened with the App's token, never the workflow's", () => {
  const { on, jobs } = workflow('content-pull-request.yml');
  expect(on).toEqual({ push: { branches: ['content/**'] } });
  const steps = jobs.open?.steps ?? [];
  const app = steps.find((step) => step.uses?.startsWith('actions/create-github-app-token@'));
  // The App's token asks for writing pull requests and reading contents, and no more.
  expect(
    Object.fromEntries(
      Object.entries(app?.with ?? {}).filter(([input]) => input.startsWith('permission-')),
    ),
  ).toEqual({ 'permission-pull-requests': 'write', 'permission-contents': 'read' });
  const opens = steps.filter((step) => /gh pr create/.test(step.run ?? ''));
  expect(opens).toHaveLength(1);
  expect(opens[0]?.env?.GH_TOKEN).toBe(`\${{ steps.${app?.id}.outputs.token }}`);
  expect(JSON.stringify(opens[0])).not.toMatch(/github\.token|secrets\.GITHUB_TOKEN/);
});

test("the App's token meets no code of the branch: nothing is checked out or run but gh and jq", () => {
  const steps = workflow('content-pull-request.yml').jobs.open?.steps ?? [];
  expect(steps.map((step) => step.uses?.replace(/@.*/, '') ?? 'run')).toEqual([
    'actions/create-github-app-token',
    'run',
    'run',
  ]);
  // Nothing is checked out, so no file of the branch is there to run; nor is any installed.
  for (const step of steps) {
    expect(step.run ?? '').not.toMatch(/\b(npm|npx|node|tsx|yarn|pnpm|make|bash|sh|git)\b|\.\//);
  }
});
