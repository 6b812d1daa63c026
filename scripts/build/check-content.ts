/**
 * `npm run content:check`, first in every build: one line per problem in content/*.ts, as
 * `file:line:column  field: what to write instead`, in an editor's words and never a stack trace,
 * since the people who edit the content are not programmers (on GitHub Actions, each line is also an
 * annotation on the line it names). Placeholders to replace before going live are listed too, but
 * pass, so that the site can be built and reviewed before the bank's real details exist;
 * `--summary` only counts them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { contentSchema, type Content } from '../../content/schema';
import type { Fix } from '../../content/schema/text-rules';
import { contentJsonSchema } from '../shared/content-json-schema';
import { fieldWords } from '../shared/field-words';
import { contentFindings, contentWarnings, photographsIn, type Finding } from './content-rules';
import { fieldName, readContent, type ContentFile, type Problem } from './read-content';

/** What a value of each type looks like, in an editor's words. */
const typeLooks: Record<string, string> = {
  string: "text in quotes, like 'Contact us'",
  number: 'a number without quotes, like 2025',
  object: 'a group in braces, like { label: …, href: … }',
  array: 'a list in brackets, like [ …, … ]',
};
/** A value as the editor wrote it, with its kind: `text ("2025")`, `a number (404)`. */
const written = (value: unknown) => {
  const kind = typeof value === 'string' ? 'text' : Array.isArray(value) ? 'a list' : typeof value;
  return `${kind === typeof value ? `a ${kind}` : kind} (${JSON.stringify(value)})`;
};

/**
 * Fields that were renamed, by their old name, so that an editor who writes the old name (from
 * memory, an old branch or an old copy of a file) is told the new one. docs/editing.md lists them.
 */
const RENAMED_FIELDS: Record<string, string> = {
  logoLabel: 'logoAccessibleName',
  groupLabel: 'groupAccessibleName',
  mainLabel: 'mainAccessibleName',
  breadcrumbLabel: 'breadcrumbAccessibleName',
  linksLabel: 'linksAccessibleName',
  section: 'navigationId',
  home: 'homeButton',
};

/** The content schema as JSON Schema, which names fields in words; made once, when first needed. */
let jsonSchema: ReturnType<typeof contentJsonSchema> | undefined;

/**
 * A field's name in an editor's words, for a field inside a list only ("South Africa page, section
 * 2, paragraph 1, link 1, address"): a programmer's path counts a list's items from zero, which an
 * editor would read one off, and a paragraph's texts among its links, which an editor would not
 * count; a path without a list reads well as it is.
 * @param content Each file's value by its export name, which tells a union's options apart.
 */
function wordsInList(path: readonly PropertyKey[], content: Record<string, unknown>) {
  if (!path.some((key) => typeof key === 'number')) return undefined;
  jsonSchema ??= contentJsonSchema();
  return fieldWords(path as (string | number)[], jsonSchema, content);
}

/** A field's path from its name as the check writes it: `a.b[1].c` is a, b, 1, c. */
const fieldPathOf = (field: string): (string | number)[] =>
  [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) =>
    index === undefined ? key! : Number(index),
  );

/** Editors' words for the problems zod finds itself; the schema words its own rules. */
const explain: z.core.$ZodErrorMap = (issue) => {
  const expected = 'expected' in issue ? (typeLooks[String(issue.expected)] ?? issue.expected) : '';
  if (issue.code === 'invalid_type' && issue.input == null) return `is missing: add ${expected}`;
  if (issue.code === 'invalid_type') return `is ${written(issue.input)}, but must be ${expected}`;
  if (issue.code === 'invalid_value')
    return `is ${written(issue.input)}, not one of ${issue.values}`;
  if (issue.code === 'too_small' || issue.code === 'too_big')
    return `is ${written(issue.input)}, but must have ${issue.minimum ?? issue.maximum} items`;
  if (issue.code === 'unrecognized_keys') {
    const known = Object.keys((issue.inst as z.ZodObject).shape);
    const [written = ''] = issue.keys;
    const renamed = RENAMED_FIELDS[written];
    if (renamed && known.includes(renamed))
      return `is the old name of ${renamed}: write ${renamed} instead of ${written}`;
    // A misspelt name mostly keeps its first letters, so a known field that shares three is meant.
    const near = known.find((key) => key.slice(0, 3) === written.slice(0, 3));
    return `is not a field here: ${near ? `did you mean ${near}?` : `its fields are ${known}`}`;
  }
  if (issue.code === 'invalid_union')
    return "must be text, or a list of texts and links: ['See our ', { label: 'a', href: '/' }]";
};

/** A finding of zod's, with whether it is a field that is missing. */
type SchemaFinding = Finding & { missing: boolean };

/** Zod's issues at full paths (an unknown field's own), each union resolved to the option meant. */
function flatten(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): SchemaFinding[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    // The option with more to say than "this is another type" is the one the editor meant.
    const meant =
      issue.code === 'invalid_union' &&
      issue.errors.find((list) => list.some((e) => e.path.length > 0 || e.code !== 'invalid_type'));
    if (meant) return flatten(meant, path);
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    // A rule that knows the fix (a character nobody sees, deleted) gives it in its issue's params.
    const fix = issue.code === 'custom' ? (issue.params?.fix as Fix | undefined) : undefined;
    return [{ path: [...path, ...keys], message: issue.message, missing, ...(fix && { fix }) }];
  });
}

/**
 * The findings without the missing fields that are written under their old names: the old name's
 * own finding already says what to write, and the field is not missing, only misnamed.
 */
function withoutRenamedMissing(findings: SchemaFinding[]): Finding[] {
  const renamedTo = new Set(
    findings.flatMap(({ path }) => {
      const newName = RENAMED_FIELDS[String(path.at(-1))];
      return newName ? [fieldName([...path.slice(0, -1), newName])] : [];
    }),
  );
  return findings
    .filter((finding) => !(finding.missing && renamedTo.has(fieldName(finding.path))))
    .map(({ path, message, fix }) => ({ path, message, ...(fix && { fix }) }));
}

/**
 * Checks the content files, read as data: against the schema and, once the schema accepts them,
 * against the rules of each kind of field and those that relate fields (content-rules.ts), which
 * may assume the types the schema promises.
 * @param schema The schema of all content, which marks each field's kind; a test may extend it.
 * @param publicFolder The folder the pictures the content names are in: the editing service's
 *   workspace has its own.
 * @returns Every problem, go-live ones too, each at its field's place in its file.
 */
export function checkContent(
  files: ContentFile[],
  schema: z.ZodType<Content> = contentSchema,
  publicFolder = 'public',
): Problem[] {
  const content = Object.fromEntries(files.map((file) => [file.name, file.value]));
  return problemsOf(findingsIn(content, schema, publicFolder), files, content);
}

/**
 * The check's findings in content, each file's value by its export name: what `checkContent`
 * places in the files. The editing view keeps them for content it has checked already.
 */
export function findingsIn(
  content: Record<string, unknown>,
  schema: z.ZodType<Content> = contentSchema,
  publicFolder = 'public',
): Finding[] {
  const { data, error } = schema.safeParse(content, { error: explain });
  return error
    ? withoutRenamedMissing(flatten(error.issues))
    : contentFindings(data, schema, publicFolder);
}

/**
 * What the check warns of, without refusing it (content-rules.ts: a character nobody sees that a
 * text may mean by mistake, a text longer than its kind reads well in, an emoji in a heading), once
 * the schema accepts the content; none before.
 * @param schema The schema of all content, which marks each text's kind; a test may extend it.
 */
export function checkWarnings(
  files: ContentFile[],
  schema: z.ZodType<Content> = contentSchema,
): Problem[] {
  const content = Object.fromEntries(files.map((file) => [file.name, file.value]));
  const { data } = schema.safeParse(content);
  return data ? problemsOf(contentWarnings(data, schema), files, content) : [];
}

/** Findings as problems, each at its field's place in its file, in the order an editor reads them. */
export function problemsOf(
  findings: Finding[],
  files: ContentFile[],
  content: Record<string, unknown>,
): Problem[] {
  const problems = findings.map(({ path, message, goLive, warning, fix }) => {
    const source = files.find((file) => file.name === path[0]);
    // A field's own place, or for a missing one the place of the group that should hold it.
    const depth = path.findLastIndex((_, i) => source?.places.has(fieldName(path.slice(0, i + 1))));
    const place = source?.places.get(fieldName(path.slice(0, depth + 1))) ?? { line: 1, column: 1 };
    const kebab = String(path[0]).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const file = source?.file ?? `content/${kebab}.ts`;
    const words = wordsInList(path, content);
    return {
      file,
      ...place,
      field: fieldName(path),
      ...(words && { fieldWords: words }),
      message,
      ...(goLive && { goLive }),
      ...(warning && { warning }),
      ...(fix && { fix }),
    };
  });
  // In the order an editor reads them: file by file, field by field.
  const order = (p: Problem) => `${p.file} ${p.field}`;
  return problems.sort((a, b) => order(a).localeCompare(order(b), 'en', { numeric: true }));
}

/**
 * Reads every content file in content/ of the working directory as data: each .ts file directly in
 * it (the schema is a folder, content/schema/, so it is not among them).
 * @returns The files read as data, and the problems that kept any other file from being read.
 */
export function loadContent() {
  const names = readdirSync('content').filter((n) => n.endsWith('.ts'));
  const results = names.map((n) =>
    readContent(readFileSync(`content/${n}`, 'utf8'), `content/${n}`),
  );
  const problems = results.filter((result) => Array.isArray(result)).flat();
  return { files: results.filter((r): r is ContentFile => !Array.isArray(r)), problems };
}

/**
 * A problem as one line of the check's output, `file:line:column  field: message`, the form terminals
 * and editors make clickable; a field inside a list also in words, `field (words): message`.
 */
export function describe(p: Problem): string {
  // A file that cannot be read as data has no values, so its field is named by the schema alone.
  const words = p.fieldWords ?? wordsInList(fieldPathOf(p.field), {});
  return `${p.file}:${p.line}:${p.column}  ${p.field}${words ? ` (${words})` : ''}: ${p.message}`;
}

/**
 * A GitHub Actions workflow command that annotates the line in the pull request: an error, or a
 * warning for a go-live problem. What the command reads as syntax is %-escaped.
 */
export function annotation(p: Problem): string {
  const file = p.file.replace(/[%\r\n:,]/g, encodeURIComponent);
  const where = `file=${file},line=${p.line},col=${p.column}`;
  const message = `${p.field}: ${p.message}`.replace(/[%\r\n]/g, encodeURIComponent);
  return `::${p.goLive || p.warning ? 'warning' : 'error'} ${where},title=content check::${message}`;
}

/**
 * Each photograph with a size or format that, made as the build makes it, weighs more than its
 * budget (scripts/shared/photograph.ts), refused at the field that shows it, in kilobytes, with what
 * to do: the first such, narrowest first, since making the rest would take seconds to say no more.
 * Only the command line's check makes them; sharp is loaded only then.
 */
export async function photographProblems(files: ContentFile[]): Promise<Problem[]> {
  const { budgetOf, eachRendition } = await import('../shared/photograph');
  const content = Object.fromEntries(files.map((file) => [file.name, file.value]));
  const kB = (bytes: number) => `${Math.ceil(bytes / 1000)} kB`;
  const findings: Finding[] = [];
  for (const { path, src } of photographsIn(contentSchema.parse(content)))
    for await (const rendition of eachRendition(readFileSync(`public${src}`))) {
      const { width, extension, bytes } = rendition;
      if (bytes.length <= budgetOf(rendition)) continue;
      findings.push({
        path,
        message: `"${src}" is too heavy for the site: ${width} px wide, its ${extension.toUpperCase()} weighs ${kB(bytes.length)}, over its budget of ${kB(budgetOf(rendition))}: choose a picture with less fine detail, or crop it`,
      });
      break;
    }
  return problemsOf(findings, files, content);
}

async function main(): Promise<number> {
  const { files, problems } = loadContent();
  if (problems.length === 0) problems.push(...checkContent(files));
  if (problems.every((p) => p.goLive)) problems.push(...(await photographProblems(files)));
  const warnings =
    problems.length === 0 || problems.every((p) => p.goLive) ? checkWarnings(files) : [];
  const indentedLines = (kind: Problem[]) => kind.map((p) => `\n  ${describe(p)}`);
  const [goLive, errors] = [problems.filter((p) => p.goLive), problems.filter((p) => !p.goLive)];
  // The placeholders are listed in full only when nothing needs fixing first.
  const summary = process.argv.includes('--summary') || errors.length > 0;
  const shown = summary ? [' (npm run content:check lists them)'] : [':', ...indentedLines(goLive)];
  const outputLine = (...lines: string[]) => `content:check: ${lines.join('')}`;
  if (goLive.length > 0)
    console.warn(outputLine(`${goLive.length} placeholder(s) to replace`, ...shown));
  // Warnings stop nothing: each is listed, as each is worth a look before the change is reviewed.
  if (warnings.length > 0)
    console.warn(
      outputLine(`${warnings.length} warning(s), which pass:`, ...indentedLines(warnings)),
    );
  if (errors.length > 0)
    console.error(outputLine(`${errors.length} problem(s) to fix:`, ...indentedLines(errors)));
  else console.log(outputLine(`${files.length} content files OK`));
  if (process.env.GITHUB_ACTIONS === 'true')
    for (const p of [...problems, ...warnings]) console.log(annotation(p));
  return errors.length > 0 ? 1 : 0;
}

// A failure of the check itself (a file it cannot read) is one line too, and exit code 2, not 1.
const crash = (error: unknown) => (console.error(`content:check could not run: ${error}`), 2);
if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = await main().catch(crash);
