import { readFileSync } from 'node:fs';
import { restDescription } from './github-schemas';
import type { RecordedAnswers, RestAnswer } from './recorded-github';

/**
 * A compliant repository's settings, as GitHub's REST and GraphQL APIs would answer the
 * protections check: the settings docs/deploying.md asks for, written here by hand in GitHub's
 * published shapes (e2e/support/recorded-github.ts checks each answer against them as it is served),
 * never read from the policy the check compares them with. A test changes one setting of a fresh
 * copy and sees the check name it.
 */

export const OWNER = 'example-bank';
export const NAME = 'private-bank-site';
const REPO = `/repos/${OWNER}/${NAME}`;
const API = 'https://api.github.com';
const WHEN = '2026-11-01T09:00:00Z';

/** The teams of the organisation, by slug, with their ids. */
export const TEAMS: Record<string, number> = {
  developers: 101,
  'marketing-reviewers': 102,
  compliance: 103,
  platform: 104,
  security: 105,
};
/** The Apps, by slug, with their ids; GitHub Actions' is GitHub's own. */
export const APPS: Record<string, number> = {
  'github-actions': 15368,
  'example-bank-editor': 900001,
  'example-bank-approvers': 900002,
  'example-bank-protections': 900003,
};
/** Repository roles' ids, as GitHub numbers its built-in roles. */
export const ROLES: Record<string, number> = { maintain: 2, write: 4, admin: 5 };

export const user = (login: string, id: number) => ({
  login,
  id,
  node_id: `U_${id}`,
  avatar_url: `https://avatars.githubusercontent.com/u/${id}`,
  gravatar_id: '',
  url: `${API}/users/${login}`,
  html_url: `https://github.com/${login}`,
  followers_url: `${API}/users/${login}/followers`,
  following_url: `${API}/users/${login}/following{/other_user}`,
  gists_url: `${API}/users/${login}/gists{/gist_id}`,
  starred_url: `${API}/users/${login}/starred{/owner}{/repo}`,
  subscriptions_url: `${API}/users/${login}/subscriptions`,
  organizations_url: `${API}/users/${login}/orgs`,
  repos_url: `${API}/users/${login}/repos`,
  events_url: `${API}/users/${login}/events{/privacy}`,
  received_events_url: `${API}/users/${login}/received_events`,
  type: 'User',
  site_admin: false,
});

export const team = (slug: string) => ({
  id: TEAMS[slug] ?? 999,
  node_id: `T_${slug}`,
  url: `${API}/organizations/1/team/${TEAMS[slug]}`,
  html_url: `https://github.com/orgs/${OWNER}/teams/${slug}`,
  name: slug,
  slug,
  description: null,
  privacy: 'closed',
  notification_setting: 'notifications_enabled',
  permission: 'pull',
  members_url: `${API}/organizations/1/team/${TEAMS[slug]}/members{/member}`,
  repositories_url: `${API}/organizations/1/team/${TEAMS[slug]}/repos`,
  type: 'organization',
  parent: null,
});

const secret = (name: string) => ({ name, created_at: WHEN, updated_at: WHEN });

export interface RecordedEnvironment {
  name: string;
  can_admins_bypass?: boolean;
  protection_rules: Record<string, unknown>[];
  deployment_branch_policy: { protected_branches: boolean; custom_branch_policies: boolean } | null;
}

export const reviewersRule = (teams: string[], preventSelfReview: boolean) => ({
  id: 3755,
  node_id: 'GA_reviewers',
  type: 'required_reviewers',
  prevent_self_review: preventSelfReview,
  reviewers: teams.map((slug) => ({ type: 'Team', reviewer: team(slug) })),
});
const branchRule = { id: 3515, node_id: 'GA_branches', type: 'branch_policy' };
const mainOnly = { protected_branches: false, custom_branch_policies: true };

export interface RecordedRule {
  type: string;
  parameters?: Record<string, unknown>;
}
export interface RecordedRuleset {
  id: number;
  name: string;
  target: 'branch' | 'tag';
  enforcement: string;
  bypass_actors?: { actor_id: number | null; actor_type: string; bypass_mode: string }[];
  conditions: { ref_name: { include: string[]; exclude: string[] } };
  rules: RecordedRule[];
}

/** The files of the protections, which platform and security must both approve. */
const protectionsFiles = [
  'scripts/protections/**',
  '.github/workflows/protections.yml',
  '.github/workflows/break-glass.yml',
];

/** Every setting the check reads, as GitHub would answer it for a compliant repository. */
export function compliantSettings() {
  return {
    environments: [
      {
        name: 'production',
        can_admins_bypass: false,
        protection_rules: [reviewersRule(['platform'], true), branchRule],
        deployment_branch_policy: mainOnly,
      },
      {
        name: 'preview',
        can_admins_bypass: true,
        protection_rules: [],
        deployment_branch_policy: null,
      },
      ...[
        'content-pull-requests',
        'approvers',
        'protections',
        'records',
        'pull-request-pictures',
      ].map((name) => ({
        name,
        can_admins_bypass: false,
        protection_rules: [branchRule],
        deployment_branch_policy: mainOnly,
      })),
      {
        name: 'break-glass',
        can_admins_bypass: false,
        protection_rules: [reviewersRule(['security'], true), branchRule],
        deployment_branch_policy: mainOnly,
      },
    ] as RecordedEnvironment[],
    /** Each environment's branch rule's branches. */
    branchPolicies: {
      production: ['main'],
      'content-pull-requests': ['main'],
      approvers: ['main'],
      protections: ['main'],
      records: ['main'],
      'pull-request-pictures': ['main'],
      'break-glass': ['main'],
    } as Record<string, string[]>,
    environmentSecrets: {
      production: ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'],
      preview: ['CLOUDFLARE_PREVIEW_API_TOKEN', 'CLOUDFLARE_PREVIEW_ACCOUNT_ID'],
      'content-pull-requests': ['EDITOR_APP_PRIVATE_KEY'],
      approvers: ['APPROVERS_APP_PRIVATE_KEY'],
      protections: ['PROTECTIONS_APP_PRIVATE_KEY'],
      records: ['RECORDS_WRITER_TOKEN', 'RECORDS_GITHUB_TOKEN'],
      'pull-request-pictures': ['RECORDS_PICTURES_TOKEN'],
      'break-glass': [],
    } as Record<string, string[]>,
    repositorySecrets: [] as string[],
    organisationSecrets: [] as string[],
    rulesets: [
      {
        id: 1,
        name: 'main',
        target: 'branch',
        enforcement: 'active',
        bypass_actors: [],
        conditions: { ref_name: { include: ['~DEFAULT_BRANCH'], exclude: [] } },
        rules: [
          {
            type: 'pull_request',
            parameters: {
              required_approving_review_count: 1,
              dismiss_stale_reviews_on_push: true,
              require_code_owner_review: true,
              require_last_push_approval: true,
              required_review_thread_resolution: false,
              allowed_merge_methods: ['merge'],
              required_reviewers: ['platform', 'security'].map((slug) => ({
                reviewer: { id: TEAMS[slug], type: 'Team' },
                file_patterns: protectionsFiles,
                minimum_approvals: 1,
              })),
            },
          },
          {
            type: 'required_status_checks',
            parameters: {
              strict_required_status_checks_policy: false,
              do_not_enforce_on_create: false,
              required_status_checks: [
                { context: 'approvers', integration_id: APPS['example-bank-approvers'] },
                { context: 'test', integration_id: APPS['github-actions'] },
              ],
            },
          },
          { type: 'non_fast_forward' },
          { type: 'deletion' },
        ],
      },
      {
        id: 2,
        name: 'content branches',
        target: 'branch',
        enforcement: 'active',
        bypass_actors: [{ actor_id: null, actor_type: 'DeployKey', bypass_mode: 'always' }],
        conditions: { ref_name: { include: ['refs/heads/content/**'], exclude: [] } },
        rules: [{ type: 'creation' }, { type: 'update' }, { type: 'deletion' }],
      },
      {
        id: 3,
        name: 'content history',
        target: 'branch',
        enforcement: 'active',
        bypass_actors: [],
        conditions: { ref_name: { include: ['refs/heads/content/**'], exclude: [] } },
        rules: [{ type: 'non_fast_forward' }],
      },
      {
        id: 4,
        name: 'branches beyond content',
        target: 'branch',
        enforcement: 'active',
        bypass_actors: ['write', 'maintain', 'admin'].map((role) => ({
          actor_id: ROLES[role] ?? null,
          actor_type: 'RepositoryRole',
          bypass_mode: 'always',
        })),
        conditions: { ref_name: { include: ['~ALL'], exclude: ['refs/heads/content/**'] } },
        rules: [{ type: 'creation' }, { type: 'update' }, { type: 'deletion' }],
      },
      {
        id: 5,
        name: 'tags stay',
        target: 'tag',
        enforcement: 'active',
        bypass_actors: [],
        conditions: { ref_name: { include: ['~ALL'], exclude: [] } },
        rules: [{ type: 'update' }, { type: 'deletion' }, { type: 'non_fast_forward' }],
      },
      {
        id: 6,
        name: 'tags from the release job',
        target: 'tag',
        enforcement: 'active',
        bypass_actors: [
          {
            actor_id: APPS['github-actions'] ?? null,
            actor_type: 'Integration',
            bypass_mode: 'always',
          },
        ],
        conditions: { ref_name: { include: ['~ALL'], exclude: [] } },
        rules: [{ type: 'creation' }],
      },
    ] as RecordedRuleset[],
    /** The names GraphQL gives the bypass actors: a role's as GitHub's settings show it. */
    roleNames: { 2: 'MAINTAIN', 4: 'WRITE', 5: 'ADMIN' } as Record<number, string>,
    actionsPermissions: {
      enabled: true,
      allowed_actions: 'selected',
      selected_actions_url: `${API}${REPO}/actions/permissions/selected-actions`,
      sha_pinning_required: true,
    } as Record<string, unknown>,
    selectedActions: { github_owned_allowed: true, verified_allowed: false, patterns_allowed: [] },
    workflowPermissions: {
      default_workflow_permissions: 'read',
      can_approve_pull_request_reviews: false,
    },
    immutableReleases: {
      status: 200,
      body: { enabled: true, enforced_by_owner: false },
    } as RestAnswer,
    deployKeys: [deployKey(7001, 'private-bank-editor', false)],
    installations: [
      installation('example-bank-editor', {
        metadata: 'read',
        contents: 'read',
        pull_requests: 'write',
      }),
      installation('example-bank-approvers', {
        metadata: 'read',
        contents: 'read',
        pull_requests: 'read',
        checks: 'write',
        members: 'read',
      }),
      installation('example-bank-protections', {
        metadata: 'read',
        contents: 'read',
        administration: 'read',
        actions: 'read',
        environments: 'read',
        secrets: 'read',
        members: 'read',
        organization_administration: 'read',
      }),
    ],
    ownerType: 'Organization',
    codeowners: readFileSync('.github/CODEOWNERS', 'utf8') as string | null,
    codeownersErrors: [] as {
      line: number;
      column: number;
      kind: string;
      source: string;
      suggestion: string | null;
      message: string;
      path: string;
    }[],
    /** Each team's permission on the repository; a team missing here does not exist. */
    teamPermissions: {
      developers: 'WRITE',
      'marketing-reviewers': 'WRITE',
      compliance: 'WRITE',
      platform: 'WRITE',
      security: 'WRITE',
    } as Record<string, string | null>,
  };
}

export type Settings = ReturnType<typeof compliantSettings>;

export function deployKey(id: number, title: string, readOnly: boolean) {
  return {
    id,
    key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl',
    url: `${API}${REPO}/keys/${id}`,
    title,
    verified: true,
    created_at: WHEN,
    read_only: readOnly,
    added_by: 'octo-platform',
    last_used: null,
    enabled: true,
  };
}

export function installation(
  slug: string,
  permissions: Record<string, string>,
  selection = 'selected',
) {
  const appId = APPS[slug] ?? 990000;
  return {
    id: appId + 1,
    account: user(OWNER, 1),
    repository_selection: selection,
    access_tokens_url: `${API}/app/installations/${appId + 1}/access_tokens`,
    repositories_url: `${API}/installation/repositories`,
    html_url: `https://github.com/organizations/${OWNER}/settings/installations/${appId + 1}`,
    app_id: appId,
    app_slug: slug,
    target_id: 1,
    target_type: 'Organization',
    permissions,
    events: [],
    created_at: WHEN,
    updated_at: WHEN,
    single_file_name: null,
    suspended_by: null,
    suspended_at: null,
  };
}

const app = (slug: string) => ({
  id: APPS[slug],
  slug,
  node_id: `A_${slug}`,
  owner: user(slug === 'github-actions' ? 'github' : OWNER, 1),
  name: slug,
  description: null,
  external_url: `https://github.com/apps/${slug}`,
  html_url: `https://github.com/apps/${slug}`,
  created_at: WHEN,
  updated_at: WHEN,
  permissions: {},
  events: [],
});

const list = (key: string, items: unknown[]): RestAnswer => ({
  status: 200,
  body: { total_count: items.length, [key]: items },
});

/** The REST and GraphQL answers of `settings`, as the check asks for them. */
export function answersOf(settings: Settings): RecordedAnswers {
  const rest: Record<string, RestAnswer> = {
    [`GET ${REPO}/environments?per_page=100`]: list(
      'environments',
      settings.environments.map((environment, index) => ({
        id: 1000 + index,
        node_id: `EN_${index}`,
        url: `${API}${REPO}/environments/${environment.name}`,
        html_url: `https://github.com/${OWNER}/${NAME}/deployments/activity_log?environments_filter=${environment.name}`,
        created_at: WHEN,
        updated_at: WHEN,
        ...environment,
      })),
    ),
    [`GET ${REPO}/actions/secrets?per_page=100`]: list(
      'secrets',
      settings.repositorySecrets.map(secret),
    ),
    [`GET ${REPO}/actions/organization-secrets?per_page=100`]: list(
      'secrets',
      settings.organisationSecrets.map(secret),
    ),
    [`GET ${REPO}/rulesets?includes_parents=true&per_page=100`]: {
      status: 200,
      body: settings.rulesets.map(({ id, name, target, enforcement }) => ({
        id,
        name,
        target,
        enforcement,
        source_type: 'Repository',
        source: `${OWNER}/${NAME}`,
        node_id: `RRS_${id}`,
        created_at: WHEN,
        updated_at: WHEN,
      })),
    },
    [`GET ${REPO}/actions/permissions`]: { status: 200, body: settings.actionsPermissions },
    [`GET ${REPO}/actions/permissions/selected-actions`]: {
      status: 200,
      body: settings.selectedActions,
    },
    [`GET ${REPO}/actions/permissions/workflow`]: {
      status: 200,
      body: settings.workflowPermissions,
    },
    [`GET ${REPO}/immutable-releases`]: settings.immutableReleases,
    [`GET ${REPO}/keys?per_page=100`]: { status: 200, body: settings.deployKeys },
    [`GET /orgs/${OWNER}/installations?per_page=100`]: list(
      'installations',
      settings.installations,
    ),
  };
  for (const environment of settings.environments) {
    rest[`GET ${REPO}/environments/${environment.name}/secrets?per_page=100`] = list(
      'secrets',
      (settings.environmentSecrets[environment.name] ?? []).map(secret),
    );
    rest[`GET ${REPO}/environments/${environment.name}/deployment-branch-policies?per_page=100`] =
      list(
        'branch_policies',
        (settings.branchPolicies[environment.name] ?? []).map((name, index) => ({
          id: 361471 + index,
          node_id: `BP_${index}`,
          name,
          type: 'branch',
        })),
      );
  }
  for (const ruleset of settings.rulesets) {
    rest[`GET ${REPO}/rulesets/${ruleset.id}?includes_parents=true`] = {
      status: 200,
      body: {
        ...ruleset,
        source_type: 'Repository',
        source: `${OWNER}/${NAME}`,
        node_id: `RRS_${ruleset.id}`,
        current_user_can_bypass: 'never',
        created_at: WHEN,
        updated_at: WHEN,
      },
    };
  }
  for (const slug of Object.keys(APPS))
    rest[`GET /apps/${slug}`] = { status: 200, body: app(slug) };

  return {
    rest,
    graphql(operation, variables) {
      if (operation === 'Basics' && variables.owner === OWNER && variables.name === NAME) {
        return {
          repository: {
            owner: { __typename: settings.ownerType },
            codeowners: {
              errors: settings.codeownersErrors.map(({ line, kind, source }) => ({
                line,
                kind,
                source,
              })),
            },
            file:
              settings.codeowners === null
                ? null
                : { __typename: 'Blob', text: settings.codeowners },
          },
        };
      }
      if (operation === 'BypassNames' && variables.owner === OWNER && variables.name === NAME) {
        return {
          repository: {
            rulesets: {
              nodes: settings.rulesets.map((ruleset) => ({
                bypassActors: {
                  nodes: (ruleset.bypass_actors ?? []).map((actor) => ({
                    repositoryRoleName:
                      actor.actor_type === 'RepositoryRole'
                        ? (settings.roleNames[actor.actor_id ?? 0] ?? null)
                        : null,
                    repositoryRoleDatabaseId:
                      actor.actor_type === 'RepositoryRole' ? actor.actor_id : null,
                    actor:
                      actor.actor_type === 'Integration'
                        ? {
                            __typename: 'App',
                            databaseId: actor.actor_id,
                            slug:
                              Object.keys(APPS).find((slug) => APPS[slug] === actor.actor_id) ??
                              'unknown-app',
                          }
                        : actor.actor_type === 'Team'
                          ? {
                              __typename: 'Team',
                              databaseId: actor.actor_id,
                              slug:
                                Object.keys(TEAMS).find((slug) => TEAMS[slug] === actor.actor_id) ??
                                'unknown-team',
                            }
                          : null,
                  })),
                },
              })),
            },
          },
        };
      }
      if (
        operation === 'Team' &&
        variables.organisation === OWNER &&
        variables.repository === NAME
      ) {
        const slug = String(variables.slug);
        if (!(slug in settings.teamPermissions)) return { organization: { team: null } };
        const permission = settings.teamPermissions[slug];
        return {
          organization: {
            team: {
              databaseId: TEAMS[slug],
              repositories: {
                edges: permission
                  ? [{ permission, node: { nameWithOwner: `${OWNER}/${NAME}` } }]
                  : [],
              },
            },
          },
        };
      }
      return undefined;
    },
  };
}

/** The repository as GitHub's answers embed it (its minimal form). */
function minimalRepository() {
  const required = restRequired('minimal-repository');
  const urls = Object.fromEntries(
    required
      .filter((key) => key.endsWith('_url'))
      .map((key) => [key, `${API}${REPO}/${key.replace(/_url$/, '')}`]),
  );
  return {
    ...urls,
    id: 42,
    node_id: 'R_42',
    name: NAME,
    full_name: `${OWNER}/${NAME}`,
    owner: user(OWNER, 1),
    private: false,
    html_url: `https://github.com/${OWNER}/${NAME}`,
    description: null,
    fork: false,
    url: `${API}${REPO}`,
  };
}

/** The required properties of a schema of GitHub's REST description. */
function restRequired(schema: string): string[] {
  const schemas = restDescription.components.schemas as Record<string, { required?: string[] }>;
  return schemas[schema]?.required ?? [];
}

export interface BreakGlassRun {
  id: number;
  commit: string;
  path: string;
  branch: string;
  requester: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

/** A run of the break-glass workflow, as GitHub lists a workflow's runs. */
export function breakGlassRun(run: BreakGlassRun) {
  return {
    id: run.id,
    node_id: `WFR_${run.id}`,
    name: 'break-glass',
    display_title: run.title,
    head_branch: run.branch,
    head_sha: run.commit,
    path: run.path,
    run_number: run.id,
    run_attempt: 1,
    event: 'workflow_dispatch',
    status: 'completed',
    conclusion: 'success',
    workflow_id: 77,
    url: `${API}${REPO}/actions/runs/${run.id}`,
    html_url: `https://github.com/${OWNER}/${NAME}/actions/runs/${run.id}`,
    pull_requests: [],
    created_at: run.createdAt,
    updated_at: run.updatedAt,
    run_started_at: run.createdAt,
    actor: user(run.requester, 301),
    triggering_actor: user(run.requester, 301),
    jobs_url: `${API}${REPO}/actions/runs/${run.id}/jobs`,
    logs_url: `${API}${REPO}/actions/runs/${run.id}/logs`,
    check_suite_url: `${API}${REPO}/check-suites/${run.id}`,
    artifacts_url: `${API}${REPO}/actions/runs/${run.id}/artifacts`,
    cancel_url: `${API}${REPO}/actions/runs/${run.id}/cancel`,
    rerun_url: `${API}${REPO}/actions/runs/${run.id}/rerun`,
    workflow_url: `${API}${REPO}/actions/workflows/77`,
    head_commit: null,
    repository: minimalRepository(),
    head_repository: minimalRepository(),
  };
}

/** An approval (or rejection) of a run's job in an environment, as GitHub lists them. */
export function environmentApproval(
  login: string,
  state: string,
  environment: string,
  comment: string,
) {
  return {
    environments: [
      {
        id: 2000,
        node_id: 'EN_break',
        name: environment,
        url: `${API}${REPO}/environments/${environment}`,
        html_url: `https://github.com/${OWNER}/${NAME}/deployments/activity_log?environments_filter=${environment}`,
        created_at: WHEN,
        updated_at: WHEN,
      },
    ],
    state,
    user: user(login, 302),
    comment,
  };
}
