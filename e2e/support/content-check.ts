/**
 * The content check's test harness: one way to make an editor's edit to a copy of the content and see
 * what the check says about it. An edit changes the source text of a content file, as an editor would,
 * so every case sees what an editor sees, the file, line and column of each line included.
 *
 * In-process, `expectCheck(contentCase)` reads the case's edited sources as the check reads them and
 * compares the check's lines with the ones the case expects. For the few cases that must spawn the check or a build,
 * `scratchProject` copies the project's parts into a scratch folder, makes the same edits there and
 * runs commands in it.
 *
 * The cases are tables, one for each kind of slip or edit, each in a spec file of its own in
 * e2e/unit/content-check/: adding a case is adding a row to one of them.
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import type { z } from 'zod';
import type { Content } from '../../content/schema';
import {
  checkContent,
  checkWarnings,
  describe,
  loadContent,
} from '../../scripts/build/check-content';
import { readContent, type ContentFile, type Problem } from '../../scripts/build/read-content';
import { scratchCopy } from './scratch-copy';

/**
 * One edit to a content file: the first text `find` matches becomes `replace` (every one with
 * `everywhere`), or the file is deleted. `file` is the path from the project's root, as the check
 * prints it: `content/contact.ts`.
 */
export type ContentEdit =
  | { file: string; find: string | RegExp; replace: string; everywhere?: true }
  | { file: string; deleteFile: true };

/**
 * A line the check must print. Its place is where `at` is first written in the edited file, `''`
 * for the file's first line and column; the file is the edit's own unless `file` names another.
 * `says` is the rest of the line: `contact.hours.opens: "9am" is not a 24-hour time: …`.
 */
export type Expected = { at: string; says: string; file?: string };

/**
 * A case of the content check: what the editor does, in the words of the test's title (a slip, or an
 * edit that must pass), the edit or edits that do it, the lines that must stop the check (none for
 * an edit that must pass) and, where the case is about the go-live list, the placeholders the edit
 * adds to it (left out, the go-live list is not compared), and where it is about warnings, the
 * warnings the check gives (left out, not compared). `schema` replaces the content's schema, for a
 * case about fields the committed schema does not have (left out, the committed one).
 */
export type ContentCase = {
  name: string;
  edit: ContentEdit | ContentEdit[];
  errors: Expected[];
  goLive?: Expected[];
  warnings?: Expected[];
  schema?: z.ZodType<Content>;
};

/**
 * Every content file as committed, read as the check reads it (as data, or the problems that keep it
 * from being read), by file. It is read once: a case reads again only the files its edits change,
 * since parsing every file for every case would make the cases many times slower.
 */
const committedReads = (() => {
  const { files, problems } = loadContent();
  const reads = new Map<string, ContentFile | Problem[]>(files.map((file) => [file.file, file]));
  for (const problem of problems) {
    const read = reads.get(problem.file);
    reads.set(problem.file, [...(Array.isArray(read) ? read : []), problem]);
  }
  return reads;
})();

const asList = <T>(item: T | T[]) => (Array.isArray(item) ? item : [item]);

/**
 * The sources of the content files after the edits, by file; a deleted file is left out. An edit
 * whose `find` is not in its file fails the test, so that a case cannot pass because the committed
 * content changed under it and the edit no longer makes the slip.
 */
function editedSources(edits: ContentEdit[], readSource: (file: string) => string) {
  const sources = new Map<string, string | undefined>();
  for (const edit of edits) {
    const source = sources.has(edit.file) ? sources.get(edit.file) : readSource(edit.file);
    expect(source, `${edit.file} exists`).toBeDefined();
    if ('deleteFile' in edit) {
      sources.set(edit.file, undefined);
      continue;
    }
    const found =
      typeof edit.find === 'string' ? source!.includes(edit.find) : edit.find.test(source!);
    expect(found, `${edit.file} contains ${edit.find}`).toBe(true);
    const edited = edit.everywhere
      ? source!.replaceAll(edit.find, edit.replace)
      : source!.replace(edit.find, edit.replace);
    sources.set(edit.file, edited);
  }
  return sources;
}

const readCommitted = (file: string) => readFileSync(file, 'utf8');

/** Where a text is first written in a source, 1-based, as the check counts lines and columns. */
function placeOf(source: string, text: string) {
  const before = source.slice(0, source.indexOf(text)).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/**
 * The line on which a text is first written in a committed content file, for the messages that name
 * a line of their own ("just before line 6"): counted from the source, so that a case still holds
 * when an editor adds a line above the spot.
 */
export function lineIn(file: string, text: string): number {
  const source = readCommitted(file);
  expect(source, `${file} contains ${text}`).toContain(text);
  return placeOf(source, text).line;
}

/**
 * Where an expected line must point after these edits: the line and column at which `at` is first
 * written in the edited file. The place is found in the edited source, never asked of the check.
 */
export function placeAfter(
  edits: ContentEdit | ContentEdit[],
  { at, file }: Omit<Expected, 'says'>,
) {
  const list = asList(edits);
  const edited = file ?? list[0]!.file;
  // A deleted file has no place but its start, which the check names from the committed file.
  const source = editedSources(list, readCommitted).get(edited) ?? readCommitted(edited);
  expect(source, `${edited} contains ${at}`).toContain(at);
  return placeOf(source, at);
}

/** The line the check prints for an expected problem after the edits: `file:line:column  says`. */
export function expectedLine(edits: ContentEdit | ContentEdit[], expected: Expected): string {
  const { line, column } = placeAfter(edits, expected);
  return `${expected.file ?? asList(edits)[0]!.file}:${line}:${column}  ${expected.says}`;
}

/**
 * What the check says after the edits, run in-process as `npm run content:check` runs it: the files
 * that cannot be read as data stop it first; otherwise every file is checked.
 * @returns The lines that stop the check, the whole go-live list and the warnings, as the check
 *   prints them, and the problems and warnings themselves, with the fix each offers.
 */
export function checkAfter(edits: ContentEdit | ContentEdit[], schema?: z.ZodType<Content>) {
  const sources = editedSources(asList(edits), readCommitted);
  const files: ContentFile[] = [];
  const unreadable: Problem[] = [];
  for (const [file, committedRead] of committedReads) {
    const source = sources.get(file);
    if (sources.has(file) && source === undefined) continue;
    const read = source === undefined ? committedRead : readContent(source, file);
    if (Array.isArray(read)) unreadable.push(...read);
    else files.push(read);
  }
  const problems = unreadable.length > 0 ? unreadable : checkContent(files, schema);
  const warned = unreadable.length > 0 ? [] : checkWarnings(files, schema);
  return {
    errors: problems.filter((p) => !p.goLive).map(describe),
    goLive: problems.filter((p) => p.goLive).map(describe),
    warnings: warned.map(describe),
    problems,
    warned,
  };
}

/** A line without its place, `field: message`, to tell whether a go-live line is new. */
const withoutPlace = (line: string) => line.slice(line.indexOf('  ') + 2);
const committedGoLive = new Set(checkAfter([]).goLive.map(withoutPlace));

/**
 * Checks one case: the lines that stop the check are exactly those expected, in any order; and
 * where the case names them, so are the placeholders the edit adds to the go-live list, and the
 * warnings.
 */
export function expectCheck({ edit, errors, goLive, warnings, schema }: ContentCase) {
  const after = checkAfter(edit, schema);
  const lines = (expected: Expected[]) => expected.map((e) => expectedLine(edit, e)).toSorted();
  expect(after.errors.toSorted()).toEqual(lines(errors));
  if (goLive) {
    const added = after.goLive.filter((line) => !committedGoLive.has(withoutPlace(line)));
    expect(added.toSorted()).toEqual(lines(goLive));
  }
  if (warnings) expect(after.warnings.toSorted()).toEqual(lines(warnings));
}

/** What a spawned command did: its exit code and everything it printed, both streams together. */
export type Run = { code: number; output: string };

/** The check's script, run from the project even in a scratch copy that holds no scripts/. */
const CHECK_SCRIPT = path.resolve('scripts/build/check-content.ts');

/**
 * The project's commands, run in a folder of its sources: a scratch copy, or a fresh clone of a
 * branch, which finds the project's packages above it in .cache/.
 */
export function projectCommands(dir: string) {
  /** Runs a command in the folder, with the project's environment and these variables besides. */
  const run = (command: string, args: string[], env: Record<string, string> = {}): Promise<Run> =>
    promisify(execFile)(command, args, { cwd: dir, env: { ...process.env, ...env } }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
  return {
    /** Runs `npm run content:check` in the folder, with these environment variables. */
    check: (env: Record<string, string> = {}) =>
      run(process.execPath, ['--import', 'tsx', CHECK_SCRIPT], env),
    /** Runs `npm run build` in the folder. */
    build: () => run('npm', ['run', 'build']),
  };
}

/**
 * A scratch copy of parts of the project (by default, all that a build reads), to edit and to run
 * the check or a build in; `using` removes it when the test ends.
 */
export function scratchProject(parts?: readonly string[]) {
  const dir = scratchCopy('content-check', parts);
  const inCopy = (file: string) => path.join(dir, file);
  return {
    dir,
    /** Makes the edits in the copy's files, as `checkAfter` makes them in memory. */
    edit(edits: ContentEdit | ContentEdit[]) {
      const sources = editedSources(asList(edits), (file) => readFileSync(inCopy(file), 'utf8'));
      for (const [file, source] of sources)
        if (source === undefined) rmSync(inCopy(file));
        else writeFileSync(inCopy(file), source);
    },
    ...projectCommands(dir),
    [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }),
  };
}
