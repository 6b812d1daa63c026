import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { managedLogin, SAML_EXPORT_QUERY } from '../../scripts/review/identities';
import {
  gitHubExample,
  gitHubUser,
  type RecordedAnswer,
  serveRecordedGitHub,
} from '../support/github-api';
import { graphqlAnswerProblems } from '../support/github-schemas';

/**
 * The approvers check (issue #48), run as the approvers workflow runs it from main:
 * `node scripts/review/check-approvers.ts`, in a folder holding main's settings and allowed
 * signers, asking GitHub's API for every open pull request into main and posting its judgement as
 * a check run. GitHub is a local server of recorded answers, each checked against GitHub's
 * published OpenAPI description before it is served (e2e/support/github-api.ts); the POSTed check
 * run is checked against it too.
 *
 * The commits are real: each is made by git in a scratch repository, signed with the editing
 * service's throwaway key (which main's allowed signers list) or with another key, or not signed,
 * and GitHub's answer carries its signed text and signature as GitHub's API gives them. People are
 * fictional: Thandi Nkosi, an editor who also reviews; Pieter Mokoena and Johan van Wyk,
 * reviewers; Lerato and Sipho, developers.
 */

const REPOSITORY = 'example-bank/site';
const SERVICE = 'editing-service@example.com';
const THANDI = 'thandi.nkosi@bank.example';
const PIETER = 'pieter.mokoena@bank.example';
const JOHAN = 'johan.vanwyk@bank.example';
const LERATO = 'lerato.dlamini@bank.example';
const SIPHO = 'sipho.ndlovu@bank.example';

/** Accounts, as GitHub's API names them; none of them is linked to the commits' e-mails. */
const accounts = {
  tnkosi: gitHubUser('tnkosi', 101),
  'thandi-reviews': gitHubUser('thandi-reviews', 102),
  pmokoena: gitHubUser('pmokoena', 103),
  'pieter-second': gitHubUser('pieter-second', 104),
  jvanwyk: gitHubUser('jvanwyk', 105),
  ldlamini: gitHubUser('ldlamini', 106),
  sndlovu: gitHubUser('sndlovu', 107),
  stranger: gitHubUser('stranger', 108),
  'editing-service[bot]': gitHubUser('editing-service[bot]', 109, 'Bot'),
};
type Login = keyof typeof accounts;

/** The compliance team's mapping of logins to bank identities. */
const mapping = {
  route: 'mapping',
  logins: {
    tnkosi: THANDI,
    'thandi-reviews': THANDI,
    pmokoena: PIETER,
    'pieter-second': PIETER,
    jvanwyk: JOHAN,
    ldlamini: LERATO,
    sndlovu: SIPHO,
  },
};

const REQUIRED_TEAMS = [
  {
    team: 'example-bank/security',
    why: 'the pipeline',
    paths: ['.github/**'],
  },
];

// Each test makes commits with git and ssh-keygen and starts Node on the check: seconds each on a
// busy machine, beyond the 30 s default.
test.describe.configure({ timeout: 90_000 });

let scratch: string;
let repository: string;
let keys: { service: string; other: string };
let allowedSigners: string;
let number = 0;

test.beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'approvers-check-'));
  const key = (name: string) => {
    const file = path.join(scratch, name);
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file]);
    return file;
  };
  keys = { service: key('service-key'), other: key('other-key') };
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  allowedSigners = `${SERVICE} namespaces="git",valid-after="${yesterday.replaceAll('-', '')}" ${execFileSync('ssh-keygen', ['-y', '-f', keys.service], { encoding: 'utf8' }).trim()}\n`;
  repository = path.join(scratch, 'repository');
  execFileSync('git', ['init', '--quiet', repository]);
});

test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A commit made by git, as GitHub's API lists it among a pull request's commits.
 * @param options.key The key it is signed with, if any.
 * @param options.author The account GitHub links the author's e-mail to, if any; the same for the
 *   committer.
 */
function commit(options: {
  message: string;
  authorEmail: string;
  committerEmail?: string;
  key?: keyof typeof keys;
  author?: Login;
  committer?: Login;
}) {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repository, ...args], { encoding: 'utf8' });
  writeFileSync(path.join(repository, 'change.txt'), `${Math.random()}\n`);
  git('add', 'change.txt');
  const committerEmail = options.committerEmail ?? options.authorEmail;
  git(
    ...(options.key
      ? ['-c', 'gpg.format=ssh', '-c', `user.signingKey=${keys[options.key]}`]
      : ['-c', 'commit.gpgSign=false']),
    '-c',
    `user.name=Someone`,
    '-c',
    `user.email=${committerEmail}`,
    'commit',
    '--quiet',
    ...(options.key ? ['-S'] : []),
    '--author',
    `Someone <${options.authorEmail}>`,
    '--message',
    options.message,
  );
  const sha = git('rev-parse', 'HEAD').trim();
  const raw = git('cat-file', 'commit', sha);
  // GitHub's signed text is the object without its gpgsig header; the signature is that header.
  const headerEnd = raw.indexOf('\n\n');
  const header = raw.slice(0, headerEnd).split('\n');
  const start = header.findIndex((line) => line.startsWith('gpgsig '));
  let end = start + 1;
  while (start !== -1 && header[end]?.startsWith(' ')) end += 1;
  const signature =
    start === -1
      ? null
      : `${header
          .slice(start, end)
          .map((line) => line.replace(/^gpgsig | /, ''))
          .join('\n')}\n`;
  const payload =
    start === -1
      ? null
      : [...header.slice(0, start), ...header.slice(end)].join('\n') + raw.slice(headerEnd);
  const parents = git('log', '-1', '--format=%P', sha).trim().split(' ').filter(Boolean);
  const api = `https://api.github.com/repos/${REPOSITORY}`;
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return {
    url: `${api}/commits/${sha}`,
    sha,
    node_id: Buffer.from(`06:Commit${sha}`).toString('base64'),
    html_url: `https://github.com/${REPOSITORY}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    commit: {
      url: `${api}/git/commits/${sha}`,
      author: { name: 'Someone', email: options.authorEmail, date },
      committer: { name: 'Someone', email: committerEmail, date },
      message: options.message,
      comment_count: 0,
      tree: { sha: git('rev-parse', `${sha}^{tree}`).trim(), url: `${api}/git/trees/x` },
      // GitHub knows no account's key for the service: it says so, and the check does not ask.
      verification: {
        verified: false,
        reason: signature ? 'unknown_key' : 'unsigned',
        payload,
        signature,
        verified_at: null,
      },
    },
    author: options.author ? accounts[options.author] : null,
    committer: options.committer ? accounts[options.committer] : null,
    parents: parents.map((parent) => ({ sha: parent, url: `${api}/commits/${parent}` })),
  };
}

/** A change the editing service proposed for an editor: signed, its last line her identity. */
const serviceCommit = (identity: string, key: keyof typeof keys = 'service') =>
  commit({
    message: `Kinder not-found heading\n\nChanged in the editing view.\n\nBank-Identity: ${identity}`,
    authorEmail: identity,
    committerEmail: SERVICE,
    key,
  });

type Pull = {
  commits: ReturnType<typeof commit>[];
  reviews: [Login, 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED'][];
  files?: string[];
  /** Who pushed the branch, as the repository's activity lists it. */
  pushers?: Login[];
  ref?: string;
};

/**
 * Runs the check as the workflow does, over one open pull request, with main's settings.
 * @returns What it printed, its exit status, and the check run it posted.
 */
async function runCheck(
  pull: Pull,
  settings: Record<string, unknown> = { bankIdentities: mapping, requiredTeams: REQUIRED_TEAMS },
  teams: Record<string, Login[]> = {},
) {
  number += 1;
  const ref = pull.ref ?? `content/thandi/change-${number}`;
  const head = pull.commits.at(-1)!.sha;
  const item = gitHubExample<Record<string, unknown> & { head: Record<string, unknown> }>(
    'pull-request-simple-items',
  ) as unknown as [Record<string, unknown> & { head: Record<string, unknown> }];
  const listed = {
    ...item[0],
    number,
    requested_teams: [],
    head: {
      ...item[0].head,
      ref,
      sha: head,
      label: `example-bank:${ref}`,
      repo: { ...(item[0].head.repo as object), full_name: REPOSITORY },
    },
  };
  const [owner, repo] = REPOSITORY.split('/') as [string, string];
  const params = { owner, repo, pull_number: number };
  const review = gitHubExample<Record<string, unknown>[]>('pull-request-review-items')[0]!;
  const file = gitHubExample<Record<string, unknown>[]>('diff-entry-items')[0]!;
  const answers: RecordedAnswer[] = [
    {
      method: 'GET',
      template: '/repos/{owner}/{repo}/pulls',
      params,
      query: { state: 'open', base: 'main', per_page: 100 },
      body: [listed],
    },
    {
      method: 'GET',
      template: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
      params,
      query: { per_page: 100 },
      body: pull.reviews.map(([login, state], i) => ({
        ...review,
        id: 1000 + i,
        user: accounts[login],
        state,
        commit_id: head,
      })),
    },
    {
      method: 'GET',
      template: '/repos/{owner}/{repo}/pulls/{pull_number}/commits',
      params,
      query: { per_page: 100 },
      body: pull.commits,
    },
    {
      method: 'GET',
      template: '/repos/{owner}/{repo}/pulls/{pull_number}/files',
      params,
      query: { per_page: 100 },
      body: (pull.files ?? ['content/not-found.ts']).map((filename) => ({ ...file, filename })),
    },
    {
      method: 'GET',
      template: '/repos/{owner}/{repo}/activity',
      params,
      query: { ref: `refs/heads/${ref}`, per_page: 100 },
      body: (pull.pushers ?? []).map((login, i) => ({
        id: 2000 + i,
        node_id: `RA_${i}`,
        before: '0000000000000000000000000000000000000000',
        after: head,
        ref: `refs/heads/${ref}`,
        timestamp: '2026-11-28T10:00:00Z',
        activity_type: i === 0 ? 'branch_creation' : 'push',
        actor: accounts[login],
      })),
    },
    ...Object.entries(teams).map(([team, members]): RecordedAnswer => ({
      method: 'GET',
      template: '/orgs/{org}/teams/{team_slug}/members',
      params: { org: team.split('/')[0]!, team_slug: team.split('/')[1]! },
      query: { per_page: 100 },
      body: members.map((login) => accounts[login]),
    })),
    {
      method: 'POST',
      template: '/repos/{owner}/{repo}/check-runs',
      params,
      status: 201,
      body: gitHubExample('check-run-example-of-completed-conclusion'),
    },
  ];
  const github = await serveRecordedGitHub(answers);
  const main = path.join(scratch, `main-${number}`);
  mkdirSync(path.join(main, '.github'), { recursive: true });
  writeFileSync(path.join(main, '.github', 'approvers.json'), JSON.stringify(settings));
  writeFileSync(path.join(main, '.github', 'allowed-signers'), allowedSigners);
  try {
    const run = await promisify(execFile)(
      'node',
      [path.resolve('scripts/review/check-approvers.ts')],
      {
        cwd: main,
        env: {
          ...process.env,
          GITHUB_API_URL: github.url,
          GITHUB_REPOSITORY: REPOSITORY,
          GH_TOKEN: 'ghs_the-approvers-app',
        },
      },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(github.unanswered).toEqual([]);
    expect(github.refused).toEqual([]);
    const posted = github.received.filter((request) => request.method === 'POST');
    expect(
      posted.every((request) => request.authorization === 'Bearer ghs_the-approvers-app'),
    ).toBe(true);
    const checkRun = posted[0]?.body as
      | { name: string; head_sha: string; conclusion: string; output: { summary: string } }
      | undefined;
    return {
      status: 'code' in run ? run.code : 0,
      stdout: run.stdout,
      stderr: run.stderr,
      checkRun,
      head,
      lines: checkRun?.output.summary.split('\n\n') ?? [],
    };
  } finally {
    await github.stop();
  }
}

test('an approval by someone who wrote none of the commits counts, and the check run says so on the head commit', async () => {
  const result = await runCheck({
    commits: [serviceCommit(THANDI)],
    reviews: [['pmokoena', 'APPROVED']],
  });
  expect(result.status).toBe(0);
  expect(result.checkRun).toMatchObject({
    name: 'approvers',
    head_sha: result.head,
    status: 'completed',
    conclusion: 'success',
  });
  expect(result.lines).toEqual(['The approval of pmokoena counts.']);
});

test("an editor's approval of her own signed change does not count, though her account shares no e-mail with the commit", async () => {
  const result = await runCheck({
    commits: [serviceCommit(THANDI)],
    reviews: [
      ['tnkosi', 'APPROVED'],
      ['pmokoena', 'APPROVED'],
    ],
  });
  expect(result.checkRun?.conclusion).toBe('failure');
  expect(result.lines[0]).toBe('The approval of pmokoena counts.');
  expect(result.lines[1]).toMatch(
    /^The approval of tnkosi does not count\. tnkosi is the bank's thandi\.nkosi@bank\.example, who signed commit [0-9a-f]{7}, and an author may not approve their own change\.$/,
  );
});

test('a second account mapped to the same bank identity counts no more than the first', async () => {
  // Thandi's second account is her all the same: it wrote the change.
  const hers = await runCheck({
    commits: [serviceCommit(THANDI)],
    reviews: [['thandi-reviews', 'APPROVED']],
  });
  expect(hers.checkRun?.conclusion).toBe('failure');
  expect(hers.lines[0]).toMatch(/^The approval of thandi-reviews does not count\. .* who signed/);
  // Pieter approving twice, from two accounts, is one approval.
  const twice = await runCheck({
    commits: [serviceCommit(THANDI)],
    reviews: [
      ['pmokoena', 'APPROVED'],
      ['pieter-second', 'APPROVED'],
    ],
  });
  expect(twice.checkRun?.conclusion).toBe('failure');
  expect(twice.lines.slice(0, 2)).toEqual([
    'The approval of pmokoena counts.',
    "The approval of pieter-second does not count. pieter-second is the bank's pieter.mokoena@bank.example, as is pmokoena, whose approval already counts: one person approves once.",
  ]);
});

test('a commit that does not verify counts its author, its committer and its pusher as authors', async () => {
  for (const key of [undefined, 'other'] as const) {
    const unsigned = commit({
      message: 'Shorter scam warning',
      authorEmail: 'lerato@home.example',
      committerEmail: 'sipho@home.example',
      author: 'ldlamini',
      committer: 'sndlovu',
      ...(key ? { key } : {}),
    });
    const result = await runCheck({
      commits: [serviceCommit(THANDI), unsigned],
      reviews: [
        ['ldlamini', 'APPROVED'],
        ['sndlovu', 'APPROVED'],
        ['jvanwyk', 'APPROVED'],
        ['pmokoena', 'APPROVED'],
      ],
      pushers: ['jvanwyk'],
    });
    const sha = unsigned.sha.slice(0, 7);
    expect(result.checkRun?.conclusion, `signed with ${key ?? 'no key'}`).toBe('failure');
    expect(result.lines.slice(0, 4)).toEqual([
      'The approval of pmokoena counts.',
      `The approval of ldlamini does not count. ldlamini is the bank's ${LERATO}, who wrote commit ${sha}, and an author may not approve their own change.`,
      `The approval of sndlovu does not count. sndlovu is the bank's ${SIPHO}, who committed commit ${sha}, and an author may not approve their own change.`,
      `The approval of jvanwyk does not count. jvanwyk is the bank's ${JOHAN}, who pushed the branch of commit ${sha}, and an author may not approve their own change.`,
    ]);
  }
});

test('an identity line in a commit the service did not sign counts for nothing', async () => {
  // Lerato writes Pieter's identity into her own commit: it makes him no author, nor her not one.
  const forged = commit({
    message: `Shorter scam warning\n\nBank-Identity: ${PIETER}`,
    authorEmail: LERATO,
    author: 'ldlamini',
    committer: 'ldlamini',
  });
  const result = await runCheck({
    commits: [forged],
    reviews: [
      ['pmokoena', 'APPROVED'],
      ['ldlamini', 'APPROVED'],
    ],
    pushers: ['ldlamini'],
  });
  expect(result.lines.slice(0, 2)).toEqual([
    'The approval of pmokoena counts.',
    `The approval of ldlamini does not count. ldlamini is the bank's ${LERATO}, who wrote commit ${forged.sha.slice(0, 7)} and committed commit ${forged.sha.slice(0, 7)} and pushed the branch of commit ${forged.sha.slice(0, 7)}, and an author may not approve their own change.`,
  ]);
});

test('an approver who maps to no bank identity does not count, and the check fails', async () => {
  const result = await runCheck({
    commits: [serviceCommit(THANDI)],
    reviews: [
      ['stranger', 'APPROVED'],
      ['pmokoena', 'APPROVED'],
    ],
  });
  expect(result.checkRun?.conclusion).toBe('failure');
  expect(result.lines.slice(0, 2)).toEqual([
    'The approval of pmokoena counts.',
    'The approval of stranger does not count. stranger maps to no bank identity (the mapping of logins in .github/approvers.json), so the check cannot tell whether they wrote the change.',
  ]);
});

test('with no route to bank identities the check fails, and says why', async () => {
  const result = await runCheck(
    { commits: [serviceCommit(THANDI)], reviews: [['pmokoena', 'APPROVED']] },
    { requiredTeams: REQUIRED_TEAMS },
  );
  expect(result.status).toBe(0);
  expect(result.checkRun?.conclusion).toBe('failure');
  expect(result.lines).toEqual([
    'No route joins GitHub accounts to bank identities: .github/approvers.json names none in bankIdentities (managed-users, saml or mapping), so no approval can be told from an author’s. docs/deploying.md, "Approvers by bank identity", says how to set one.',
  ]);
});

test("an unsigned commit whose author, committer or pusher is unknown fails the check: an e-mail linked to no account, an app's push", async () => {
  const unlinked = commit({ message: 'Fix', authorEmail: 'someone@home.example' });
  const result = await runCheck({
    commits: [unlinked],
    reviews: [['pmokoena', 'APPROVED']],
    pushers: ['editing-service[bot]'],
  });
  const sha = unlinked.sha.slice(0, 7);
  expect(result.checkRun?.conclusion).toBe('failure');
  expect(result.lines).toEqual([
    'The approval of pmokoena does not count. Not every author of the commits is known, so pmokoena may be one of them.',
    `The author someone@home.example of commit ${sha}, which the editing service did not sign (it is not signed), is linked to no GitHub account.`,
    `The committer someone@home.example of commit ${sha}, which the editing service did not sign (it is not signed), is linked to no GitHub account.`,
    `editing-service[bot], an app, pushed the branch of commit ${sha}, which the editing service did not sign: the person behind it is unknown.`,
    'The check fails until every approval counts, every author is known and every team named approves.',
  ]);
});

test('a change to a file the security team must approve fails until a member of it approves', async () => {
  const pull = {
    commits: [
      commit({
        message: 'Deploy on Fridays too',
        authorEmail: LERATO,
        author: 'ldlamini' as const,
        committer: 'ldlamini' as const,
      }),
    ],
    files: ['.github/workflows/deploy.yml', 'README.md'],
    pushers: ['ldlamini' as const],
  };
  const teams = { 'example-bank/security': ['jvanwyk' as const] };
  const developerOnly = await runCheck(
    { ...pull, reviews: [['pmokoena', 'APPROVED']] },
    undefined,
    teams,
  );
  expect(developerOnly.checkRun?.conclusion).toBe('failure');
  expect(developerOnly.lines).toContain(
    ".github/workflows/deploy.yml needs the approval of a member of example-bank/security (the pipeline); no approval that counts is one's yet.",
  );
  const withSecurity = await runCheck(
    {
      ...pull,
      reviews: [
        ['pmokoena', 'APPROVED'],
        ['jvanwyk', 'APPROVED'],
      ],
    },
    undefined,
    teams,
  );
  expect(withSecurity.checkRun?.conclusion).toBe('success');
});

test('managed user accounts: the login carries the bank identity, as GitHub makes it from the user name', async () => {
  expect(managedLogin(THANDI, 'bank')).toBe('thandi-nkosi_bank');
  expect(managedLogin('Johan..van_Wyk@bank.example', 'bank')).toBe('johan-van-wyk_bank');
  const managed = (login: string, id: number) => ({ ...gitHubUser(login, id), login });
  Object.assign(accounts, {
    'thandi-nkosi_bank': managed('thandi-nkosi_bank', 201),
    'pieter-mokoena_bank': managed('pieter-mokoena_bank', 202),
  });
  const result = await runCheck(
    {
      commits: [serviceCommit(THANDI)],
      reviews: [
        ['thandi-nkosi_bank' as Login, 'APPROVED'],
        ['pieter-mokoena_bank' as Login, 'APPROVED'],
        ['pmokoena', 'APPROVED'],
      ],
    },
    { bankIdentities: { route: 'managed-users', shortcode: 'bank' }, requiredTeams: [] },
  );
  expect(result.lines.slice(0, 3)).toEqual([
    'The approval of pieter-mokoena_bank counts.',
    expect.stringMatching(
      /^The approval of thandi-nkosi_bank does not count\. thandi-nkosi_bank is the bank's thandi-nkosi_bank, who signed commit/,
    ),
    'The approval of pmokoena does not count. pmokoena maps to no bank identity (managed user accounts (short code bank)), so the check cannot tell whether they wrote the change.',
  ]);
});

test("the SAML identities an owner exports: GitHub's GraphQL answer, joined by NameID", async () => {
  const exported = [
    {
      data: {
        organization: {
          samlIdentityProvider: {
            externalIdentities: {
              pageInfo: { hasNextPage: false, endCursor: 'Y3Vyc29yOjI=' },
              nodes: [
                {
                  samlIdentity: { nameId: 'Thandi.Nkosi@bank.example' },
                  user: { login: 'tnkosi' },
                },
                { samlIdentity: { nameId: PIETER }, user: { login: 'pmokoena' } },
                // An identity not yet linked to an account.
                { samlIdentity: { nameId: JOHAN }, user: null },
              ],
            },
          },
        },
      },
    },
  ];
  for (const page of exported)
    expect(graphqlAnswerProblems(SAML_EXPORT_QUERY, { org: 'example-bank' }, page.data)).toEqual(
      [],
    );
  // The check of the answer fails where the answer is not GitHub's shape.
  expect(
    graphqlAnswerProblems(
      SAML_EXPORT_QUERY,
      { org: 'example-bank' },
      {
        organization: { samlIdentityProvider: { externalIdentities: { nodes: [] } } },
      },
    ),
  ).not.toEqual([]);
  const main = path.join(scratch, 'saml');
  mkdirSync(main);
  const file = path.join(main, 'saml-identities.json');
  writeFileSync(file, JSON.stringify(exported));
  const result = await runCheck(
    {
      commits: [serviceCommit(THANDI)],
      reviews: [
        ['tnkosi', 'APPROVED'],
        ['pmokoena', 'APPROVED'],
        ['jvanwyk', 'APPROVED'],
      ],
    },
    { bankIdentities: { route: 'saml', export: file }, requiredTeams: [] },
  );
  expect(result.lines.slice(0, 3)).toEqual([
    'The approval of pmokoena counts.',
    expect.stringMatching(/^The approval of tnkosi does not count\. tnkosi is the bank's thandi/),
    expect.stringMatching(
      /^The approval of jvanwyk does not count\. jvanwyk maps to no bank identity/,
    ),
  ]);
});

test("a reviewer's latest approval or request stands; a comment after an approval leaves it", async () => {
  const result = await runCheck({
    commits: [serviceCommit(THANDI)],
    reviews: [
      ['tnkosi', 'APPROVED'],
      ['tnkosi', 'CHANGES_REQUESTED'],
      ['jvanwyk', 'APPROVED'],
      ['jvanwyk', 'DISMISSED'],
      ['pmokoena', 'APPROVED'],
      ['pmokoena', 'COMMENTED'],
    ],
  });
  expect(result.checkRun?.conclusion).toBe('success');
  expect(result.lines).toEqual(['The approval of pmokoena counts.']);
});

test("a commit signed by the service's key for another editor names that editor, not its GitHub author", async () => {
  // The service signs for Pieter; an account linked to nothing in the commit approves: Thandi's.
  const result = await runCheck({
    commits: [serviceCommit(PIETER)],
    reviews: [['tnkosi', 'APPROVED']],
  });
  expect(result.checkRun?.conclusion).toBe('success');
});
