// `npm run content:check`, first in every build: one line per problem in content/*.ts, in editors'
// words, never a stack trace (on GitHub, also an annotation); placeholders are listed, but pass.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { contentSchema } from '../../content/schema';
import { crossFileFindings, type Finding } from './content-rules';
import { fieldName, readContent, type ContentFile, type Problem } from './read-content';

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

/** Zod's issues at full paths (an unknown field's own), each union resolved to the option meant. */
function flatten(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): Finding[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    // The option with more to say than "this is another type" is the one the editor meant.
    const meant =
      issue.code === 'invalid_union' &&
      issue.errors.find((list) => list.some((e) => e.path.length > 0 || e.code !== 'invalid_type'));
    if (meant) return flatten(meant, path);
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    return [{ path: [...path, ...keys], message: issue.message }];
  });
}

/** Checks the content files against the schema and, once it accepts them, content-rules.ts. */
export function checkContent(files: ContentFile[]): Problem[] {
  const content = Object.fromEntries(files.map((file) => [file.name, file.value]));
  const { data, error } = contentSchema.safeParse(content, { error: explain });
  const findings = error ? flatten(error.issues) : crossFileFindings(data);
  const problems = findings.map(({ path, message, goLive }) => {
    const source = files.find((file) => file.name === path[0]);
    // A field's own place, or for a missing one the place of the group that should hold it.
    const depth = path.findLastIndex((_, i) => source?.places.has(fieldName(path.slice(0, i + 1))));
    const place = source?.places.get(fieldName(path.slice(0, depth + 1))) ?? { line: 1, column: 1 };
    const kebab = String(path[0]).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const file = source?.file ?? `content/${kebab}.ts`;
    return { file, ...place, field: fieldName(path), message, ...(goLive && { goLive }) };
  });
  // In the order an editor reads them: file by file, field by field.
  const order = (p: Problem) => `${p.file} ${p.field}`;
  return problems.sort((a, b) => order(a).localeCompare(order(b), 'en', { numeric: true }));
}

/** Reads every content file as data, or says why one cannot be read. */
export function loadContent() {
  const names = readdirSync('content').filter((n) => n.endsWith('.ts') && n !== 'schema.ts');
  const read = names.map((n) => readContent(readFileSync(`content/${n}`, 'utf8'), `content/${n}`));
  const problems = read.filter((r) => Array.isArray(r)).flat();
  return { files: read.filter((r): r is ContentFile => !Array.isArray(r)), problems };
}

/** A problem as terminals and editors make it clickable: `file:line:column  field: message`. */
export const describe = (p: Problem) => `${p.file}:${p.line}:${p.column}  ${p.field}: ${p.message}`;

/** A GitHub Actions workflow command, annotating the line; what it reads as syntax is %-escaped. */
export function annotation(p: Problem): string {
  const file = p.file.replace(/[%\r\n:,]/g, encodeURIComponent);
  const where = `file=${file},line=${p.line},col=${p.column}`;
  const message = `${p.field}: ${p.message}`.replace(/[%\r\n]/g, encodeURIComponent);
  return `::${p.goLive ? 'warning' : 'error'} ${where},title=content check::${message}`;
}

async function main(): Promise<number> {
  const { files, problems } = loadContent();
  if (problems.length === 0) problems.push(...checkContent(files));
  const list = (kind: Problem[]) => kind.map((p) => `\n  ${describe(p)}`);
  const [goLive, errors] = [problems.filter((p) => p.goLive), problems.filter((p) => !p.goLive)];
  // The placeholders are listed in full only when nothing needs fixing first.
  const summary = process.argv.includes('--summary') || errors.length > 0;
  const shown = summary ? [' (npm run content:check lists them)'] : [':', ...list(goLive)];
  const say = (...lines: string[]) => `content:check: ${lines.join('')}`;
  if (goLive.length > 0) console.warn(say(`${goLive.length} placeholder(s) to replace`, ...shown));
  if (errors.length > 0) console.error(say(`${errors.length} problem(s) to fix:`, ...list(errors)));
  else console.log(say(`${files.length} content sections OK`));
  if (process.env.GITHUB_ACTIONS === 'true') for (const p of problems) console.log(annotation(p));
  return errors.length > 0 ? 1 : 0;
}

const crash = (error: unknown) => (console.error(`content:check could not run: ${error}`), 2);
if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = await main().catch(crash);
