/**
 * `npm run content:check`, first in every build: one line per problem in content/*.ts, naming the
 * file and field (for a typing slip, line and column) in an editor's words, never a stack trace.
 * Placeholders to replace before going live are listed too, but pass; `--summary` only counts them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { z } from 'zod';
import { contentSchema } from '../../content/schema';
import { crossFileFindings, type Finding } from './content-rules';

/** One problem: where it is and what to do. `goLive` ones only need doing before launch. */
export type Problem = { file: string; field: string; message: string; goLive?: boolean };
type Issue = z.core.$ZodIssue;

/** What a value of each type looks like, in an editor's words. */
const looks: Record<string, string> = {
  string: "text in quotes, like 'Contact us'",
  number: 'a number without quotes, like 2025',
  object: 'a group in braces, like { label: …, href: … }',
  array: 'a list in brackets, like [ …, … ]',
};
const written = (value: unknown) => {
  const kind = typeof value === 'string' ? 'text' : Array.isArray(value) ? 'a list' : typeof value;
  return `${kind === typeof value ? `a ${kind}` : kind} (${JSON.stringify(value)})`;
};

/** Editors' words for the problems zod finds itself; the schema words its own rules. */
const explain: z.core.$ZodErrorMap = (issue) => {
  const expected = 'expected' in issue ? (looks[String(issue.expected)] ?? issue.expected) : '';
  if (issue.code === 'invalid_type' && issue.input == null) return `is missing: add ${expected}`;
  if (issue.code === 'invalid_type') return `is ${written(issue.input)}, but must be ${expected}`;
  if (issue.code === 'invalid_value')
    return `is ${written(issue.input)}, not one of ${issue.values}`;
  if (issue.code === 'too_small' || issue.code === 'too_big')
    return `is ${written(issue.input)}, but must have ${issue.minimum ?? issue.maximum} items`;
  if (issue.code === 'unrecognized_keys') {
    const known = Object.keys((issue.inst as z.ZodObject).shape);
    const near = known.find((key) => key.slice(0, 3) === issue.keys[0]?.slice(0, 3));
    return `is not a field here: ${near ? `did you mean ${near}?` : `its fields are ${known}`}`;
  }
  if (issue.code === 'invalid_union')
    return "must be text, or a list of texts and links: ['See our ', { label: 'a', href: '/' }]";
};

/** Zod's issues with full paths, each union resolved to the option the editor meant. */
function flatten(issues: readonly Issue[], prefix: PropertyKey[] = []): Issue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    // The option with more to say than "this is another type" is the one the editor meant.
    const meant =
      issue.code === 'invalid_union' &&
      issue.errors.find((list) => list.some((e) => e.path.length > 0 || e.code !== 'invalid_type'));
    return meant ? flatten(meant, path) : [{ ...issue, path }];
  });
}

/**
 * Checks content, keyed by the name each file exports it under: against the schema and, once the
 * schema accepts it, against the rules that weigh fields against each other (content-rules.ts).
 */
export function checkContent(content: object, files: Record<string, string>): Problem[] {
  const { data, error } = contentSchema.safeParse(content, { error: explain });
  const findings: Finding[] = error
    ? flatten(error.issues).map((issue) => ({
        path: issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys] : issue.path,
        message: issue.message,
      }))
    : crossFileFindings(data);
  const problems = findings.map(({ path, message, goLive }) => {
    const field = path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`));
    const file = files[String(path[0])] ?? 'content/';
    return { file, field: field.join('').slice(1), message, ...(goLive && { goLive }) };
  });
  // In the order an editor reads them: file by file, field by field.
  const place = (p: Problem) => `${p.file} ${p.field}`;
  return problems.sort((a, b) => place(a).localeCompare(place(b), 'en', { numeric: true }));
}

/** Plain hints for the typing slips TypeScript finds, by its diagnostic code. */
const slips: Record<number, (line: number) => string> = {
  1002: (line) => `the text on line ${line} has no closing quote: end it as it starts`,
  1005: (line) => `a comma or a closing quote is probably missing just before line ${line}`,
  1109: (line) => `a value is missing on line ${line}: write it after the colon`,
  1137: (line) => `a bracket or brace opened before line ${line} is not closed`,
};

/** The first typing slip in a content file's source: its line and column, and a hint. */
export function checkSyntax(source: string, file: string): Problem[] {
  const { diagnostics = [] } = ts.transpileModule(source, { reportDiagnostics: true });
  const at = (d: ts.Diagnostic) => d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
  if (!diagnostics[0]) return [];
  const [first] = diagnostics;
  const { line, character } = at(first);
  const field = `line ${line + 1}, column ${character + 1}`;
  const hint =
    slips[first.code]?.(line + 1) ?? ts.flattenDiagnosticMessageText(first.messageText, ' ');
  // A quote that ends a text early leaves the rest of its line an unterminated text.
  const early =
    first.code !== 1002 && diagnostics.some((d) => d.code === 1002 && at(d).line === line);
  const apostrophe = early ? "; an apostrophe inside 'quotes' ends the text: write ’ instead" : '';
  return [{ file, field, message: hint + apostrophe }];
}

/** Reads every content file: what each exports and where, or why it cannot be read. */
export async function loadContent(dir = 'content') {
  const content: Record<string, unknown> = {};
  const files: Record<string, string> = {};
  const problems: Problem[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && n !== 'schema.ts')) {
    const file = `${dir}/${name}`;
    const slips = checkSyntax(readFileSync(file, 'utf8'), file);
    const exports = slips.length > 0 ? {} : await import(pathToFileURL(file).href).catch(String);
    const unreadable = typeof exports === 'string' && `cannot be read: ${exports.split('\n')[0]}`;
    if (unreadable) slips.push({ file, field: 'the file', message: unreadable });
    for (const [key, value] of Object.entries(exports)) [content[key], files[key]] = [value, file];
    problems.push(...slips);
  }
  return { content, files, problems };
}

async function main(): Promise<number> {
  const { content, files, problems } = await loadContent();
  if (problems.length === 0) problems.push(...checkContent(content, files));
  const list = (kind: Problem[]) => kind.map((p) => `\n  ${p.file}  ${p.field}: ${p.message}`);
  const [goLive, errors] = [problems.filter((p) => p.goLive), problems.filter((p) => !p.goLive)];
  // The placeholders are listed in full only when nothing needs fixing first.
  const summary = process.argv.includes('--summary') || errors.length > 0;
  const shown = summary ? [' (npm run content:check lists them)'] : [':', ...list(goLive)];
  const say = (...lines: string[]) => `content:check: ${lines.join('')}`;
  if (goLive.length > 0) console.warn(say(`${goLive.length} placeholder(s) to replace`, ...shown));
  if (errors.length > 0) console.error(say(`${errors.length} problem(s) to fix:`, ...list(errors)));
  else console.log(say(`${Object.keys(files).length} content sections OK`));
  return errors.length > 0 ? 1 : 0;
}

const crash = (error: unknown) => (console.error(`content:check could not run: ${error}`), 2);
if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = await main().catch(crash);
