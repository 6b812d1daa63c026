/**
 * The repository's protections, as the bank's platform and security teams set them on GitHub: the
 * one place that says what each setting must be, and why. `npm run protections -- --repo
 * OWNER/NAME` compares the live repository with it and names each difference; the deploy runs the
 * same comparison before it deploys, and stops on a difference (docs/deploying.md, "The
 * repository's protections"). A change here needs the platform and the security teams' approval
 * (.github/CODEOWNERS, and the main ruleset's required reviewers below).
 *
 * Teams and Apps are named by slug within the repository's organisation; the names are fictional
 * placeholders that a bank replaces with its own, as in CODEOWNERS.
 */
import type { Policy } from './policy-types.ts';

/** The files of the protections themselves: the policy, its check, and the workflows running it. */
const protectionsFiles = [
  'scripts/protections/**',
  '.github/workflows/protections.yml',
  '.github/workflows/break-glass.yml',
];

export const policy = {
  default_branch: 'main',

  environments: {
    // The Cloudflare production token deploys the bank's site: only main's deploy workflow may use
    // it, after a platform engineer other than whoever started the run approves, and no
    // administrator may skip that approval.
    production: {
      reviewers: ['platform'],
      prevent_self_review: true,
      can_admins_bypass: false,
      branches: ['main'],
      secrets: ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'],
    },
    // Every pull request's branch uploads its preview here, so it holds the preview account's token
    // alone, which reaches nothing of production (docs/deploying.md, "No branch can reach
    // production").
    preview: {
      reviewers: [],
      prevent_self_review: false,
      // With no reviewers and no branch rule there is nothing to bypass: GitHub's default stays.
      can_admins_bypass: true,
      branches: 'any branch',
      secrets: ['CLOUDFLARE_PREVIEW_API_TOKEN', 'CLOUDFLARE_PREVIEW_ACCOUNT_ID'],
    },
    // The editing App's key opens the content branches' pull requests. A workflow on a pushed branch
    // runs that branch's own file, so the key is limited to main, whose workflow files only a
    // reviewed pull request changes.
    'content-pull-requests': {
      reviewers: [],
      prevent_self_review: false,
      can_admins_bypass: false,
      branches: ['main'],
      secrets: ['EDITOR_APP_PRIVATE_KEY'],
    },
    // The approvers App's key posts the required `approvers` check: limited to main, so that no
    // branch's workflow can post a check that counts.
    approvers: {
      reviewers: [],
      prevent_self_review: false,
      can_admins_bypass: false,
      branches: ['main'],
      secrets: ['APPROVERS_APP_PRIVATE_KEY'],
    },
    // The read-only protections App's key, which this very comparison reads with, on main's daily
    // schedule and before each deploy: no approval, or the deploy and the schedule would wait.
    protections: {
      reviewers: [],
      prevent_self_review: false,
      can_admins_bypass: false,
      branches: ['main'],
      secrets: ['PROTECTIONS_APP_PRIVATE_KEY'],
    },
    // The records a regulator asks for (docs/deploying.md, "Records for a regulator"): the records
    // store's writing token and the GitHub token that reads the pull requests' approvals, which
    // main's deploy alone uses, before its production steps and after them, with no approval of
    // their own, or the deploy would wait.
    records: {
      reviewers: [],
      prevent_self_review: false,
      can_admins_bypass: false,
      branches: ['main'],
      secrets: ['RECORDS_WRITER_TOKEN', 'RECORDS_GITHUB_TOKEN'],
    },
    // The pull requests' pictures token, which can write pictures alone: limited to main, whose
    // pictures workflow (workflow_run) draws them from a pull request's tested build.
    'pull-request-pictures': {
      reviewers: [],
      prevent_self_review: false,
      can_admins_bypass: false,
      branches: ['main'],
      secrets: ['RECORDS_PICTURES_TOKEN'],
    },
    // Break-glass (below): a security engineer other than the one who asked approves each use, and
    // no administrator may let one through without them.
    'break-glass': {
      reviewers: ['security'],
      prevent_self_review: true,
      can_admins_bypass: false,
      branches: ['main'],
      secrets: [],
    },
  },

  // A secret at the repository's or the organisation's level reaches every workflow of every
  // branch: each secret lives in the one environment that needs it.
  repository_secrets: [],
  organisation_secrets: [],

  rulesets: [
    {
      // Only reviewed pull requests reach main, whose deploy.yml holds the production token's
      // environment: whoever could push to main could deploy anything. No one bypasses it, not
      // administrators, not an App, not a deploy key.
      name: 'main',
      target: 'branch',
      include: ['~DEFAULT_BRANCH'],
      exclude: [],
      bypass: [],
      rules: {
        pull_request: {
          required_approving_review_count: 1,
          // An approval holds for the commits approved, not for those pushed after it.
          dismiss_stale_reviews_on_push: true,
          // CODEOWNERS names whose review each file needs: compliance for the regulated words.
          require_code_owner_review: true,
          // Whoever pushed last cannot approve: the editing service pushes for every editor.
          require_last_push_approval: true,
          // Merge commits alone keep each change's last commit in main, which is how the editing
          // service tells an editor their change was merged.
          allowed_merge_methods: ['merge'],
          // CODEOWNERS accepts any one team of a line, so the protections need both teams here:
          // platform runs the settings, security answers for them.
          required_reviewers: [
            { team: 'platform', file_patterns: protectionsFiles, minimum_approvals: 1 },
            { team: 'security', file_patterns: protectionsFiles, minimum_approvals: 1 },
          ],
        },
        required_status_checks: {
          checks: [
            // Posted by the bank's approvers App, whose key only main's workflow holds: every
            // workflow's GITHUB_TOKEN posts as "GitHub Actions", so a check of the same name from
            // any branch's workflow would otherwise count.
            { context: 'approvers', app: 'example-bank-approvers' },
            // The pull request workflow's tests.
            { context: 'test', app: 'github-actions' },
          ],
          strict_required_status_checks_policy: false,
        },
        // main's history stays as it was merged, and main stays.
        non_fast_forward: true,
        deletion: true,
      },
    },
    {
      // Only the editing service creates, pushes and deletes content branches, with its deploy key:
      // a person's push there would be a change no editor made.
      name: 'content branches',
      target: 'branch',
      include: ['refs/heads/content/**'],
      exclude: [],
      bypass: [{ actor: { kind: 'deploy keys' }, mode: 'always' }],
      rules: { creation: true, update: true, deletion: true },
    },
    {
      // What the service pushed stays as it was: no one, the service included, rewrites it.
      name: 'content history',
      target: 'branch',
      include: ['refs/heads/content/**'],
      exclude: [],
      bypass: [],
      rules: { non_fast_forward: true },
    },
    {
      // The service's deploy key may push content branches alone: every other branch refuses it,
      // so it cannot create a branch whose workflow files would run with that branch's secrets.
      // People with write access pass, as they do today.
      name: 'branches beyond content',
      target: 'branch',
      include: ['~ALL'],
      exclude: ['refs/heads/content/**'],
      bypass: [
        { actor: { kind: 'role', role: 'write' }, mode: 'always' },
        { actor: { kind: 'role', role: 'maintain' }, mode: 'always' },
        { actor: { kind: 'role', role: 'admin' }, mode: 'always' },
      ],
      rules: { creation: true, update: true, deletion: true },
    },
    {
      // A release's tag names the commit that was tested, deployed and attested: it never moves
      // and is never deleted, by anyone.
      name: 'tags stay',
      target: 'tag',
      include: ['~ALL'],
      exclude: [],
      bypass: [],
      rules: { update: true, deletion: true, non_fast_forward: true },
    },
    {
      // Tags are made by the deploy workflow's release job alone (gh release create, as GitHub
      // Actions), never by a person or the service's deploy key.
      name: 'tags from the release job',
      target: 'tag',
      include: ['~ALL'],
      exclude: [],
      bypass: [{ actor: { kind: 'app', app: 'github-actions' }, mode: 'always' }],
      rules: { creation: true },
    },
  ],

  actions: {
    enabled: true,
    // The workflows use GitHub's own actions alone (actions/*); any other needs a pull request
    // that adds it here, reviewed by platform and security.
    allowed_actions: 'selected',
    github_owned_allowed: true,
    verified_allowed: false,
    patterns_allowed: [],
    // A tag can be moved to other code after review; a commit cannot (e2e/unit/workflows.spec.ts
    // checks the workflows' own pins, GitHub refuses any other).
    sha_pinning_required: true,
    // Each job asks for what it needs; a job that forgets gets reading alone.
    default_workflow_permissions: 'read',
    // A workflow's token that could approve a pull request would be a reviewer anyone pushing a
    // branch could command.
    can_approve_pull_request_reviews: false,
  },

  // A published release (the nginx archive and its checksum) can no longer be replaced, nor its
  // tag moved: what a server verified is what stays there.
  immutable_releases: true,

  // The editing service's key, with write access because it pushes content branches; the rulesets
  // above keep it to them. Any other key would be a way into the repository nobody reviews.
  deploy_keys: [{ title: 'private-bank-editor', read_only: false }],

  apps: {
    // Opens and describes the content branches' pull requests (content-pull-request.yml): it
    // pushes nothing and merges nothing, and has no `workflows` permission.
    'example-bank-editor': {
      permissions: { metadata: 'read', contents: 'read', pull_requests: 'write' },
      repository_selection: 'selected',
    },
    // Posts the approvers check, the only one of that name that counts (the main ruleset above).
    'example-bank-approvers': {
      // Members: the teams whose approval some files need (.github/approvers.json, requiredTeams).
      permissions: {
        metadata: 'read',
        contents: 'read',
        pull_requests: 'read',
        checks: 'write',
        members: 'read',
      },
      repository_selection: 'selected',
    },
    // Reads the settings for this comparison, and may change none of them.
    'example-bank-protections': {
      permissions: {
        metadata: 'read',
        contents: 'read',
        administration: 'read',
        actions: 'read',
        environments: 'read',
        secrets: 'read',
        members: 'read',
        organization_administration: 'read',
      },
      repository_selection: 'selected',
    },
  },

  break_glass: {
    workflow: '.github/workflows/break-glass.yml',
    environment: 'break-glass',
    // Long enough to re-run the stopped deploy, short enough that an old approval lets nothing
    // else through.
    valid_for_hours: 24,
  },

  checked_by_people: [
    {
      setting:
        "The Cloudflare production token's scope: made from the template \"Edit Cloudflare Workers\", its account resources the bank's production account alone and its zone resources that account's zones, so that it may edit every zone of that account and nothing else",
      checked_by:
        "the platform team, in Cloudflare's dashboard under My Profile, API Tokens, at each rotation",
    },
    {
      setting:
        'The Cloudflare preview token: made in an account of its own, which holds the preview Worker alone',
      checked_by: "the platform team, in the preview account's dashboard, at each rotation",
    },
    {
      setting:
        "That each environment secret's value is the credential its name says: GitHub shows a secret's name and date, never its value",
      checked_by: 'whoever rotates the credential, on GitHub and at its issuer',
    },
    {
      setting:
        "Each App's own settings: no webhook, its private keys, who may manage it; an installation token cannot read its App",
      checked_by:
        "the security team, in the organisation's Settings under Developer settings, GitHub Apps",
    },
    {
      setting: "That the deploy key's private half is on the editing service's server alone",
      checked_by:
        'the platform team, on the editing server, at /etc/private-bank-editor/deploy-key',
    },
  ],
} satisfies Policy;
