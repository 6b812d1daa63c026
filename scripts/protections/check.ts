/**
 * `npm run protections -- --repo OWNER/NAME`: compares the live repository's settings with the
 * policy (policy.ts) through GitHub's REST and GraphQL APIs, and prints each difference in words,
 * one line a setting. It exits with 1 on any difference, and on any setting GitHub did not show:
 * nothing unread passes. The settings GitHub's API cannot show at all are listed on every run, as
 * people check them.
 *
 * It reads with the token in GITHUB_TOKEN: in the workflows, an installation token of the bank's
 * read-only protections App (docs/deploying.md); GitHub's own GITHUB_TOKEN cannot read the
 * administration settings. `--api-url` and `--graphql-url` name another GitHub (GitHub Enterprise
 * Server), by default those a workflow is given (GITHUB_API_URL, GITHUB_GRAPHQL_URL), else
 * github.com's. Node runs it as it is, with no package installed.
 */
import { parseArgs } from 'node:util';
import { differences } from './compare.ts';
import { gitHubApi } from './github.ts';
import { policy } from './policy.ts';

const usage =
  'Usage: GITHUB_TOKEN=<token> npm run protections -- --repo OWNER/NAME [--api-url URL] [--graphql-url URL]';

function refuse(words: string): never {
  console.error(`${words}\n${usage}`);
  process.exit(2);
}

let options;
try {
  options = parseArgs({
    options: {
      repo: { type: 'string' },
      'api-url': { type: 'string' },
      'graphql-url': { type: 'string' },
    },
  }).values;
} catch (error) {
  refuse((error as Error).message);
}
const [owner, name, ...rest] = (options.repo ?? '').split('/');
if (!owner || !name || rest.length) refuse('Name the repository as OWNER/NAME.');
const token = process.env.GITHUB_TOKEN;
if (!token) refuse('GITHUB_TOKEN holds no token to read the settings with.');
const restUrl = options['api-url'] ?? process.env.GITHUB_API_URL ?? 'https://api.github.com';
const graphqlUrl =
  options['graphql-url'] ??
  (options['api-url'] ? undefined : process.env.GITHUB_GRAPHQL_URL) ??
  `${restUrl.replace(/\/$/, '')}/graphql`;

console.log(`The protections of ${owner}/${name}, against scripts/protections/policy.ts:`);
const found = await differences(gitHubApi({ restUrl, graphqlUrl, token }), policy, {
  owner,
  name,
});
for (const line of found) console.log(`- ${line}`);

console.log("Checked by people, since GitHub's API cannot show them:");
for (const { setting, checked_by } of policy.checked_by_people) {
  console.log(`- ${setting}. Checked by ${checked_by}.`);
}

if (found.length) {
  console.log(
    `${found.length} ${found.length === 1 ? 'difference' : 'differences'} from the policy: nothing deploys until ${found.length === 1 ? 'it is' : 'they are'} put right, or a break-glass lets one deploy through.`,
  );
  process.exit(1);
}
console.log('No difference from the policy.');
