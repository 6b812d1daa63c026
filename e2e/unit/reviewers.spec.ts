import { expect, test } from '@playwright/test';
import { reviewersFor } from '../../editor/service/reviewers';

/**
 * The reviewers a change will need, as the editing view tells an editor before they propose: the
 * owners of the last matching CODEOWNERS line of each changed file. The examples are those of
 * GitHub's documentation of CODEOWNERS ("About code owners"), whose owners it names.
 */

const codeowners = `
# These owners are the default owners for everything in the repository.
*       @global-owner1 @global-owner2

# In this example, @js-owner owns any files ending in .js.
*.js    @js-owner #This is an inline comment.

/build/logs/ @doctocat
docs/*  docs@example.com
apps/ @octocat
/docs/ @doctocat
/scripts/ @doctocat @octocat
**/logs @octocat
/apps/ @octocat
/apps/github
`;

test('a file takes the owners of the last line that matches it', () => {
  expect(reviewersFor(codeowners, ['README.md'])).toEqual(['@global-owner1', '@global-owner2']);
  expect(reviewersFor(codeowners, ['lib/index.js'])).toEqual(['@js-owner']);
  // /docs/ comes after docs/*, so it wins.
  expect(reviewersFor(codeowners, ['docs/getting-started.md'])).toEqual(['@doctocat']);
  expect(reviewersFor(codeowners, ['scripts/build.sh'])).toEqual(['@doctocat', '@octocat']);
});

test('anchored, anywhere, and folder patterns match as GitHub reads them', () => {
  // apps/ matches an apps folder at any depth; **/logs a logs folder at any depth.
  expect(reviewersFor(codeowners, ['src/apps/main.ts'])).toEqual(['@octocat']);
  expect(reviewersFor(codeowners, ['deep/down/logs/today.txt'])).toEqual(['@octocat']);
  // /build/logs/ is anchored, and **/logs after it also matches: the later line wins.
  expect(reviewersFor(codeowners, ['build/logs/x.txt'])).toEqual(['@octocat']);
  // A .js file under /scripts/ takes the later folder rule, not *.js.
  expect(reviewersFor(codeowners, ['scripts/tool.js'])).toEqual(['@doctocat', '@octocat']);
});

test('docs/* matches the files of docs/ alone, not those of its folders', () => {
  const onlyStar = 'docs/*  docs@example.com\n';
  expect(reviewersFor(onlyStar, ['docs/getting-started.md'])).toEqual(['docs@example.com']);
  expect(reviewersFor(onlyStar, ['docs/build-app/troubleshooting.md'])).toEqual([]);
});

test('a line with no owner leaves its files without one', () => {
  expect(reviewersFor(codeowners, ['apps/github/index.ts'])).toEqual([]);
  expect(reviewersFor(codeowners, ['apps/other/index.ts'])).toEqual(['@octocat']);
});

test('the owners of a change are listed once each, in the order its files name them', () => {
  expect(
    reviewersFor(codeowners, ['lib/a.js', 'README.md', 'lib/b.js', 'apps/github/x.ts']),
  ).toEqual(['@js-owner', '@global-owner1', '@global-owner2']);
});
