/**
 * The shape of the repository's protections policy (policy.ts). Names of GitHub's own settings are
 * spelt as its REST API spells them (`required_approving_review_count`), so that a platform engineer
 * can find each one in GitHub's documentation; everything else is said in words.
 *
 * The types are checked by `npm run typecheck` on every pull request, before the policy reaches
 * main: the check command runs on Node alone, with no package installed beside the App's key, so it
 * relies on that check rather than validating the file again at run time.
 */

/** A team of the repository's organisation, by its slug: `platform` for @example-bank/platform. */
export type Team = string;
/** A GitHub App, by its slug, the last part of its address: github.com/apps/<slug>. */
export type App = string;

/** Who may skip a ruleset's rules, as GitHub's ruleset settings name them. */
export type BypassActor =
  | { kind: 'deploy keys' }
  | { kind: 'organisation admins' }
  | { kind: 'app'; app: App }
  | { kind: 'team'; team: Team }
  /** A repository role, by the name GitHub's settings give it: `write`, `maintain`, `admin`. */
  | { kind: 'role'; role: string };

export interface Bypass {
  actor: BypassActor;
  /** `always`, or on pull requests alone. */
  mode: 'always' | 'pull_request';
}

export interface RequiredCheck {
  /** The check's name as its job or App posts it. */
  context: string;
  /** The App whose check alone counts: a check of the same name from any other App is ignored. */
  app: App;
}

export interface RequiredReviewer {
  team: Team;
  /** The files whose change needs this team's approval, as fnmatch patterns. */
  file_patterns: string[];
  minimum_approvals: number;
}

/** The rules a ruleset must hold; a ruleset may hold more, which only adds to them. */
export interface Rules {
  /** Restrict creations: only the bypass list may create a matching ref. */
  creation?: true;
  /** Restrict updates: only the bypass list may push to a matching ref. */
  update?: true;
  /** Restrict deletions. */
  deletion?: true;
  /** Block force pushes. */
  non_fast_forward?: true;
  pull_request?: {
    required_approving_review_count: number;
    dismiss_stale_reviews_on_push: boolean;
    require_code_owner_review: boolean;
    require_last_push_approval: boolean;
    allowed_merge_methods: ('merge' | 'squash' | 'rebase')[];
    /** The teams whose approval some files need, each on top of the others'. */
    required_reviewers: RequiredReviewer[];
  };
  required_status_checks?: {
    checks: RequiredCheck[];
    strict_required_status_checks_policy: boolean;
  };
}

export interface Ruleset {
  /** The ruleset's name in the settings: the command finds it by this name. */
  name: string;
  target: 'branch' | 'tag';
  /** Its ref conditions, as GitHub writes them (`~DEFAULT_BRANCH`, `~ALL`, `refs/heads/content/**`). */
  include: string[];
  exclude: string[];
  /** Exactly who may bypass it: anyone else named there is a difference. */
  bypass: Bypass[];
  rules: Rules;
}

export interface Environment {
  /** The teams of which one member must approve each job that uses it; none when empty. */
  reviewers: Team[];
  /** Whether the person who started the run may not approve it. */
  prevent_self_review: boolean;
  /** Whether administrators may deploy without the reviewers (GitHub's `can_admins_bypass`). */
  can_admins_bypass: boolean;
  /** The branches whose runs may use it, by name, or any branch. */
  branches: string[] | 'any branch';
  /** Exactly the secrets it holds, by name. */
  secrets: string[];
}

/** A GitHub App installed on the organisation, with exactly these permissions. */
export interface InstalledApp {
  /** Its permissions by GitHub's names (`pull_requests`, `organization_administration`). */
  permissions: Record<string, 'read' | 'write'>;
  /** Whether it may reach only the repositories chosen for it (`selected`) or all of them. */
  repository_selection: 'selected';
}

export interface DeployKey {
  /** The key's title in the settings. */
  title: string;
  read_only: boolean;
}

/** A setting that GitHub's API cannot show: people check it, and the command says so each run. */
export interface CheckedByPeople {
  setting: string;
  /** Who looks, where and when. */
  checked_by: string;
}

export interface Policy {
  /** The default branch, the only one that deploys. */
  default_branch: string;
  environments: Record<string, Environment>;
  /** The secrets allowed at the repository's level, where every workflow of every branch reads them. */
  repository_secrets: string[];
  /** The organisation's secrets this repository may see. */
  organisation_secrets: string[];
  rulesets: Ruleset[];
  actions: {
    enabled: boolean;
    /** `selected`: only GitHub's own actions and the patterns below may run. */
    allowed_actions: 'all' | 'local_only' | 'selected';
    github_owned_allowed: boolean;
    verified_allowed: boolean;
    patterns_allowed: string[];
    /** Whether GitHub refuses a workflow that names an action by a tag rather than a full commit. */
    sha_pinning_required: boolean;
    /** What a workflow's GITHUB_TOKEN may do when the workflow does not say. */
    default_workflow_permissions: 'read' | 'write';
    /** "Allow GitHub Actions to create and approve pull requests". */
    can_approve_pull_request_reviews: boolean;
  };
  /** Whether a published release's tag and files can no longer change. */
  immutable_releases: boolean;
  /** Exactly the repository's deploy keys. */
  deploy_keys: DeployKey[];
  /** The Apps that must be installed, each with exactly these permissions. */
  apps: Record<App, InstalledApp>;
  /** The way through when a difference stops a deploy that cannot wait. */
  break_glass: {
    /** main's workflow that asks for it, and records who asked, why and who approved. */
    workflow: string;
    /** The environment whose reviewers approve it (in `environments` above). */
    environment: string;
    /** How long after its approval it lets a deploy of its commit through. */
    valid_for_hours: number;
  };
  checked_by_people: CheckedByPeople[];
}
