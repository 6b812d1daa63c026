import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import ts from 'typescript';

/**
 * VS Code's `content:check` task (.vscode/tasks.json): its problem matchers, applied to what the
 * check prints as VS Code applies them, turn each line into a problem at the right spot: a
 * problem to fix as an error, a placeholder to replace as a warning.
 */

type Pattern = {
  regexp: string;
  file?: number;
  line?: number;
  column?: number;
  message?: number;
  loop?: boolean;
};
type Matcher = { severity: string; fileLocation: [string, string]; pattern: Pattern[] };
type Task = { label: string; type: string; script: string; problemMatcher: Matcher[] };
type Marker = { severity: string; file: string; line: number; column: number; message: string };

const { config, error } = ts.parseConfigFileTextToJson(
  '.vscode/tasks.json',
  readFileSync('.vscode/tasks.json', 'utf8'),
);
const tasks = (config as { tasks: Task[] } | undefined)?.tasks ?? [];
const task = tasks.find((candidate) => candidate.label === 'content:check');

/**
 * The problems VS Code lists for a terminal's output: a matcher of several patterns matches its
 * first ones on consecutive lines, then its last one, with `loop`, on each following line.
 */
function markers(output: string, matchers: Matcher[]): Marker[] {
  const lines = output.split('\n');
  return matchers.flatMap((matcher) => {
    const found: Marker[] = [];
    const [header, ...rest] = matcher.pattern;
    const entry = rest.at(-1)!;
    lines.forEach((text, i) => {
      if (!new RegExp(header!.regexp).test(text)) return;
      for (const next of lines.slice(i + 1)) {
        const m = new RegExp(entry.regexp).exec(next);
        if (!m) break;
        const [, root] = matcher.fileLocation;
        const file = path.join(root.replace('${workspaceFolder}', process.cwd()), m[entry.file!]!);
        found.push({
          severity: matcher.severity,
          file: path.relative(process.cwd(), file),
          line: Number(m[entry.line!]),
          column: Number(m[entry.column!]),
          message: m[entry.message!]!,
        });
        if (!entry.loop) break;
      }
    });
    return found;
  });
}

/** What the check prints over a copy of content/, with one edit or none. */
async function checkOutput(edit?: { file: string; find: string; write: string }) {
  // Inside the project (in .cache/, which git ignores), so that Node finds the project's packages.
  mkdirSync('.cache', { recursive: true });
  const dir = mkdtempSync(path.resolve('.cache/vscode-task-'));
  try {
    for (const part of ['content', 'public'])
      cpSync(part, path.join(dir, part), { recursive: true });
    if (edit) {
      const file = path.join(dir, edit.file);
      const source = readFileSync(file, 'utf8');
      expect(source).toContain(edit.find);
      writeFileSync(file, source.replace(edit.find, edit.write));
    }
    const check = path.resolve('scripts/build/check-content.ts');
    return await promisify(execFile)(process.execPath, ['--import', 'tsx', check], {
      cwd: dir,
      env: { ...process.env, GITHUB_ACTIONS: '' },
    }).then(
      ({ stdout, stderr }) => stdout + stderr,
      (failed: { stdout: string; stderr: string }) => failed.stdout + failed.stderr,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Each test below runs the check as a process of its own, whose start (Node, tsx, TypeScript) took
// more than Playwright's thirty seconds while a full run kept both cores busy.
test.describe.configure({ timeout: 120_000 });

test('the task runs npm run content:check', () => {
  expect(error).toBeUndefined();
  expect(task).toMatchObject({ type: 'npm', script: 'content:check' });
});

test("a problem to fix is an error in VS Code's Problems panel, at its file, line and column", async () => {
  const output = await checkOutput({
    file: 'content/contact.ts',
    find: "opens: '09:00'",
    write: "opens: '9am'",
  });
  const found = markers(output, task!.problemMatcher);
  expect(found).toEqual([
    {
      severity: 'error',
      file: 'content/contact.ts',
      line: 18,
      column: 5,
      message: 'contact.hours.opens: "9am" is not a 24-hour time: write it like 09:00',
    },
  ]);
  expect(existsSync(found[0]!.file)).toBe(true);
});

test('each go-live placeholder is a warning there, at its spot', async () => {
  const found = markers(await checkOutput(), task!.problemMatcher);
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((marker) => marker.severity === 'warning')).toBe(true);
  expect(found).toContainEqual({
    severity: 'warning',
    file: 'content/contact.ts',
    line: 8,
    column: 3,
    message: 'contact.generalEmail: southafrica.privatebank@example.com is an example address',
  });
});
