import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { Person } from '../../editor/service/identity';
import { complianceLog } from '../../records/compliance-log';
import { storeFromEnvironment } from '../../records/open-store';
import type { PageRecord, RecordEvent } from '../../records/record';
import type { RecordStore } from '../../records/store';
import { serveRecordedGitHub } from '../support/github-api';
import { pullRequestAnswers, teamAnswers } from '../support/recorded-pull-requests';
import { startRecordsWorker } from '../support/records-worker';
import { packRelease, type Ran, scratchOrigin } from '../support/scratch-origin';

/**
 * The records a regulator asks for (issue 54), made by two successive deploys of a change to one
 * page, each run through the commands the deploy workflow runs: `npm run records -- prepare`
 * before the release takes traffic, `npm run records -- live --target cloudflare` once Cloudflare
 * (production of record) serves it, and the origin's own `activate`, in a scratch root, as a second
 * target. The pull requests' approvals and reasons are GitHub's answers, recorded in GitHub's
 * shapes and checked against its published description. The page's texts, the pull requests and
 * the reasons come from this file; the PDFs are read with poppler's pdftotext.
 */

const run = promisify(execFile);

const REPOSITORY = 'example-bank/private-bank-site';
const TEAMS = { compliance: ['nmokoena'], 'marketing-reviewers': ['jvanwyk'], developers: [] };
/** The sentence the second deploy changes, as content/south-africa.ts and the built page hold it. */
const OLD_WORDS = 'We have served Africa for over a century.';
const NEW_WORDS = 'We have served Africa for more than a century.';
const COMPLIANCE_REASON =
  'The heritage claim stands: the Johannesburg office has served clients since 1921, as the annual report shows.';
const MARKETING_REASON = 'Reads better for clients; no other wording changes.';

/** A command's outcome, as the workflow's step would end. */
async function records(args: string[], environment: NodeJS.ProcessEnv): Promise<Ran> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'records', '--', ...args], {
      env: environment,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as Ran;
    return { code, stdout, stderr };
  }
}

/** A copy of out/ in which one text of one page reads otherwise, its gzip twin made again. */
function siteWith(folder: string, file: string, from: string, to: string) {
  cpSync('out', folder, { recursive: true });
  const page = path.join(folder, file);
  const html = readFileSync(page, 'utf8');
  expect(html.split(from)).toHaveLength(2);
  writeFileSync(page, html.replace(from, to));
  if (existsSync(`${page}.gz`)) writeFileSync(`${page}.gz`, gzipSync(readFileSync(page)));
  return folder;
}

/** The text of a PDF, its lines joined, as pdftotext reads it. */
const pdfText = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

async function json<T>(store: RecordStore, key: string): Promise<T> {
  const bytes = await store.read(key);
  expect(bytes, key).toBeDefined();
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}

test('two deploys of a change to one page leave two records of it, with their events on both targets, and none for the pages it left alone', async () => {
  test.setTimeout(15 * 60_000);
  const scratch = mkdtempSync(path.join(tmpdir(), 'private-bank-records-deploy-'));
  const worker = await startRecordsWorker();
  const origin = await scratchOrigin();
  try {
    // The repository as main holds it: this checkout's commit, then an editor's change to one page.
    const repository = path.join(scratch, 'repository');
    execFileSync('git', ['clone', '--quiet', process.cwd(), repository]);
    const first = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repository }).toString().trim();
    const content = path.join(repository, 'content', 'south-africa.ts');
    expect(readFileSync(content, 'utf8')).toContain(OLD_WORDS);
    writeFileSync(content, readFileSync(content, 'utf8').replace(OLD_WORDS, NEW_WORDS));
    execFileSync('git', ['commit', '--quiet', '-am', 'Say more than a century'], {
      cwd: repository,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Thandi Nkosi',
        GIT_AUTHOR_EMAIL: 'thandi.nkosi@example.com',
        GIT_COMMITTER_NAME: 'Editing service',
        GIT_COMMITTER_EMAIL: 'editing-service@example.com',
      },
    });
    const second = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repository })
      .toString()
      .trim();
    const firstSite = path.join(scratch, 'site-1');
    cpSync('out', firstSite, { recursive: true });
    const secondSite = siteWith(
      path.join(scratch, 'site-2'),
      'south-africa.html',
      OLD_WORDS,
      NEW_WORDS,
    );

    const github = await serveRecordedGitHub([
      ...pullRequestAnswers({
        repository: REPOSITORY,
        number: 41,
        title: 'Johannesburg office hours',
        mergeCommit: first,
        mergedBy: 'jvanwyk',
        mergedAt: '2026-03-01T09:00:00Z',
        commits: [
          {
            sha: first,
            author: { name: 'Sipho Dlamini', email: 'sipho.dlamini@example.com' },
            message: 'Johannesburg office hours\n\nBank-Identity: sipho.dlamini@example.com\n',
            verified: true,
          },
        ],
        reviews: [
          {
            login: 'nmokoena',
            state: 'APPROVED',
            body: 'Hours match the FSP licence conditions.',
            at: '2026-03-01T08:10:00Z',
          },
          { login: 'jvanwyk', state: 'APPROVED', body: 'Fine.', at: '2026-03-01T08:40:00Z' },
        ],
      }),
      ...pullRequestAnswers({
        repository: REPOSITORY,
        number: 42,
        title: 'Say more than a century',
        mergeCommit: second,
        mergedBy: 'jvanwyk',
        mergedAt: '2026-03-04T09:00:00Z',
        commits: [
          {
            sha: second,
            author: { name: 'Thandi Nkosi', email: 'Thandi.Nkosi@example.com' },
            message: 'Say more than a century\n\nBank-Identity: thandi.nkosi@example.com\n',
            verified: true,
          },
        ],
        reviews: [
          {
            login: 'nmokoena',
            state: 'APPROVED',
            body: COMPLIANCE_REASON,
            at: '2026-03-04T08:00:00Z',
          },
          {
            login: 'nmokoena',
            state: 'COMMENTED',
            body: 'Also checked the PDF.',
            at: '2026-03-04T08:05:00Z',
          },
          {
            login: 'jvanwyk',
            state: 'APPROVED',
            body: MARKETING_REASON,
            at: '2026-03-04T08:30:00Z',
          },
        ],
      }),
      ...teamAnswers('example-bank', TEAMS),
    ]);
    const writer = worker.tokenFile(worker.writerToken);
    const environment = {
      ...process.env,
      RECORDS_STORE: worker.url,
      RECORDS_TOKEN_FILE: writer,
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: 'a-token-of-the-bank-s-github-app',
      GITHUB_REPOSITORY: REPOSITORY,
      RECORDS_TEAMS: Object.keys(TEAMS).join(' '),
      RECORDS_COMPLIANCE_TEAM: 'compliance',
    };
    const archive = await packRelease(path.join(scratch, 'download'));
    origin.recordsSettings({
      RECORDS_STORE: worker.url,
      RECORDS_TOKEN_FILE: writer,
      RECORDS_TARGET: 'origin-jnb-1',
    });

    /** One deploy, as the workflow runs it and a deployer then activates it on the origin. */
    const deploy = async (commit: string, site: string) => {
      // CI checks out the commit pushed to main.
      execFileSync('git', ['checkout', '--quiet', '--detach', commit], { cwd: repository });
      const prepared = await records(
        ['prepare', '--site', site, '--repository', repository],
        environment,
      );
      expect(prepared.code, prepared.stderr).toBe(0);
      const live = await records(
        ['live', '--target', 'cloudflare', '--release', commit.slice(0, 12)],
        environment,
      );
      expect(live.code, live.stderr).toBe(0);
      const release = await origin.unpack(archive, commit, site);
      return { prepared, release };
    };

    const beforeAny = new Date().toISOString();
    const firstDeploy = await deploy(first, firstSite);
    const activatedFirst = await origin.activate(firstDeploy.release);
    expect(activatedFirst.code, activatedFirst.stderr).toBe(0);
    const whileFirst = new Date().toISOString();

    await test.step('a store that refuses the write stops the deploy before the release serves, and says why', async () => {
      execFileSync('git', ['checkout', '--quiet', '--detach', second], { cwd: repository });
      const refused = await records(['prepare', '--site', secondSite, '--repository', repository], {
        ...environment,
        RECORDS_TOKEN_FILE: worker.tokenFile(worker.readerToken),
      });
      // The record job fails, and the deploy job, which needs it, never starts.
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `records: the records store at ${worker.url} refused to write `,
      );
      expect(refused.stderr).toContain('(this credential may only read)');
      expect(refused.stderr).toContain('Nothing more was written.');
      expect(
        await storeFromEnvironment({
          RECORDS_STORE: worker.url,
          RECORDS_TOKEN_FILE: worker.tokenFile(worker.readerToken),
        }).read(`releases/${second.slice(0, 12)}.txt`),
      ).toBeUndefined();
    });

    const secondDeploy = await deploy(second, secondSite);
    expect(secondDeploy.prepared.stdout).toContain(
      `Release ${second.slice(0, 12)}: 1 new record(s), 2 page(s) as before`,
    );

    await test.step('an origin whose store refuses the write refuses the release, and serves the one before', async () => {
      origin.recordsSettings({
        RECORDS_STORE: worker.url,
        RECORDS_TOKEN_FILE: worker.tokenFile(worker.readerToken),
        RECORDS_TARGET: 'origin-jnb-1',
      });
      const refused = await origin.activate(secondDeploy.release);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(
        `record-activation: the records store at ${worker.url} refused to write activations/origin-jnb-1/`,
      );
      expect(refused.stderr).toContain(
        `activate: refused ${secondDeploy.release}: this server could not record it, so nothing was installed`,
      );
      expect(origin.current()).toBe(firstDeploy.release);
      origin.recordsSettings({
        RECORDS_STORE: worker.url,
        RECORDS_TOKEN_FILE: writer,
        RECORDS_TARGET: 'origin-jnb-1',
      });
    });
    const activatedSecond = await origin.activate(secondDeploy.release);
    expect(activatedSecond.code, activatedSecond.stderr).toBe(0);
    expect(origin.current()).toBe(secondDeploy.release);
    const afterSecond = new Date().toISOString();

    const store = storeFromEnvironment({
      RECORDS_STORE: worker.url,
      RECORDS_TOKEN_FILE: worker.tokenFile(worker.readerToken),
    });
    const recordKeys = (await store.list('records/')).sort();
    const firstRef = `FP-south-africa-${first.slice(0, 12)}`;
    const secondRef = `FP-south-africa-${second.slice(0, 12)}`;
    // In the store's order of names, in which the two commits' hashes fall either way.
    expect(recordKeys).toEqual(
      [
        `records/home/FP-home-${first.slice(0, 12)}.json`,
        `records/not-found/FP-not-found-${first.slice(0, 12)}.json`,
        `records/south-africa/${firstRef}.json`,
        `records/south-africa/${secondRef}.json`,
      ].sort(),
    );

    await test.step('each record of the page has its events: prepared, live on both targets, superseded', async () => {
      const eventsOf = async (reference: string) =>
        Promise.all(
          (await store.list(`events/${reference}/`)).map((key) => json<RecordEvent>(store, key)),
        );
      const summary = (events: RecordEvent[]) =>
        events.map((e) => ('target' in e ? `${e.event} ${e.target}` : e.event)).sort();
      expect(summary(await eventsOf(firstRef))).toEqual([
        'live cloudflare',
        'live origin-jnb-1',
        'prepared',
        'superseded cloudflare',
        'superseded origin-jnb-1',
      ]);
      expect(summary(await eventsOf(secondRef))).toEqual([
        'live cloudflare',
        'live origin-jnb-1',
        'prepared',
      ]);
      // The home page's record went live once on each target, and stays live.
      expect(summary(await eventsOf(`FP-home-${first.slice(0, 12)}`))).toEqual([
        'live cloudflare',
        'live origin-jnb-1',
        'prepared',
      ]);
    });

    await test.step("the records keep the old and the new words, in their PDFs too, with the pull request's approvals and reasons", async () => {
      const older = await json<PageRecord>(store, `records/south-africa/${firstRef}.json`);
      const newer = await json<PageRecord>(store, `records/south-africa/${secondRef}.json`);
      const pdf = async (record: PageRecord) =>
        pdfText((await store.read(`files/${record.copies.pdf}`))!);
      expect(await pdf(older)).toContain(OLD_WORDS);
      expect(await pdf(older)).not.toContain(NEW_WORDS);
      expect(await pdf(newer)).toContain(NEW_WORDS);
      expect(await pdf(newer)).not.toContain(OLD_WORDS);
      expect(newer.previous).toBe(firstRef);
      expect(newer.change.removed.join(' ')).toContain(OLD_WORDS);
      expect(newer.change.added.join(' ')).toContain(NEW_WORDS);
      expect(newer.change.content).toEqual([
        expect.objectContaining({
          words: expect.stringMatching(/^South Africa page, /),
          before: expect.stringContaining(OLD_WORDS),
          after: expect.stringContaining(NEW_WORDS),
        }),
      ]);
      const [pull] = newer.pullRequests;
      expect(newer.pullRequests).toHaveLength(1);
      expect(pull).toMatchObject({
        number: 42,
        title: 'Say more than a century',
        mergedBy: 'jvanwyk',
        editors: [{ name: 'Thandi Nkosi', bankIdentity: 'thandi.nkosi@example.com' }],
        approvals: [
          {
            login: 'nmokoena',
            teams: ['compliance'],
            role: 'compliance sign-off',
            final: false,
            reason: COMPLIANCE_REASON,
          },
          {
            login: 'jvanwyk',
            teams: ['marketing-reviewers'],
            role: 'approval',
            final: true,
            reason: MARKETING_REASON,
          },
        ],
      });
      expect(older.pullRequests.map((p) => p.number)).toEqual([41]);
      expect(github.unanswered).toEqual([]);
    });

    await test.step('the question is answered for each target: the record live then', async () => {
      const at = async (time: string) => {
        const answered = await records(['at', time, '/south-africa', '--json'], {
          ...environment,
          RECORDS_TOKEN_FILE: worker.tokenFile(worker.readerToken),
        });
        const answers = JSON.parse(answered.stdout || '[]') as {
          target: string;
          record: { reference: string };
          files: { state: string }[];
        }[];
        return {
          code: answered.code,
          live: answers.map((a) => `${a.target} ${a.record.reference}`),
          intact: answers.every((a) => a.files.every((file) => file.state === 'intact')),
        };
      };
      expect(await at(beforeAny)).toEqual({ code: 3, live: [], intact: true });
      expect(await at(whileFirst)).toEqual({
        code: 0,
        live: [`cloudflare ${firstRef}`, `origin-jnb-1 ${firstRef}`],
        intact: true,
      });
      expect(await at(afterSecond)).toEqual({
        code: 0,
        live: [`cloudflare ${secondRef}`, `origin-jnb-1 ${secondRef}`],
        intact: true,
      });
      const said = await records(['at', afterSecond, '/south-africa'], {
        ...environment,
        RECORDS_TOKEN_FILE: worker.tokenFile(worker.readerToken),
      });
      expect(said.stdout).toContain(
        `Compliance sign-off: nmokoena (compliance) at 2026-03-04 08:00:00 UTC: “${COMPLIANCE_REASON}”`,
      );
      expect(said.stdout).toContain(
        `Approval, final approval: jvanwyk (marketing-reviewers) at 2026-03-04 08:30:00 UTC: “${MARKETING_REASON}”`,
      );
    });
    await github.stop();
  } finally {
    await worker.stop();
    await origin.remove();
    rmSync(scratch, { recursive: true, force: true });
  }
});

test('the question says which stored file of the record live then was altered', async () => {
  test.setTimeout(10 * 60_000);
  const scratch = mkdtempSync(path.join(tmpdir(), 'private-bank-records-altered-'));
  const origin = await scratchOrigin();
  try {
    const store = path.join(scratch, 'records');
    const commit = execFileSync('git', ['rev-parse', 'HEAD']).toString().trim();
    const github = await serveRecordedGitHub([
      ...pullRequestAnswers({
        repository: REPOSITORY,
        number: 41,
        title: 'Johannesburg office hours',
        mergeCommit: commit,
        mergedBy: 'jvanwyk',
        mergedAt: '2026-03-01T09:00:00Z',
        commits: [
          {
            sha: commit,
            author: { name: 'Sipho Dlamini', email: 'sipho.dlamini@example.com' },
            message: 'Johannesburg office hours\n',
            verified: false,
          },
        ],
        reviews: [
          {
            login: 'nmokoena',
            state: 'APPROVED',
            body: 'Hours match the FSP licence conditions.',
            at: '2026-03-01T08:10:00Z',
          },
        ],
      }),
      ...teamAnswers('example-bank', TEAMS),
    ]);
    const environment = {
      ...process.env,
      RECORDS_STORE: store,
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: 'a-token-of-the-bank-s-github-app',
      GITHUB_REPOSITORY: REPOSITORY,
      RECORDS_TEAMS: Object.keys(TEAMS).join(' '),
      RECORDS_COMPLIANCE_TEAM: 'compliance',
    };
    expect((await records(['prepare', '--site', 'out'], environment)).code).toBe(0);
    const live = await records(
      ['live', '--target', 'cloudflare', '--release', commit.slice(0, 12)],
      environment,
    );
    expect(live.code, live.stderr).toBe(0);
    origin.recordsSettings({ RECORDS_STORE: store, RECORDS_TARGET: 'origin-jnb-1' });
    const release = await origin.unpack(
      await packRelease(path.join(scratch, 'download')),
      commit,
      'out',
    );
    const activated = await origin.activate(release);
    expect(activated.code, activated.stderr).toBe(0);
    expect(activated.stdout).toContain(
      `record-activation: origin-jnb-1 serves release ${commit.slice(0, 12)} from `,
    );
    await github.stop();

    const now = new Date().toISOString();
    const intact = await records(['at', now, '/south-africa'], environment);
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.stdout).toContain('Files: all ');
    const record = JSON.parse(
      readFileSync(
        path.join(store, 'records', 'south-africa', `FP-south-africa-${commit.slice(0, 12)}.json`),
        'utf8',
      ),
    ) as PageRecord;
    await test.step('the compliance log shows the record to the compliance group alone, its copies checked', async () => {
      const log = complianceLog({ RECORDS_COMPLIANCE_GROUP: 'compliance', RECORDS_STORE: store });
      const people: Record<string, Person> = {
        nmokoena: {
          user: 'nmokoena',
          email: 'n@example.com',
          name: 'N Mokoena',
          groups: ['compliance'],
        },
        sdlamini: {
          user: 'sdlamini',
          email: 's@example.com',
          name: 'S Dlamini',
          groups: ['editors'],
        },
      };
      const server = createServer(
        (request, response) =>
          void log(request, response, people[String(request.headers['x-user'])]!),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const as = (user: string, where: string) =>
        fetch(`${address}${where}`, { headers: { 'x-user': user } });
      try {
        const refused = await as('sdlamini', '/records/');
        expect(refused.status).toBe(403);
        expect(await refused.text()).toContain(
          'The financial promotions log is for the compliance team: sdlamini is not in the group compliance.',
        );
        const shown = await (await as('nmokoena', '/records/?page=/south-africa')).text();
        const reference = `FP-south-africa-${commit.slice(0, 12)}`;
        expect(shown).toContain(`<th scope="row">${reference}</th>`);
        expect(shown).not.toContain(`FP-home-${commit.slice(0, 12)}`);
        // The period, by the days a record was live: one live now is in a period that holds today,
        // and in none that ended before it was made.
        const within = await as(
          'nmokoena',
          '/records/?page=/south-africa&from=2000-01-01&to=2999-12-31',
        );
        expect(await within.text()).toContain(`<th scope="row">${reference}</th>`);
        const before = await as(
          'nmokoena',
          '/records/?page=/south-africa&from=1999-01-01&to=2000-01-01',
        );
        const beforeText = await before.text();
        expect(beforeText).toContain('<p>No record matches.</p>');
        expect(beforeText).not.toContain(reference);
        // One approver, of the compliance team, whose approval is also the final one.
        expect(shown).toContain(
          'Compliance sign-off (final approval): nmokoena (compliance), 2026-03-01 08:10 UTC: “Hours match the FSP licence conditions.”',
        );
        expect(shown).toMatch(/<li>cloudflare: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC to now<\/li>/);
        expect(shown).toMatch(/<li>origin-jnb-1: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC to now<\/li>/);
        const pdf = await as('nmokoena', `/records/${reference}/page.pdf`);
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
        expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(OLD_WORDS);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    // Someone with the folder's disk changes the kept PDF.
    const pdf = path.join(store, 'files', record.copies.pdf);
    rmSync(pdf);
    writeFileSync(pdf, '%PDF-1.7 another page');
    const altered = await records(['at', now, '/south-africa'], environment);
    expect(altered.code).toBe(1);
    for (const target of ['cloudflare', 'origin-jnb-1'])
      expect(altered.stdout).toContain(
        `${target}: FP-south-africa-${commit.slice(0, 12)}, live from `,
      );
    expect(altered.stdout).toContain(
      `ALTERED: the PDF (files/${record.copies.pdf}): its bytes are not those the record names`,
    );
    expect(altered.stdout.match(/ALTERED/g)).toHaveLength(2);
    const log = complianceLog({ RECORDS_COMPLIANCE_GROUP: 'compliance', RECORDS_STORE: store });
    const server = createServer(
      (request, response) =>
        void log(request, response, {
          user: 'nmokoena',
          email: 'n@example.com',
          name: 'N Mokoena',
          groups: ['compliance'],
        }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const served = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/records/FP-south-africa-${commit.slice(0, 12)}/page.pdf`,
      );
      expect(served.status).toBe(409);
      expect(await served.text()).toContain(
        `The page.pdf of FP-south-africa-${commit.slice(0, 12)} is altered: its bytes are not those the record names.`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  } finally {
    await origin.remove();
    rmSync(scratch, { recursive: true, force: true });
  }
});
