/**
 * The content check inside `npm run dev`: a Turbopack loader that next.config.ts puts in front of
 * each content file in development only. It runs the whole check on every save (rules relate
 * files), before TypeScript parses the file, so the check speaks first: each file's problems show
 * in Next's error overlay, and the terminal gets the check's own lines. Placeholders pass here,
 * since an editor trying a change in `npm run dev` has no reason to replace them yet.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Problem } from './read-content';

/** The part of webpack's loader API this loader uses, as Turbopack implements it. */
type LoaderContext = {
  resourcePath: string;
  rootContext: string;
  addDependency(file: string): void;
  emitError(error: Error): void;
};

type CheckModule = typeof import('./check-content');
type ReadModule = typeof import('./read-content');
/**
 * Turbopack runs loaders with Node's own type stripping, which cannot resolve the check's imports
 * (written without extensions), so the check and its reader come through tsx, once per loader
 * process.
 */
let check: Promise<CheckModule> | undefined;
let reader: Promise<ReadModule> | undefined;

/** Each file's source the last time it passed, in this process (see contentLoader). */
const lastPassed = new Map<string, string>();

/**
 * How many characters a line of the overlay shows: Next's error overlay writes a loader's error in
 * a box that does not wrap its lines, about 110 characters wide in a 1280-pixel window, and cuts
 * off the rest, which is where the check's advice ("write it like 09:00") stands.
 */
const OVERLAY_LINE_WIDTH = 96;
/** Each line after a problem's first is indented, so that the next problem's start stands out. */
const CONTINUATION = '    ';

/**
 * A problem's line broken between words into lines that fit the overlay. The first is shorter by
 * `firstLineStart`, the characters the overlay writes before it (the error's name).
 */
function wrapForOverlay(line: string, firstLineStart: number): string {
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const room = OVERLAY_LINE_WIDTH - (lines.length === 0 ? firstLineStart : CONTINUATION.length);
    if (current && `${current} ${word}`.length > room) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  lines.push(current);
  return lines.join(`\n${CONTINUATION}`);
}

/** The error the overlay shows: the check's own lines, with neither a stack nor a loader path. */
function checkError(problems: Problem[], describe: CheckModule['describe']): Error {
  const name = 'content:check';
  const lines = problems.map((problem, index) =>
    wrapForOverlay(describe(problem), index === 0 ? `${name}: `.length : 0),
  );
  const error = new Error(lines.join('\n'));
  error.name = name;
  // Turbopack prints every `file:line:column` in a stack as a frame, and a loader's path after
  // the message unless the stack names it: a stack of the path alone gives neither.
  error.stack = import.meta.filename;
  return error;
}

/**
 * Prints the check's report in the terminal when it differs from the last one printed. Several
 * loader processes check each save, and each file's loader in up to three bundles (server,
 * server-side rendering, browser): the first to create the report's marker prints it.
 */
function printOnce(root: string, report: string) {
  // Loader processes are children of the dev server, so its process id marks this session.
  const markers = path.join(root, '.next', 'dev', 'content-check', String(process.ppid));
  const marker = createHash('sha256').update(report).digest('hex').slice(0, 16);
  mkdirSync(markers, { recursive: true });
  try {
    writeFileSync(path.join(markers, marker), '', { flag: 'wx' });
  } catch {
    return;
  }
  for (const other of readdirSync(markers))
    if (other !== marker) rmSync(path.join(markers, other), { force: true });
  // Straight to the terminal: Turbopack does not pass on all a loader's console output.
  writeSync(2, `${report}\n`);
}

export default async function contentLoader(this: LoaderContext, source: string) {
  check ??= tsImport('./check-content.ts', import.meta.url) as Promise<CheckModule>;
  const { loadContent, checkContent, describe } = await check;
  const { files, problems } = loadContent();
  if (problems.length === 0) problems.push(...checkContent(files));
  // A save to any content file checks every file again, since rules weigh files against others;
  // a file that cannot be read is among them too, so the folder is listed rather than `files`.
  const folder = path.join(this.rootContext, 'content');
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.ts')))
    this.addDependency(path.join(folder, name));
  const errors = problems.filter((problem) => !problem.goLive);
  const lines = errors.map((problem) => `\n  ${describe(problem)}`).join('');
  printOnce(
    this.rootContext,
    errors.length > 0
      ? `content:check: ${errors.length} problem(s) to fix:${lines}`
      : `content:check: ${files.length} content files OK`,
  );

  const file = path.relative(this.rootContext, this.resourcePath).split(path.sep).join('/');
  const own = errors.filter((problem) => problem.file === file);
  // The check read the files on disk; Turbopack hands over the source it read itself, which may be
  // a save behind or ahead of them (an editor who saves a slip and then its fix at once). Whether
  // the source given reads as data decides what goes on to the parser, so that a typing slip never
  // reaches it, whatever the disk holds by now.
  reader ??= tsImport('./read-content.ts', import.meta.url) as Promise<ReadModule>;
  const sourceRead = (await reader).readContent(source, file);
  const sourceReads = !Array.isArray(sourceRead);
  if (own.length === 0 && sourceReads) {
    lastPassed.set(file, source);
    return source;
  }
  // The disk has moved on past this source's slip, and Turbopack reads the file again for it.
  if (own.length === 0 && lastPassed.has(file)) return lastPassed.get(file);
  const error = checkError(own.length > 0 ? own : (sourceRead as Problem[]), describe);
  // A thrown error stops Turbopack's loader process, and starting another costs seconds; an
  // emitted one fails the page as surely. The file then yields a source that parses (its last
  // passing one after a typing slip), so that TypeScript has nothing of its own to say.
  const replacement = sourceReads ? source : lastPassed.get(file);
  if (replacement === undefined) throw error;
  this.emitError(error);
  return replacement;
}
