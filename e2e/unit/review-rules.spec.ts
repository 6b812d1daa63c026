import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { load } from 'js-yaml';
import { type RequiredTeam, requiredTeamsFor } from '../../scripts/review/approvers';
import { reviewersFor } from '../../editor/service/reviewers';
import { policy } from '../../scripts/protections/policy';

/**
 * Four eyes that nobody can walk around (issues #40 and #48). The statutory and legal texts need
 * the compliance team's review, the rest of content/ a marketing reviewer's and the code a
 * developer's (CODEOWNERS); whatever decides who approves or what ships needs a team other than the
 * developers besides them (the approvers check's own rules); the approvers check runs from main
 * alone and posts with the approvers App, whose key, like the editing App's, is in no workflow that
 * a push or a pull request runs; and the pull request of an editor's change is opened from main
 * with the App's token. actionlint reads these workflows with the others (workflows.spec.ts).
 *
 * The teams, files, secrets and environments are written here, never read from CODEOWNERS, the
 * settings or the workflows, so that renaming them there cannot make the test agree.
 */

const COMPLIANCE = '@example-bank/compliance';
const MARKETING = '@example-bank/marketing-reviewers';
const DEVELOPERS = '@example-bank/developers';
const SECURITY = '@example-bank/security';
/** The protections' workflows, which CODEOWNERS gives the security team and main's ruleset the platform team. */
const PROTECTIONS_WORKFLOWS = [
  '.github/workflows/protections.yml',
  '.github/workflows/break-glass.yml',
];
const SECURITY_TEAM = 'example-bank/security';
const COMPLIANCE_TEAM = 'example-bank/compliance';
/** The GitHub Apps' private keys, and the environments that hold them. */
const APP_KEYS = {
  APPROVERS_APP_PRIVATE_KEY: 'approvers',
  EDITOR_APP_PRIVATE_KEY: 'content-pull-requests',
  PROTECTIONS_APP_PRIVATE_KEY: 'protections',
};
/**
 * The read-only protections App's key (issue #49), which reads the settings and writes nothing: main's
 * daily schedule and its deploy take it, in its environment limited to main
 * (protections-rules.spec.ts holds where it runs).
 */
const READ_ONLY_KEY = 'PROTECTIONS_APP_PRIVATE_KEY';

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  environment?: string;
  permissions?: Record<string, string>;
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const codeowners = readFileSync('.github/CODEOWNERS', 'utf8');
const settings = JSON.parse(readFileSync('.github/approvers.json', 'utf8')) as {
  requiredTeams: RequiredTeam[];
};
const folder = '.github/workflows';
const workflowNames = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
const workflow = (name: string) => load(readFileSync(`${folder}/${name}`, 'utf8')) as Workflow;

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
  for (const file of ['app/page.tsx', 'components/layout/logo.tsx', 'README.md']) {
    expect(reviewersFor(codeowners, [file]), file).toEqual([DEVELOPERS]);
  }
});

test('each CODEOWNERS line names one team, so no other team can stand in for compliance', () => {
  const lines = codeowners.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  for (const line of lines) expect(line.trim().split(/\s+/), line).toHaveLength(2);
});

test('whatever decides who approves or what ships needs a team other than the developers, besides them', () => {
  const security = [
    // Every workflow: what runs, with which credentials, and what ships.
    ...workflowNames.map((name) => `${folder}/${name}`),
    '.github/dependabot.yml',
    '.github/allowed-signers',
    // The approvers check itself.
    ...readdirSync('scripts/review').map((name) => `scripts/review/${name}`),
    // Who the editing service says an editor is: the headers it trusts, the commit's author, the
    // signature and its identity line, and the nginx block that sets the headers.
    'editor/service/identity.ts',
    'editor/service/workspaces.ts',
    'editor/service/signing.ts',
    'deploy/editor/nginx-editor.conf.template',
    'deploy/editor/nginx-sso.conf',
    'deploy/editor/private-bank-editor.service',
    // What ships.
    'scripts/release.ts',
    'scripts/release-editor.ts',
  ];
  const compliance = [
    // Who approves.
    '.github/CODEOWNERS',
    '.github/approvers.json',
    ...readdirSync('scripts/review').map((name) => `scripts/review/${name}`),
    // The go-live rules: what the release refuses to ship, and the content check's rules.
    'scripts/release.ts',
    'scripts/build/check-content.ts',
    'scripts/build/content-rules.ts',
    // The components that draw the legal and statutory texts.
    'lib/legal.ts',
    'lib/template.ts',
    'components/layout/site-footer.tsx',
    'components/sections/text-section.tsx',
    'components/ui/paragraphs.tsx',
    'components/ui/template-text.tsx',
    'app/south-africa/page.tsx',
  ];
  for (const [team, files] of [
    [SECURITY_TEAM, security],
    [COMPLIANCE_TEAM, compliance],
  ] as const) {
    for (const file of files) {
      // A file renamed or removed would leave its rule guarding nothing.
      expect(existsSync(file), `${file} exists`).toBe(true);
      const teams = requiredTeamsFor(settings.requiredTeams, [file]).map((rule) => rule.team);
      expect(teams, file).toContain(team);
      // A team of CODEOWNERS reviews it too: the developers, as the code's owners, but for the
      // protections' workflows, which the security team owns there (issue #49).
      expect(reviewersFor(codeowners, [file]), file).toEqual(
        PROTECTIONS_WORKFLOWS.includes(file) ? [SECURITY] : [DEVELOPERS],
      );
    }
  }
  // And a file outside them needs no other team.
  expect(requiredTeamsFor(settings.requiredTeams, ['components/layout/logo.tsx'])).toEqual([]);
});

test('the approvers check runs from main alone: on workflow_run of the review events, checking out main, installing nothing', () => {
  const { on, jobs } = workflow('approvers.yml');
  expect(on).toEqual({ workflow_run: { workflows: ['review'], types: ['completed'] } });
  const trigger = workflow('review.yml');
  expect(Object.keys(trigger.on).sort()).toEqual(['pull_request', 'pull_request_review', 'push']);
  expect(trigger.on.push).toEqual({ branches: ['main'] });
  // The trigger, run as a branch holds it, holds nothing: no permission, no action, no secret.
  expect(trigger.permissions).toEqual({});
  expect(JSON.stringify(trigger.jobs)).not.toMatch(/secrets\.|uses|permissions|environment/);
  const steps = jobs.approvers?.steps ?? [];
  const checkouts = steps.filter((step) => step.uses?.startsWith('actions/checkout@'));
  expect(checkouts).toHaveLength(1);
  expect(checkouts[0]?.with?.ref).toBe('main');
  for (const step of steps) {
    expect(step.run ?? '').not.toMatch(/\bnpm\b|\bnpx\b|\btsx\b|\byarn\b|\bpnpm\b/);
  }
});

test('the approvers check posts with the approvers App, whose key is in the environment approvers; the workflow token cannot post checks', () => {
  const job = workflow('approvers.yml').jobs.approvers!;
  expect(job.environment).toBe(APP_KEYS.APPROVERS_APP_PRIVATE_KEY);
  // The workflow's own token may read and nothing else: a check it posted would be GitHub
  // Actions', which main's rules do not take.
  expect(job.permissions).toEqual({ contents: 'read' });
  const steps = job.steps ?? [];
  const app = steps.find((step) => step.uses?.startsWith('actions/create-github-app-token@'));
  expect(app?.with?.['private-key']).toBe('${{ secrets.APPROVERS_APP_PRIVATE_KEY }}');
  expect(app?.with?.['permission-checks']).toBe('write');
  const check = steps.find((step) => step.run === 'node scripts/review/check-approvers.ts');
  expect(check?.env?.GH_TOKEN).toBe(`\${{ steps.${app?.id}.outputs.token }}`);
});

test("the repository's policy limits each App's environment to main, and takes the check approvers from the approvers App alone", () => {
  // The Apps' keys each in an environment of their own, which main alone may use, with no
  // administrator's bypass (scripts/protections/policy.ts, which the deploy and the daily run
  // compare with the live settings).
  for (const [secret, environment] of Object.entries(APP_KEYS)) {
    expect(
      policy.environments[environment as keyof typeof policy.environments],
      secret,
    ).toMatchObject({ branches: ['main'], can_admins_bypass: false, secrets: [secret] });
  }
  // main's ruleset, which no one bypasses, requires approvers from the App whose key only
  // approvers.yml takes: the same name posted by GitHub Actions, or any other App, counts for nothing.
  const main = policy.rulesets.find((ruleset) => ruleset.include.includes('~DEFAULT_BRANCH'));
  expect(main?.bypass).toEqual([]);
  expect(main?.rules.required_status_checks?.checks).toContainEqual({
    context: 'approvers',
    app: 'example-bank-approvers',
  });
  // The App can post checks and read what the check reads, and push nothing.
  expect(policy.apps['example-bank-approvers'].permissions).toEqual({
    metadata: 'read',
    contents: 'read',
    pull_requests: 'read',
    checks: 'write',
    members: 'read',
  });
});

test("the Apps' keys are in no workflow that a push or a pull request runs: only in main's workflow_run jobs, in their environments", () => {
  const found: string[] = [];
  for (const name of workflowNames) {
    const { on, jobs } = workflow(name);
    for (const [id, job] of Object.entries(jobs)) {
      for (const [, secret] of JSON.stringify(job).matchAll(/secrets\.(\w+)/g)) {
        if (!secret?.includes('APP_PRIVATE_KEY')) continue;
        found.push(`${name} ${id}: ${secret} in ${job.environment}`);
        if (secret === READ_ONLY_KEY) continue;
        // workflow_run alone: GitHub runs the default branch's file, whatever was pushed.
        expect(Object.keys(on), `${name} ${id}`).toEqual(['workflow_run']);
      }
    }
  }
  expect(found.sort()).toEqual([
    `approvers.yml approvers: APPROVERS_APP_PRIVATE_KEY in ${APP_KEYS.APPROVERS_APP_PRIVATE_KEY}`,
    `content-pull-request.yml open: EDITOR_APP_PRIVATE_KEY in ${APP_KEYS.EDITOR_APP_PRIVATE_KEY}`,
    `deploy.yml protections: ${READ_ONLY_KEY} in ${APP_KEYS[READ_ONLY_KEY]}`,
    `protections.yml protections: ${READ_ONLY_KEY} in ${APP_KEYS[READ_ONLY_KEY]}`,
  ]);
});

test("the content branches' pull requests are opened from main with the App's token, never the workflow's", () => {
  const { on, jobs } = workflow('content-pull-request.yml');
  expect(on).toEqual({ workflow_run: { workflows: ['content push'], types: ['completed'] } });
  const trigger = workflow('content-push.yml');
  expect(trigger.on).toEqual({ push: { branches: ['content/**'] } });
  expect(trigger.permissions).toEqual({});
  expect(JSON.stringify(trigger.jobs)).not.toMatch(/secrets\.|uses|permissions|environment/);
  // Only a push of a content branch of this repository, as GitHub names it.
  expect(jobs.open?.if).toContain("github.event.workflow_run.event == 'push'");
  expect(jobs.open?.if).toContain(
    'github.event.workflow_run.head_repository.full_name == github.repository',
  );
  expect(jobs.open?.if).toContain("startsWith(github.event.workflow_run.head_branch, 'content/')");
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
  // Nothing of the branch's is run, and nothing is done once the branch has moved on.
  for (const step of steps.slice(1)) expect(step.if).toBe("steps.branch.outputs.current == 'true'");
});

test("the App's token meets no code of the branch: nothing is checked out or run but gh and jq", () => {
  const steps = workflow('content-pull-request.yml').jobs.open?.steps ?? [];
  expect(steps.map((step) => step.uses?.replace(/@.*/, '') ?? 'run')).toEqual([
    'run',
    'actions/create-github-app-token',
    'run',
    'run',
  ]);
  // Nothing is checked out, so no file of the branch is there to run; nor is any installed.
  for (const step of steps) {
    expect(step.run ?? '').not.toMatch(/\b(npm|npx|node|tsx|yarn|pnpm|make|bash|sh|git)\b|\.\//);
  }
});
