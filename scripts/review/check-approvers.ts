/**
 * The approvers check of .github/workflows/review.yml: reads a pull request's reviews and its
 * commits' authors, one JSON object a line as the workflow's jq writes them from GitHub's API, says
 * which approvals count and which do not, and why, and exits with 1 when the check fails.
 *
 * Node runs it as it is, with no package installed: the workflow checks out main and runs nothing
 * of the pull request, so this file and approvers.ts import nothing but Node's own modules.
 *
 *   node scripts/review/check-approvers.ts reviews.jsonl commits.jsonl
 */
import { readFileSync } from 'node:fs';
import { type Commit, type Review, judgeApprovals, passes } from './approvers.ts';

const lines = (file: string): unknown[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

const [reviewsFile, commitsFile] = process.argv.slice(2);
if (!reviewsFile || !commitsFile) {
  console.error('Usage: node scripts/review/check-approvers.ts reviews.jsonl commits.jsonl');
  process.exit(2);
}

const judgement = judgeApprovals(lines(reviewsFile) as Review[], lines(commitsFile) as Commit[]);
for (const reviewer of judgement.counted) console.log(`The approval of ${reviewer} counts.`);
for (const { reviewer, why } of judgement.uncounted) {
  console.log(`The approval of ${reviewer} does not count. ${why}`);
}
for (const sentence of judgement.unknownAuthors) console.log(sentence);
if (!passes(judgement)) {
  console.log('The check fails until every approval counts and every author is known.');
  process.exit(1);
}
if (!judgement.counted.length)
  console.log('No approval stands yet: each one given is checked as it comes.');
