/**
 * The live repository against the policy: each difference in words, one line a setting. A setting
 * GitHub did not show is a line too, saying so: nothing unread passes. Each part of the settings is
 * read and compared on its own, so that one part GitHub refuses still leaves the others compared.
 */
import { type GitHubApi, Unreadable } from './github.ts';
import type { Bypass, BypassActor, Environment, Policy, Rules, Ruleset } from './policy-types.ts';

export interface Repository {
  owner: string;
  name: string;
}

/** What the parts share: the repository, and the look-ups of names GitHub gives ids. */
interface Context {
  api: GitHubApi;
  policy: Policy;
  repository: Repository;
  /** `repos/OWNER/NAME`, the start of every REST path of the repository. */
  repo: string;
  /** The repository's owner, CODEOWNERS and its errors, from GraphQL. */
  basics: () => Promise<Basics>;
  /** A team's id and its access to the repository, or null when there is no such team. */
  team: (slug: string) => Promise<TeamFacts | null>;
  /** An App's id, by its slug. */
  appId: (slug: string) => Promise<number>;
}

interface Basics {
  organisation: boolean;
  codeowners: string | null;
  codeownersErrors: { line: number; kind: string; source: string }[];
}

interface TeamFacts {
  id: number;
  /** Its permission on the repository (`WRITE`, `ADMIN`…), or null when it has none. */
  permission: string | null;
}

type Part = (context: Context) => Promise<string[]>;

/** Every difference between the live repository and the policy, in the order of the policy. */
export async function differences(
  api: GitHubApi,
  policy: Policy,
  repository: Repository,
): Promise<string[]> {
  const context: Context = {
    api,
    policy,
    repository,
    repo: `repos/${repository.owner}/${repository.name}`,
    basics: once(() => readBasics(api, repository, policy.default_branch)),
    team: memo((slug) => readTeam(api, repository, slug)),
    appId: memo(async (slug) => {
      const app = (await api.get(`apps/${slug}`)) as { id: number };
      return app.id;
    }),
  };
  const parts: Part[] = [
    environments,
    secrets,
    rulesets,
    actions,
    releases,
    deployKeys,
    apps,
    codeowners,
  ];
  const lines: string[] = [];
  for (const part of parts) {
    try {
      lines.push(...(await part(context)));
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      lines.push(`Not shown, so not passed: ${error.message}.`);
    }
  }
  // Two parts that share a read GitHub refused say so in the same words: once is enough.
  return [...new Set(lines)];
}

// ─── Environments ────────────────────────────────────────────────────────────────────────────────

interface LiveEnvironment {
  name: string;
  can_admins_bypass?: boolean;
  protection_rules?: {
    type: string;
    prevent_self_review?: boolean;
    reviewers?: { type?: string; reviewer?: { slug?: string; login?: string } }[];
  }[];
  deployment_branch_policy?: {
    protected_branches: boolean;
    custom_branch_policies: boolean;
  } | null;
}

const environmentPath = (context: Context, name: string) =>
  `${context.repo}/environments/${encodeURIComponent(name)}`;

async function secretNames(context: Context, path: string): Promise<string[]> {
  const secrets = (await context.api.list(path, 'secrets')) as { name: string }[];
  return secrets.map((secret) => secret.name);
}

async function environments(context: Context): Promise<string[]> {
  const live = (await context.api.list(
    `${context.repo}/environments`,
    'environments',
  )) as LiveEnvironment[];
  const lines: string[] = [];
  for (const [name, wanted] of Object.entries(context.policy.environments)) {
    const found = live.find((environment) => environment.name === name);
    if (!found) {
      lines.push(
        `The environment ${name} does not exist: GitHub would make it, unprotected, for the first job that names it.`,
      );
      continue;
    }
    try {
      lines.push(...(await environment(context, name, wanted, found)));
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      lines.push(`Not shown, so not passed: ${error.message}.`);
    }
  }
  for (const other of live.filter(({ name }) => !(name in context.policy.environments))) {
    const held = await secretNames(context, `${environmentPath(context, other.name)}/secrets`);
    if (held.length) {
      lines.push(
        `The environment ${other.name}, which the policy does not name, holds the secrets ${list(held)}.`,
      );
    }
  }
  return lines;
}

async function environment(
  context: Context,
  name: string,
  wanted: Environment,
  found: LiveEnvironment,
): Promise<string[]> {
  const lines: string[] = [];
  const say = (words: string) => lines.push(`The environment ${name}: ${words}.`);

  const rule = found.protection_rules?.find((r) => r.type === 'required_reviewers');
  const reviewers = (rule?.reviewers ?? []).map(({ type, reviewer }) =>
    type === 'Team' ? `the team ${reviewer?.slug}` : `the user ${reviewer?.login}`,
  );
  const wantedReviewers = wanted.reviewers.map((team) => `the team ${team}`);
  if (wantedReviewers.length && !reviewers.length) {
    say(`no one approves its jobs; the policy wants ${or(wantedReviewers)} to`);
  } else {
    for (const missing of wantedReviewers.filter((who) => !reviewers.includes(who))) {
      say(`${missing} is no longer among those who approve its jobs`);
    }
    for (const extra of reviewers.filter((who) => !wantedReviewers.includes(who))) {
      say(`${extra} approves its jobs, which the policy does not name`);
    }
  }
  if (wanted.prevent_self_review && reviewers.length && rule?.prevent_self_review !== true) {
    say('whoever started a run may approve it themselves ("Prevent self-review" is off)');
  }

  if (typeof found.can_admins_bypass !== 'boolean') {
    say("GitHub's answer does not say whether administrators may bypass it, so that is not passed");
  } else if (found.can_admins_bypass && !wanted.can_admins_bypass) {
    say(
      'administrators may skip its reviewers and branch rule ("Allow administrators to bypass configured protection rules" is on)',
    );
  } else if (!found.can_admins_bypass && wanted.can_admins_bypass) {
    say('administrators may not bypass it, which the policy allows');
  }

  const branchRule = found.deployment_branch_policy ?? null;
  if (wanted.branches === 'any branch') {
    if (branchRule) say('only some branches may use it; the policy lets every branch');
  } else if (!branchRule) {
    say(`any branch may use it; the policy allows ${list(wanted.branches)} alone`);
  } else if (branchRule.protected_branches) {
    say(`any protected branch may use it; the policy allows ${list(wanted.branches)} alone`);
  } else {
    const policies = (await context.api.list(
      `${environmentPath(context, name)}/deployment-branch-policies`,
      'branch_policies',
    )) as { name: string; type?: string }[];
    const allowed = policies.map((p) => (p.type === 'tag' ? `the tags ${p.name}` : p.name));
    for (const extra of allowed.filter((branch) => !wanted.branches.includes(branch))) {
      say(`${extra} may use it, which the policy does not allow`);
    }
    for (const missing of wanted.branches.filter((branch) => !allowed.includes(branch))) {
      say(`${missing} may not use it, which the policy allows`);
    }
  }

  const held = await secretNames(context, `${environmentPath(context, name)}/secrets`);
  for (const missing of wanted.secrets.filter((secret) => !held.includes(secret))) {
    say(`it lacks the secret ${missing}`);
  }
  for (const extra of held.filter((secret) => !wanted.secrets.includes(secret))) {
    say(`it holds the secret ${extra}, which the policy does not put there`);
  }
  return lines;
}

// ─── Secrets beyond environments ─────────────────────────────────────────────────────────────────

async function secrets(context: Context): Promise<string[]> {
  const lines: string[] = [];
  const levels = [
    ['repository', `${context.repo}/actions/secrets`, context.policy.repository_secrets],
    [
      "organisation's",
      `${context.repo}/actions/organization-secrets`,
      context.policy.organisation_secrets,
    ],
  ] as const;
  for (const [level, path, allowed] of levels) {
    for (const name of await secretNames(context, path)) {
      if (!allowed.includes(name)) {
        lines.push(
          `The secret ${name} is held at the ${level} level, where every workflow of every branch can read it; the policy keeps each secret in its environment.`,
        );
      }
    }
  }
  return lines;
}

// ─── Rulesets ────────────────────────────────────────────────────────────────────────────────────

interface LiveRuleset {
  id: number;
  name: string;
  target?: string;
  enforcement: string;
  conditions?: { ref_name?: { include?: string[]; exclude?: string[] } } | null;
  bypass_actors?: { actor_id?: number | null; actor_type: string; bypass_mode?: string }[];
  rules?: { type: string; parameters?: Record<string, unknown> }[];
}

async function rulesets(context: Context): Promise<string[]> {
  const summaries = (await context.api.list(`${context.repo}/rulesets?includes_parents=true`)) as {
    id: number;
    name: string;
  }[];
  const names = await bypassNames(context);
  const lines: string[] = [];
  for (const wanted of context.policy.rulesets) {
    const summary = summaries.find(({ name }) => name === wanted.name);
    if (!summary) {
      lines.push(`The ruleset "${wanted.name}" does not exist.`);
      continue;
    }
    const found = (await context.api.get(
      `${context.repo}/rulesets/${summary.id}?includes_parents=true`,
    )) as LiveRuleset;
    lines.push(...(await ruleset(context, wanted, found, names)));
  }
  return lines;
}

async function ruleset(
  context: Context,
  wanted: Ruleset,
  found: LiveRuleset,
  names: Map<string, string>,
): Promise<string[]> {
  const lines: string[] = [];
  const say = (words: string) => lines.push(`The ruleset "${wanted.name}": ${words}.`);

  if (found.enforcement !== 'active') {
    say(
      found.enforcement === 'evaluate'
        ? 'it is only evaluated, not enforced'
        : `it is ${found.enforcement}, not enforced`,
    );
  }
  if (found.target !== wanted.target) {
    say(`it applies to ${plural(found.target)}, not ${plural(wanted.target)}`);
  }
  const include = found.conditions?.ref_name?.include ?? [];
  const exclude = found.conditions?.ref_name?.exclude ?? [];
  if (!sameSet(include, wanted.include) || !sameSet(exclude, wanted.exclude)) {
    say(
      `it applies to ${refs(include, exclude)}; the policy says ${refs(wanted.include, wanted.exclude)}`,
    );
  }

  if (!found.bypass_actors) {
    say(
      "GitHub's answer does not show who may bypass it (GitHub shows the bypass list only to a token that may edit the ruleset), so that is not passed",
    );
  } else {
    const live = found.bypass_actors.map((actor) => {
      const name = names.get(`${actor.actor_type}:${actor.actor_id ?? ''}`);
      return `${name ?? describeRestActor(actor.actor_type, actor.actor_id)} (${actor.bypass_mode ?? 'always'})`;
    });
    const allowed = wanted.bypass.map(describeBypass);
    for (const extra of live.filter((actor) => !allowed.includes(actor))) {
      say(`${extra} may bypass it, which the policy does not allow`);
    }
    for (const missing of allowed.filter((actor) => !live.includes(actor))) {
      say(`${missing} may no longer bypass it, as the policy has it`);
    }
  }

  lines.push(
    ...(await rules(context, wanted.rules, found.rules ?? [])).map(
      (words) => `The ruleset "${wanted.name}": ${words}.`,
    ),
  );
  return lines;
}

/** What each rule that only needs to be there does, in words. */
const ruleWords: Record<'creation' | 'update' | 'deletion' | 'non_fast_forward', string> = {
  creation: 'restrict who creates a matching ref',
  update: 'restrict who pushes to a matching ref',
  deletion: 'restrict deletions',
  non_fast_forward: 'block force pushes',
};

async function rules(
  context: Context,
  wanted: Rules,
  found: { type: string; parameters?: Record<string, unknown> }[],
): Promise<string[]> {
  const lines: string[] = [];
  const live = (type: string) => found.find((rule) => rule.type === type);
  for (const [type, words] of Object.entries(ruleWords)) {
    if (wanted[type as keyof typeof ruleWords] && !live(type))
      lines.push(`it no longer does ${words}`);
  }

  if (wanted.pull_request) {
    const parameters = live('pull_request')?.parameters;
    if (!parameters) {
      lines.push('it no longer requires a pull request before merging');
    } else {
      const want = wanted.pull_request;
      const count = Number(parameters.required_approving_review_count ?? 0);
      if (count < want.required_approving_review_count) {
        lines.push(
          `it requires ${count} approvals; the policy wants ${want.required_approving_review_count}`,
        );
      }
      const flags = {
        dismiss_stale_reviews_on_push:
          'stale approvals are no longer dismissed when commits are pushed',
        require_code_owner_review: "code owners' review is no longer required",
        require_last_push_approval:
          'whoever pushed last may approve (approval of the most recent push is off)',
      } as const;
      for (const [flag, words] of Object.entries(flags)) {
        if (want[flag as keyof typeof flags] && parameters[flag] !== true) lines.push(words);
      }
      const methods = (parameters.allowed_merge_methods as string[] | undefined) ?? [
        'merge',
        'squash',
        'rebase',
      ];
      const extraMethods = methods.filter(
        (method) => !(want.allowed_merge_methods as string[]).includes(method),
      );
      if (extraMethods.length) {
        lines.push(
          `it allows merging by ${list(extraMethods)}; the policy allows ${list(want.allowed_merge_methods)} alone`,
        );
      }
      const reviewers = (parameters.required_reviewers ?? []) as {
        reviewer?: { id?: number; type?: string };
        file_patterns?: string[];
        minimum_approvals?: number;
      }[];
      for (const reviewer of want.required_reviewers) {
        const team = await context.team(reviewer.team);
        const held = reviewers.find(
          (r) =>
            team &&
            r.reviewer?.type === 'Team' &&
            r.reviewer.id === team.id &&
            reviewer.file_patterns.every((pattern) => r.file_patterns?.includes(pattern)) &&
            (r.minimum_approvals ?? 0) >= reviewer.minimum_approvals,
        );
        if (!held) {
          lines.push(
            `it no longer requires the team ${reviewer.team}'s approval of ${list(reviewer.file_patterns)}${team ? '' : ' (there is no such team)'}`,
          );
        }
      }
    }
  }

  if (wanted.required_status_checks) {
    const parameters = live('required_status_checks')?.parameters;
    const checks = (parameters?.required_status_checks ?? []) as {
      context: string;
      integration_id?: number;
    }[];
    for (const check of wanted.required_status_checks.checks) {
      const held = checks.find((c) => c.context === check.context);
      const appId = await context.appId(check.app);
      if (!held) {
        lines.push(`it no longer requires the check ${check.context}`);
      } else if (held.integration_id === undefined || held.integration_id === null) {
        lines.push(
          `it requires the check ${check.context} from any source, so a check of that name from any workflow or App counts; the policy wants it from the App ${check.app} alone`,
        );
      } else if (held.integration_id !== appId) {
        lines.push(
          `it requires the check ${check.context} from the App numbered ${held.integration_id}; the policy wants it from ${check.app} (${appId})`,
        );
      }
    }
    if (
      wanted.required_status_checks.strict_required_status_checks_policy &&
      parameters?.strict_required_status_checks_policy !== true
    ) {
      lines.push('branches need no longer be up to date before merging');
    }
  }
  return lines;
}

/** Names of the actors that may bypass the rulesets, by `type:id` as REST gives them, from GraphQL. */
async function bypassNames(context: Context): Promise<Map<string, string>> {
  const data = (await context.api.graphql(BYPASS_NAMES, {
    owner: context.repository.owner,
    name: context.repository.name,
  })) as {
    repository: {
      rulesets: {
        nodes: {
          bypassActors: {
            nodes: {
              repositoryRoleName: string | null;
              repositoryRoleDatabaseId: number | null;
              actor: { __typename: 'App' | 'Team'; databaseId: number | null; slug: string } | null;
            }[];
          } | null;
        }[];
      } | null;
    } | null;
  };
  const names = new Map<string, string>();
  for (const ruleset of data.repository?.rulesets?.nodes ?? []) {
    for (const actor of ruleset.bypassActors?.nodes ?? []) {
      if (actor.repositoryRoleName && actor.repositoryRoleDatabaseId !== null) {
        names.set(
          `RepositoryRole:${actor.repositoryRoleDatabaseId}`,
          describeActor({ kind: 'role', role: actor.repositoryRoleName.toLowerCase() }),
        );
      }
      if (actor.actor?.__typename === 'App') {
        names.set(
          `Integration:${actor.actor.databaseId}`,
          describeActor({ kind: 'app', app: actor.actor.slug }),
        );
      }
      if (actor.actor?.__typename === 'Team') {
        names.set(
          `Team:${actor.actor.databaseId}`,
          describeActor({ kind: 'team', team: actor.actor.slug }),
        );
      }
    }
  }
  return names;
}

const BYPASS_NAMES = `query BypassNames($owner: String!, $name: String!) {
  repository(owner: $owner, name: $name) {
    rulesets(first: 100, includeParents: true) {
      nodes {
        bypassActors(first: 100) {
          nodes {
            repositoryRoleName
            repositoryRoleDatabaseId
            actor {
              __typename
              ... on App { databaseId slug }
              ... on Team { databaseId slug }
            }
          }
        }
      }
    }
  }
}`;

function describeActor(actor: BypassActor): string {
  switch (actor.kind) {
    case 'deploy keys':
      return 'deploy keys';
    case 'organisation admins':
      return "the organisation's admins";
    case 'app':
      return `the App ${actor.app}`;
    case 'team':
      return `the team ${actor.team}`;
    case 'role':
      return `the repository role ${actor.role}`;
  }
}

const describeBypass = ({ actor, mode }: Bypass) => `${describeActor(actor)} (${mode})`;

/** An actor GraphQL did not name, as REST gives it. */
function describeRestActor(type: string, id: number | null | undefined): string {
  if (type === 'DeployKey') return describeActor({ kind: 'deploy keys' });
  if (type === 'OrganizationAdmin') return describeActor({ kind: 'organisation admins' });
  const kinds: Record<string, string> = {
    Integration: 'the App',
    RepositoryRole: 'the repository role',
    Team: 'the team',
    User: 'the user',
  };
  return `${kinds[type] ?? type} numbered ${id}`;
}

const plural = (target: string | undefined) =>
  ({ branch: 'branches', tag: 'tags', push: 'pushes', repository: 'repositories' })[target ?? ''] ??
  `an unnamed target (${target})`;

const refs = (include: string[], exclude: string[]) =>
  `${list(include)}${exclude.length ? ` but ${list(exclude)}` : ''}`;

// ─── Actions ─────────────────────────────────────────────────────────────────────────────────────

async function actions(context: Context): Promise<string[]> {
  const wanted = context.policy.actions;
  const lines: string[] = [];
  const permissions = (await context.api.get(`${context.repo}/actions/permissions`)) as {
    enabled: boolean;
    allowed_actions?: string;
    sha_pinning_required?: boolean;
  };
  if (permissions.enabled !== wanted.enabled) {
    lines.push(
      `GitHub Actions is ${permissions.enabled ? 'on' : 'off'}; the policy has it ${wanted.enabled ? 'on' : 'off'}.`,
    );
  }
  const allowedWords: Record<string, string> = {
    all: 'any action or reusable workflow may run',
    local_only: "only the repository's own actions may run",
    selected: "only GitHub's own actions and the listed patterns may run",
  };
  if (permissions.allowed_actions !== wanted.allowed_actions) {
    lines.push(
      `Actions permissions: ${allowedWords[permissions.allowed_actions ?? ''] ?? `"${permissions.allowed_actions}"`}; the policy says ${allowedWords[wanted.allowed_actions]}.`,
    );
  } else if (wanted.allowed_actions === 'selected') {
    const selected = (await context.api.get(
      `${context.repo}/actions/permissions/selected-actions`,
    )) as {
      github_owned_allowed?: boolean;
      verified_allowed?: boolean;
      patterns_allowed?: string[];
    };
    const allowedOrNot = (allowed: boolean | undefined) => (allowed ? 'allowed' : 'not allowed');
    if (selected.github_owned_allowed !== wanted.github_owned_allowed) {
      lines.push(
        `Actions permissions: GitHub's own actions are ${allowedOrNot(selected.github_owned_allowed)}; the policy has them ${allowedOrNot(wanted.github_owned_allowed)}.`,
      );
    }
    if (selected.verified_allowed !== wanted.verified_allowed) {
      lines.push(
        `Actions permissions: the actions of the Marketplace's verified creators are ${allowedOrNot(selected.verified_allowed)}; the policy has them ${allowedOrNot(wanted.verified_allowed)}.`,
      );
    }
    for (const extra of (selected.patterns_allowed ?? []).filter(
      (p) => !wanted.patterns_allowed.includes(p),
    )) {
      lines.push(
        `Actions permissions: the pattern ${extra} is allowed, which the policy does not list.`,
      );
    }
  }
  if (typeof permissions.sha_pinning_required !== 'boolean') {
    lines.push(
      "Actions permissions: GitHub's answer does not say whether actions must be pinned to a full commit SHA, so that is not passed.",
    );
  } else if (permissions.sha_pinning_required !== wanted.sha_pinning_required) {
    lines.push(
      permissions.sha_pinning_required
        ? 'Actions permissions: actions must be pinned to a full commit SHA, which the policy does not ask.'
        : 'Actions permissions: an action named by a tag or branch may run ("Require actions to be pinned to a full-length commit SHA" is off).',
    );
  }

  const workflow = (await context.api.get(`${context.repo}/actions/permissions/workflow`)) as {
    default_workflow_permissions: string;
    can_approve_pull_request_reviews: boolean;
  };
  if (workflow.default_workflow_permissions !== wanted.default_workflow_permissions) {
    lines.push(
      `Workflow permissions: a job that asks for none gets ${workflow.default_workflow_permissions === 'write' ? 'read and write' : 'read'} permissions of its GITHUB_TOKEN; the policy says ${wanted.default_workflow_permissions === 'write' ? 'read and write' : 'read'} alone.`,
    );
  }
  if (workflow.can_approve_pull_request_reviews !== wanted.can_approve_pull_request_reviews) {
    lines.push(
      workflow.can_approve_pull_request_reviews
        ? 'Workflow permissions: a workflow\'s GITHUB_TOKEN may create and approve pull requests ("Allow GitHub Actions to create and approve pull requests" is on).'
        : 'Workflow permissions: GitHub Actions may not create or approve pull requests, which the policy allows.',
    );
  }
  return lines;
}

// ─── Releases ────────────────────────────────────────────────────────────────────────────────────

async function releases(context: Context): Promise<string[]> {
  // GitHub answers 404 when immutable releases are off, and also when the token may not see them:
  // either way they are not shown to be on.
  const { status, body } = await context.api.getStatus(`${context.repo}/immutable-releases`, [404]);
  const enabled = status === 200 && (body as { enabled?: boolean }).enabled === true;
  if (enabled === context.policy.immutable_releases) return [];
  return [
    enabled
      ? 'Releases are immutable, which the policy does not ask.'
      : `Releases are mutable: a published release's files and tag can still be replaced (GitHub answered ${status === 404 ? '404: immutable releases are off, or not shown to this token' : '"enabled": false'}).`,
  ];
}

// ─── Deploy keys ─────────────────────────────────────────────────────────────────────────────────

async function deployKeys(context: Context): Promise<string[]> {
  const live = (await context.api.list(`${context.repo}/keys`)) as {
    title: string;
    read_only: boolean;
  }[];
  const access = (readOnly: boolean) => (readOnly ? 'read-only' : 'with write access');
  const lines: string[] = [];
  for (const wanted of context.policy.deploy_keys) {
    const found = live.find((key) => key.title === wanted.title);
    if (!found) lines.push(`The deploy key "${wanted.title}" is missing.`);
    else if (found.read_only !== wanted.read_only) {
      lines.push(
        `The deploy key "${wanted.title}" is ${access(found.read_only)}; the policy says ${access(wanted.read_only)}.`,
      );
    }
  }
  for (const extra of live.filter(
    (key) => !context.policy.deploy_keys.some((w) => w.title === key.title),
  )) {
    lines.push(
      `The deploy key "${extra.title}", ${access(extra.read_only)}, is not in the policy.`,
    );
  }
  return lines;
}

// ─── Apps ────────────────────────────────────────────────────────────────────────────────────────

async function apps(context: Context): Promise<string[]> {
  if (!(await context.basics()).organisation) {
    return [
      `Not shown, so not passed: the Apps installed, since ${context.repository.owner} is a user, not an organisation.`,
    ];
  }
  const installations = (await context.api.list(
    `orgs/${context.repository.owner}/installations`,
    'installations',
  )) as { app_slug: string; repository_selection: string; permissions: Record<string, string> }[];
  const lines: string[] = [];
  for (const [slug, wanted] of Object.entries(context.policy.apps)) {
    const found = installations.find((installation) => installation.app_slug === slug);
    if (!found) {
      lines.push(`The App ${slug} is not installed on the organisation.`);
      continue;
    }
    for (const [permission, level] of Object.entries(found.permissions)) {
      if (wanted.permissions[permission] !== level) {
        lines.push(
          `The App ${slug} may ${level} ${permission}; the policy ${wanted.permissions[permission] ? `says ${wanted.permissions[permission]}` : 'gives it no such permission'}.`,
        );
      }
    }
    for (const permission of Object.keys(wanted.permissions).filter(
      (p) => !(p in found.permissions),
    )) {
      lines.push(
        `The App ${slug} lacks the permission ${permission} (${wanted.permissions[permission]}).`,
      );
    }
    if (found.repository_selection !== wanted.repository_selection) {
      lines.push(
        `The App ${slug} reaches every repository of the organisation, not those chosen for it.`,
      );
    }
  }
  for (const other of installations.filter((i) => !(i.app_slug in context.policy.apps))) {
    const writes = Object.keys(other.permissions).filter((p) => other.permissions[p] === 'write');
    if (other.repository_selection === 'all' && writes.length) {
      lines.push(
        `The App ${other.app_slug}, which the policy does not name, reaches every repository of the organisation, this one included, and may write ${list(writes)}.`,
      );
    }
  }
  return lines;
}

// ─── CODEOWNERS and its teams ────────────────────────────────────────────────────────────────────

async function codeowners(context: Context): Promise<string[]> {
  const basics = await context.basics();
  const branch = context.policy.default_branch;
  if (basics.codeowners === null) return [`${branch} holds no .github/CODEOWNERS.`];
  const lines = basics.codeownersErrors
    .filter((error) => error.kind !== 'Unknown owner')
    .map((error) => `CODEOWNERS line ${error.line}: ${error.kind} (${error.source.trim()}).`);
  const owner = context.repository.owner.toLowerCase();
  for (const team of teamsOf(basics.codeowners)) {
    const [organisation, slug] = team.slice(1).split('/') as [string, string];
    if (organisation.toLowerCase() !== owner || !basics.organisation) {
      lines.push(
        `CODEOWNERS names ${team}, a team of another organisation than ${context.repository.owner}: GitHub ignores it.`,
      );
      continue;
    }
    const facts = await context.team(slug);
    if (!facts) {
      lines.push(
        `CODEOWNERS names ${team}, which is no team of ${organisation}: GitHub ignores it without a word, and its files need no one's review.`,
      );
    } else if (!['WRITE', 'MAINTAIN', 'ADMIN'].includes(facts.permission ?? '')) {
      lines.push(
        `CODEOWNERS names ${team}, which has no write access to the repository: GitHub ignores it.`,
      );
    }
  }
  return lines;
}

/** The teams (`@org/slug`) CODEOWNERS names, once each, in order. */
function teamsOf(text: string): string[] {
  const teams = new Set<string>();
  for (const line of text.split('\n')) {
    const [, ...owners] = line.replace(/#.*/, '').trim().split(/\s+/);
    for (const owner of owners) if (/^@[^/\s]+\/[^/\s]+$/.test(owner)) teams.add(owner);
  }
  return [...teams];
}

async function readBasics(api: GitHubApi, repository: Repository, branch: string): Promise<Basics> {
  const data = (await api.graphql(BASICS, {
    owner: repository.owner,
    name: repository.name,
    ref: `refs/heads/${branch}`,
    file: `${branch}:.github/CODEOWNERS`,
  })) as {
    repository: {
      owner: { __typename: string };
      codeowners: { errors: { line: number; kind: string; source: string }[] } | null;
      file: { text: string | null } | null;
    } | null;
  };
  if (!data.repository)
    throw new Unreadable(
      `GraphQL Basics: GitHub shows no repository ${repository.owner}/${repository.name}`,
    );
  return {
    organisation: data.repository.owner.__typename === 'Organization',
    codeowners: data.repository.file?.text ?? null,
    codeownersErrors: data.repository.codeowners?.errors ?? [],
  };
}

const BASICS = `query Basics($owner: String!, $name: String!, $ref: String!, $file: String!) {
  repository(owner: $owner, name: $name) {
    owner { __typename }
    codeowners(refName: $ref) { errors { line kind source } }
    file: object(expression: $file) { __typename ... on Blob { text } }
  }
}`;

async function readTeam(
  api: GitHubApi,
  repository: Repository,
  slug: string,
): Promise<TeamFacts | null> {
  const data = (await api.graphql(TEAM, {
    organisation: repository.owner,
    slug,
    repository: repository.name,
  })) as {
    organization: {
      team: {
        databaseId: number;
        repositories: { edges: { permission: string; node: { nameWithOwner: string } }[] };
      } | null;
    } | null;
  };
  const team = data.organization?.team;
  if (!team) return null;
  const full = `${repository.owner}/${repository.name}`.toLowerCase();
  const edge = team.repositories.edges.find((e) => e.node.nameWithOwner.toLowerCase() === full);
  return { id: team.databaseId, permission: edge?.permission ?? null };
}

const TEAM = `query Team($organisation: String!, $slug: String!, $repository: String!) {
  organization(login: $organisation) {
    team(slug: $slug) {
      databaseId
      repositories(query: $repository, first: 100) {
        edges { permission node { nameWithOwner } }
      }
    }
  }
}`;

// ─── Words and helpers ───────────────────────────────────────────────────────────────────────────

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? 'none') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const or = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? 'none') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= read());
}

function memo<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const values = new Map<string, Promise<T>>();
  return (key) => {
    if (!values.has(key)) values.set(key, read(key));
    return values.get(key)!;
  };
}
