/**
 * `npm run records -- <command>`: the records a regulator asks for (docs/deploying.md, "Records
 * for a regulator"). The store is RECORDS_STORE's (with RECORDS_TOKEN_FILE for the records Worker).
 *
 *   prepare --site out [--repository <checkout>]
 *                                 before a release takes traffic: the records of each page whose
 *                                 served bytes changed, from the checkout's commit (this folder's,
 *                                 where none is named) and GitHub's pull requests (GITHUB_API_URL,
 *                                 GITHUB_TOKEN, GITHUB_REPOSITORY, RECORDS_TEAMS,
 *                                 RECORDS_COMPLIANCE_TEAM)
 *   live --target <name> --release <release> [--time <ISO time>] [--version <id>]
 *                                 the release serves on the target from that time (now by default)
 *   at <ISO time with its offset> <address>
 *                                 which record of the page at that address was live on each target
 *                                 then, with its approvals, each file checked against its SHA-256
 *                                 (--json for the answer as JSON)
 *   pictures --before <main's export> --after <the pull request's export> --pull-request <number>
 *            --commit <its head commit> [--comment <file>]
 *                                 the pictures of each page the pull request changes, before and
 *                                 after at a phone's and a desktop's width, the changed texts
 *                                 marked, kept in the store; the pull request's comment, linking
 *                                 them through the compliance log (RECORDS_LOG_ADDRESS), is
 *                                 printed or written to the file
 *
 * Each says what it did in words; a failure is said in words, with exit status 1, and changes
 * nothing more.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { goLive } from './go-live';
import { storeFromEnvironment } from './open-store';
import { GitHubFailure, type GitHubSource } from './pull-requests';
import { describeAnswers } from './question-words';
import { liveAt } from './question';
import { StoreFailure } from './store';

/** A time with its offset (Z or ±hh:mm), which alone names one instant. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A mistake of the command line, said in words with the usage. */
class UsageError extends Error {}

function timeOf(given: string | undefined, what: string): Date {
  if (!given || !ISO_TIME.test(given) || Number.isNaN(Date.parse(given)))
    throw new UsageError(
      `${what} must be a time with its offset, such as 2026-03-03T10:00+02:00 or 2026-03-03T08:00Z: got "${given ?? ''}"`,
    );
  return new Date(given);
}

/** GitHub's API and the teams, from the environment GitHub's runners set and the deploy adds. */
function gitHubSource(environment = process.env): GitHubSource {
  const need = (name: string) => {
    const value = environment[name];
    if (!value)
      throw new UsageError(`${name} is not set: the records read the pull requests from GitHub`);
    return value;
  };
  return {
    api: environment.GITHUB_API_URL ?? 'https://api.github.com',
    token: need('GITHUB_TOKEN'),
    repository: need('GITHUB_REPOSITORY'),
    teams: need('RECORDS_TEAMS')
      .split(/[\s,]+/)
      .filter(Boolean),
    complianceTeam: need('RECORDS_COMPLIANCE_TEAM'),
  };
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      site: { type: 'string' },
      repository: { type: 'string' },
      target: { type: 'string' },
      release: { type: 'string' },
      time: { type: 'string' },
      version: { type: 'string' },
      json: { type: 'boolean' },
      before: { type: 'string' },
      after: { type: 'string' },
      'pull-request': { type: 'string' },
      commit: { type: 'string' },
      comment: { type: 'string' },
    },
  });
  const say = (line: string) => console.log(line);
  if (command === 'prepare') {
    if (!values.site) throw new UsageError('name the tested build’s export: --site out');
    const github = gitHubSource();
    // Loaded by the commands that need them: preparing and the pictures read the content and draw
    // pages (TypeScript's parser, Playwright), which `live` and `at` would otherwise load for nothing.
    const { prepareRecords } = await import('./prepare');
    await prepareRecords({
      store: storeFromEnvironment(),
      site: values.site,
      repository: values.repository ?? process.cwd(),
      github,
      say,
    });
    return 0;
  }
  if (command === 'live') {
    if (!values.target || !values.release)
      throw new UsageError(
        'name the target and the release: --target cloudflare --release <release>',
      );
    const time = values.time
      ? timeOf(values.time, '--time').toISOString()
      : new Date().toISOString();
    const store = storeFromEnvironment();
    const { live, superseded } = await goLive(store, {
      release: values.release,
      target: values.target,
      time,
      ...(values.version ? { version: values.version } : {}),
    });
    say(
      `Release ${values.release} is live on ${values.target} from ${time}: ${live.length ? `${live.join(', ')} live` : 'no page’s record changed'}${superseded.length ? `, ${superseded.join(', ')} superseded` : ''}; recorded in ${store.where}.`,
    );
    return 0;
  }
  if (command === 'at') {
    const [time, address] = positionals;
    const at = timeOf(time, 'The time');
    if (!address?.startsWith('/'))
      throw new UsageError(`name the page by its address on the site, such as /south-africa`);
    const answers = await liveAt(storeFromEnvironment(), at, address);
    if (values.json) console.log(JSON.stringify(answers, null, 2));
    else for (const line of describeAnswers(answers, time!, address)) say(line);
    if (answers.length === 0) return 3;
    return answers.some((answer) => answer.files.some((file) => file.state !== 'intact')) ? 1 : 0;
  }
  if (command === 'pictures') {
    const pullRequest = Number(values['pull-request']);
    if (!values.before || !values.after || !Number.isInteger(pullRequest) || pullRequest < 1)
      throw new UsageError(
        "name main's export, the pull request's export and its number: --before main-out --after out --pull-request 42",
      );
    if (!/^[0-9a-f]{40}$/.test(values.commit ?? ''))
      throw new UsageError(
        `--commit must be the pull request's head commit, 40 hexadecimal digits: got "${values.commit ?? ''}"`,
      );
    const { pullRequestPictures } = await import('./pull-request-pictures');
    const comment = await pullRequestPictures({
      store: storeFromEnvironment(),
      before: values.before,
      after: values.after,
      pullRequest,
      commit: values.commit!,
      logAddress: process.env.RECORDS_LOG_ADDRESS,
      say,
    });
    if (values.comment) writeFileSync(values.comment, comment);
    else say(comment);
    return 0;
  }
  throw new UsageError(`there is no command "${command ?? ''}"`);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`records: ${error.message}`);
    console.error(
      'usage: npm run records -- prepare --site out [--repository <checkout>] | live --target <name> --release <release> [--time <time>] [--version <id>] | at <time> <address> [--json] | pictures --before <export> --after <export> --pull-request <number> --commit <sha> [--comment <file>]',
    );
    process.exitCode = 2;
  } else {
    // The store's and GitHub's failures are said in words already; anything else is named as it
    // came, without a trace, for the platform team.
    const known = error instanceof StoreFailure || error instanceof GitHubFailure;
    const said = error instanceof Error ? error.message : String(error);
    console.error(
      `records: ${known ? said : `the command failed: ${said}`}. Nothing more was written.`,
    );
    process.exitCode = 1;
  }
}
