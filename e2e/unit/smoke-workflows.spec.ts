import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { load } from 'js-yaml';
import ts from 'typescript';

/**
 * Where the workflows run the smoke tests (docs/deploying.md, docs/testing.md): against each pull
 * request's preview, with the result on the pull request; in the production deploy, between an
 * upload given no traffic and the promotion, through Cloudflare's version override once the new
 * version has proved to be the one answering; and every day against production, a failure told to
 * the platform team. And no job that holds the production token runs a browser or any code of the
 * project: wrangler alone, from its lockfile, without install scripts.
 *
 * The rules are written here, read from the workflows' own text: what production is (its secrets,
 * its environment), never read from the workflows. actionlint's check of these files is
 * workflows.spec.ts's.
 */

type Step = {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
};
type Job = {
  needs?: string | string[];
  if?: string;
  environment?: string | { name?: string };
  permissions?: Record<string, string>;
  container?: unknown;
  env?: Record<string, string>;
  steps?: Step[];
};
type Workflow = {
  on: Record<string, unknown>;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
};

const read = (name: string) => load(readFileSync(`.github/workflows/${name}`, 'utf8')) as Workflow;
const needsOf = (job: Job | undefined) => [job?.needs ?? []].flat();
const runsOf = (job: Job | undefined) => (job?.steps ?? []).flatMap((s) => (s.run ? [s.run] : []));
/** The one step of a job whose script matches, with what it runs. */
const stepRunning = (job: Job | undefined, script: RegExp) => {
  const steps = (job?.steps ?? []).filter((step) => script.test(step.run ?? ''));
  expect(steps, `steps running ${script}`).toHaveLength(1);
  return steps[0]!;
};

/** The production token and account, which only the environment `production` holds. */
const PRODUCTION_SECRETS = /secrets\.CLOUDFLARE_(API_TOKEN|ACCOUNT_ID)\b/;
/** What starts a browser, or runs the project's code or a package's: npm's scripts, Node, npx. */
const PROJECT_CODE =
  /\bnpm (run|test|start|exec|install|i|rebuild)\b|\bnpx\b|\bnode\b|\btsx\b|\bnext (build|start|dev)\b|playwright|chromium|\.\/scripts\/|\bbash scripts\//;
/** The only actions a job with the production token uses: the checkout, Node, the artifacts. */
const TOKEN_ACTIONS = /^actions\/(checkout|setup-node|download-artifact)@[0-9a-f]{40}$/;
/** The production Worker's name, from its configuration (JSON with comments, as wrangler reads it). */
const workerName = (
  ts.parseConfigFileTextToJson(
    'wrangler.jsonc',
    readFileSync('deploy/cloudflare/wrangler.jsonc', 'utf8'),
  ).config as { name: string }
).name;

test('the preview is smoked, with no secret, and the result goes on the pull request', () => {
  const { jobs } = read('preview.yml');
  expect(needsOf(jobs.smoke)).toEqual(['preview']);
  expect(jobs.smoke?.environment).toBeUndefined();
  expect(JSON.stringify(jobs.smoke)).not.toMatch(/secrets\./);
  expect(jobs.smoke?.permissions).toEqual({ contents: 'read' });
  const smoke = stepRunning(jobs.smoke, /npm run test:smoke/);
  expect(smoke.env).toMatchObject({
    SITE_URL: '${{ needs.preview.outputs.address }}',
    SMOKE_TARGET: 'preview',
    SMOKE_EXPECT_COMMIT: '${{ github.sha }}',
  });
  expect(jobs.preview?.['outputs' as keyof Job]).toEqual({
    address: '${{ steps.upload.outputs.address }}',
  });
  // The comment: once the smoke has ended, whatever its end, with its words; gh alone.
  const comment = jobs.comment;
  expect(needsOf(comment)).toEqual(['preview', 'smoke']);
  expect(comment?.if).toBe("always() && needs.preview.result == 'success'");
  expect(comment?.permissions).toEqual({ 'pull-requests': 'write' });
  expect(comment?.steps?.some((step) => step.uses?.startsWith('actions/checkout@'))).toBe(false);
  const post = stepRunning(comment, /gh pr comment/);
  expect(post.run).toContain('cat smoke-report/summary.md');
  expect(post.env?.SMOKE).toBe('${{ needs.smoke.result }}');
  for (const run of runsOf(comment)) expect(run).not.toMatch(PROJECT_CODE);
});

test('production deploys in order: protections, upload at 0%, the smoke through the override, then promote or keep', () => {
  const { jobs } = read('deploy.yml');
  // The order, by what each job needs: the records a regulator asks for are made before the upload
  // (issue #54), and the live event written after the promotion.
  expect(needsOf(jobs.upload).sort()).toEqual(['protections', 'record', 'test']);
  expect(needsOf(jobs.smoke)).toEqual(['upload']);
  expect(needsOf(jobs.promote).sort()).toEqual(['smoke', 'upload']);
  expect(needsOf(jobs.release)).toContain('promote');
  // Nothing else ships: no job but these three names wrangler or the environment.
  const deploying = Object.entries(jobs)
    .filter(
      ([, job]) =>
        job.environment === 'production' || /wrangler (deploy|versions)/.test(JSON.stringify(job)),
    )
    .map(([id]) => id);
  expect(deploying.sort()).toEqual(['promote', 'test', 'upload']);
  expect(runsOf(jobs.test).join('\n')).toContain('wrangler deploy --dry-run');

  // 1. The version serving now is found first, and a first deploy said in words; the new version
  // is uploaded, then given 0% while the one serving keeps 100%.
  const serving = stepRunning(jobs.upload, /"\$WRANGLER" deployments status --json/);
  expect(serving.run).toMatch(/echo "First deploy: /);
  const upload = stepRunning(jobs.upload, /versions upload/);
  expect(upload.run).toMatch(/"\$WRANGLER" versions upload --no-bundle worker\/worker\.js /);
  expect(upload.run).toMatch(
    /"\$WRANGLER" versions deploy "\$version@0%" "\$PREVIOUS@100%" --yes /,
  );
  expect(upload.run).toMatch(/echo "First deploy: /);
  expect(upload.env?.PREVIOUS).toBe('${{ steps.serving.outputs.version }}');

  // 2. The smoke, through the override to the uploaded version, of this commit's build: it reads
  // the build file until it names this commit, within a bound, before any check.
  const smoke = stepRunning(jobs.smoke, /npm run test:smoke/);
  expect(smoke.env).toMatchObject({
    SITE_URL: '${{ vars.SITE_URL }}',
    SMOKE_EXPECT_COMMIT: '${{ github.sha }}',
    SMOKE_HEADERS: `Cloudflare-Workers-Version-Overrides: ${workerName}="\${{ needs.upload.outputs.version }}"`,
  });
  const wait = Number(smoke.env?.SMOKE_WAIT_FOR_BUILD);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(600);

  // 3. Promoted when the smoke passed; otherwise the version before keeps all traffic, and the
  // run fails with the smoke's words.
  expect(jobs.promote?.if).toBe("always() && needs.upload.result == 'success'");
  expect(jobs.promote?.env).toMatchObject({
    VERSION: '${{ needs.upload.outputs.version }}',
    PREVIOUS: '${{ needs.upload.outputs.previous }}',
  });
  const promote = stepRunning(jobs.promote, /"\$VERSION@100%"/);
  expect(promote.if).toBe("needs.smoke.result == 'success'");
  const keep = stepRunning(jobs.promote, /"\$PREVIOUS@100%"/);
  expect(keep.if).toBe("needs.smoke.result != 'success'");
  expect(keep.run).toContain('cat smoke-report/summary.md');
  expect(keep.run).toMatch(/exit 1\n?$/);
  expect(keep.run).toMatch(/it is the first deploy/);
});

test('no job holding the production token runs a browser or the project’s code: wrangler alone, from its lockfile', () => {
  const holders: string[] = [];
  for (const name of readdirSync('.github/workflows').filter((file) => /\.ya?ml$/.test(file))) {
    for (const [id, job] of Object.entries(read(name).jobs)) {
      const environment =
        typeof job.environment === 'object' ? job.environment.name : job.environment;
      if (environment !== 'production' && !PRODUCTION_SECRETS.test(JSON.stringify(job))) continue;
      holders.push(`${name} ${id}`);
      expect(job.container, `${id} runs in no container of its own`).toBeUndefined();
      for (const step of job.steps ?? []) {
        if (step.uses) expect(step.uses, `${id}: ${step.uses}`).toMatch(TOKEN_ACTIONS);
        if (!step.run) continue;
        expect(step.run, `${id}: ${step.name}`).not.toMatch(PROJECT_CODE);
        if (/\bnpm\b/.test(step.run))
          expect(step.run).toBe(
            'npm ci --prefix deploy/cloudflare --ignore-scripts --no-audit --no-fund',
          );
      }
    }
  }
  // The two jobs that hold it, and they are the ones the check above read.
  expect(holders.sort()).toEqual(['deploy.yml promote', 'deploy.yml upload']);
});

test('production is smoked every day, and a failure is told to the platform team on an issue', () => {
  const workflow = read('smoke.yml');
  const schedule = workflow.on.schedule as Array<{ cron: string }>;
  // Once a day: a minute, an hour, and every day of every month.
  expect(schedule).toHaveLength(1);
  expect(schedule[0]?.cron).toMatch(/^\d{1,2} \d{1,2} \* \* \*$/);
  expect(JSON.stringify(workflow)).not.toMatch(/secrets\./);
  const smoke = stepRunning(workflow.jobs.smoke, /npm run test:smoke/);
  expect(smoke.env).toEqual({ SITE_URL: '${{ vars.SITE_URL }}' });
  // The commit checked out is the one production names, and only one of main's.
  const served = stepRunning(workflow.jobs.smoke, /build\.txt/);
  expect(served.run).toMatch(/git merge-base --is-ancestor "\$served" origin\/main/);
  expect(served.run).toMatch(/git checkout -q --detach "\$served"/);
  // Told: on the failure of the smoke, an issue mentioning the team, opened or commented on.
  const tell = workflow.jobs['tell-the-platform-team'];
  expect(needsOf(tell)).toEqual(['smoke']);
  expect(tell?.if).toBe('failure()');
  expect(tell?.permissions).toEqual({ issues: 'write' });
  expect(workflow.env?.PLATFORM_TEAM).toMatch(/^@[\w-]+\/[\w-]+$/);
  const issue = stepRunning(tell, /gh issue create/);
  expect(issue.run).toContain('echo "$PLATFORM_TEAM: the daily smoke of production');
  expect(issue.run).toContain('gh issue comment "$open"');
  expect(issue.run).toContain('cat smoke-report/summary.md');
  for (const run of runsOf(tell)) expect(run).not.toMatch(PROJECT_CODE);
});
