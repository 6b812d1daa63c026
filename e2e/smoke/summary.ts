/**
 * The smoke's report in words, beside Playwright's HTML report (which holds the picture of each
 * page): which site and build it checked, what failed and why, what did not apply and why, and how
 * many requests it sent. Printed at the end of the run and written to summary.md in the report's
 * folder, which the workflows put on the pull request, the run's summary and the platform team's
 * issue.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type {
  FullResult,
  Reporter,
  TestCase,
  TestError,
  TestResult,
} from '@playwright/test/reporter';
import { BUILD_READS_VARIABLE } from './global-setup';
import { readSettings, SettingRefused, type SmokeSettings } from './settings';

/** An error's message without colours, cut to its first lines, as a report's reader needs it. */
function words(error: TestError | undefined): string {
  const text = stripVTControlCharacters(error?.message ?? error?.value ?? 'no message');
  const lines = text
    .replace(/^Error: /, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
  return lines.slice(0, 12).join('\n');
}

/** A line of the list, with its continuation lines indented under it. */
const item = (title: string, detail: string) => `- ${title}: ${detail.split('\n').join('\n  ')}`;

export default class SmokeSummary implements Reporter {
  private readonly settings: SmokeSettings | undefined;
  private readonly failed: string[] = [];
  private readonly notApplicable: string[] = [];
  private readonly runErrors: string[] = [];
  private passed = 0;
  private requests = 0;

  constructor() {
    try {
      this.settings = readSettings();
    } catch (error) {
      if (!(error instanceof SettingRefused)) throw error;
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const title = test.titlePath().slice(3).join(' › ');
    for (const { type, description } of result.annotations)
      if (type === 'requests') this.requests += Number(description);
    if (result.status === 'passed') this.passed += 1;
    else if (result.status === 'skipped')
      this.notApplicable.push(
        item(title, result.annotations.find((a) => a.type === 'skip')?.description ?? ''),
      );
    else this.failed.push(item(title, words(result.error)));
  }

  onError(error: TestError): void {
    this.runErrors.push(words(error));
  }

  onEnd(result: FullResult): void {
    if (!this.settings) return;
    const { site, expectedCommit, reportDir } = this.settings;
    // The global set-up's reads of the build file, in this process, and the checks' requests.
    const requests = this.requests + Number(process.env[BUILD_READS_VARIABLE] ?? 0);
    const verdict =
      result.status === 'passed' ? 'passed' : this.runErrors.length ? 'refused' : 'failed';
    const lines = [
      `# Smoke of ${site.origin}: ${verdict}`,
      '',
      `Build expected: ${expectedCommit}. Checks: ${this.passed} passed, ${this.failed.length} failed, ${this.notApplicable.length} did not apply. Requests sent: at most ${requests}.`,
      ...(this.runErrors.length
        ? ['', '## Refused', '', ...this.runErrors.map((e) => `- ${e}`)]
        : []),
      ...(this.failed.length ? ['', '## Failed', '', ...this.failed] : []),
      ...(this.notApplicable.length ? ['', '## Did not apply', '', ...this.notApplicable] : []),
      '',
    ];
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, 'summary.md'), lines.join('\n'));
    // A refused run checked no page, so its report has no picture.
    const report = path.join(reportDir, 'html', 'index.html');
    console.log(
      `\n${lines.join('\n')}\n${verdict === 'refused' ? `The report: ${report}` : `The report, with a picture of each page: ${report}`}`,
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}
