/**
 * Each field's help text, read where editors read it in a code editor: the doc comment on the
 * field in the schema, as the TypeScript language service shows it on hovering the field's name in
 * its content file (the unit test "every field … explains itself" reads it the same way). So the
 * help is written once, in the schema, and the form never repeats it. The comment's main text is
 * written for editors; its `@remarks` tag holds what only a developer needs, which the form may
 * keep out of an editor's way.
 *
 * The language service takes a second or more; its answer depends only on the files its program
 * reads, so it is kept in node_modules/.cache/editing-view/ (as Babel and ESLint keep theirs) with
 * the fingerprint of each of those files, and taken from there while none has changed: a view
 * started again, or another over a copy of the same files, skips the work.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type ts from 'typescript';
import type { ReadFile } from './content-files';

/** Where the help found is kept, beside the project's node_modules, as other tools keep theirs. */
const CACHE_FOLDER = fileURLToPath(
  new URL('../../node_modules/.cache/editing-view', import.meta.url),
);

const require = createRequire(import.meta.url);

/** A file's fingerprint. */
const fingerprint = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * A file by its place in the project (run from its root, or a copy's), where it is one of the
 * project's own; by its whole path where it is a package's (the packages' types, which a copy takes
 * from the project's node_modules) or outside.
 */
function inProject(file: string) {
  const relative = path.relative(process.cwd(), path.resolve(file));
  const own =
    !relative.startsWith('..') &&
    !path.isAbsolute(relative) &&
    !relative.split(path.sep).includes('node_modules');
  return own ? relative : path.resolve(file);
}

/** What a kept answer holds: the files the program read with their fingerprints, and the help. */
type Kept = { inputs: [file: string, fingerprint: string][]; docs: Record<string, FieldDoc> };

/**
 * A field's help: `help`, what it is for and how to write it, in an editor's words (the doc
 * comment's main text); `details`, what only a developer needs (its `@remarks`), when it has any.
 */
export type FieldDoc = { help: string; details?: string };

/**
 * The help of each field the content files write, by its generic path: kept from an earlier start
 * where every file its program read is as it was then, else found anew and kept.
 * @param files The content files as read, each with the place of its fields' names.
 * @param cacheFolder Where the help found is kept (a test's own folder, say).
 */
export function fieldDocs(files: ReadFile[], cacheFolder = CACHE_FOLDER): Record<string, FieldDoc> {
  // The answer's key: this code, the compiler's version, and the content files as read, by their
  // place in the project (the same in a copy of it).
  const key = fingerprint(
    JSON.stringify([
      readFileSync(fileURLToPath(import.meta.url), 'utf8'),
      readFileSync(require.resolve('typescript/package.json'), 'utf8'),
      files.map(({ file, source }) => [inProject(file), source]),
    ]),
  );
  const keptFile = path.join(cacheFolder, `field-docs-${key}.json`);
  const kept = keptAnswer(keptFile);
  if (kept) return kept;
  const { docs, inputs } = foundDocs(files);
  const answer: Kept = {
    inputs: inputs.map((file) => [inProject(file), fingerprint(readFileSync(file))]),
    docs,
  };
  // Written whole, then put in place, for views starting at once; where it cannot be written (a
  // read-only folder), the help is found anew next time.
  try {
    mkdirSync(cacheFolder, { recursive: true });
    const partial = `${keptFile}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(answer));
    renameSync(partial, keptFile);
  } catch {
    // Nothing kept: the help found stands.
  }
  return docs;
}

/** The help kept under that file, if every file its program read is unchanged since. */
function keptAnswer(keptFile: string): Record<string, FieldDoc> | undefined {
  try {
    const { inputs, docs } = JSON.parse(readFileSync(keptFile, 'utf8')) as Kept;
    const unchanged = inputs.every(([file, was]) => fingerprint(readFileSync(file)) === was);
    return unchanged ? docs : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The help of every field a content file may write, found by the TypeScript language service, by
 * its path with each list index as `[]` (`southAfrica.sections[].heading`), so that the items of one
 * list share their fields' help; and the files its program read besides the content files (the
 * schema, the packages' types, the language's own). The help is read from the type each file's
 * value satisfies, not from the fields the file writes, so that a field left out (an optional one)
 * is explained as well when the form offers it. An item of a list has no comment of its own: it
 * takes its list's help.
 * @param files The content files as read.
 */
function foundDocs(files: ReadFile[]): { docs: Record<string, FieldDoc>; inputs: string[] } {
  // Loaded only here, where the help is not kept: the compiler alone takes a fifth of a second.
  const ts = require('typescript') as typeof import('typescript');
  /** A comment's text as one paragraph: the lines it was wrapped into are no part of its words. */
  const asParagraph = (parts: ts.SymbolDisplayPart[] | undefined) =>
    ts.displayPartsToString(parts).replace(/\s+/g, ' ').trim();
  const absolute = (file: string) => path.resolve(file);
  const sources = new Map(files.map((file) => [absolute(file.file), file.source]));
  const service = ts.createLanguageService({
    ...ts.sys,
    useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
    getScriptFileNames: () => [...sources.keys()],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const source = sources.get(file) ?? (ts.sys.fileExists(file) && ts.sys.readFile(file));
      return typeof source === 'string' ? ts.ScriptSnapshot.fromString(source) : undefined;
    },
    getCurrentDirectory: () => process.cwd(),
    getCompilationSettings: () => ({
      strict: true,
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      noEmit: true,
      // The content files and their schema need the language's own types alone: no DOM, and none
      // of the @types packages a program otherwise loads, which would cost every start half a second.
      types: [],
      lib: ['lib.es2023.d.ts'],
    }),
    getDefaultLibFileName: ts.getDefaultLibFilePath,
  });
  const program = service.getProgram()!;
  const checker = program.getTypeChecker();
  const docs: Record<string, FieldDoc> = {};
  const walk = (field: string, type: ts.Type) => {
    for (const option of type.isUnion() ? type.types : [type]) {
      if (checker.isArrayType(option) || checker.isTupleType(option)) {
        const list = docs[field];
        if (list && !docs[`${field}[]`]) docs[`${field}[]`] = list;
        for (const item of checker.getTypeArguments(option as ts.TypeReference))
          walk(`${field}[]`, item);
        continue;
      }
      if (!(option.flags & ts.TypeFlags.Object)) continue;
      for (const property of checker.getPropertiesOfType(option)) {
        const inside = `${field}.${property.name}`;
        const help = asParagraph(property.getDocumentationComment(checker));
        const remarks = property.getJsDocTags(checker).find((tag) => tag.name === 'remarks');
        const details = asParagraph(remarks?.text);
        if (help && !docs[inside]) docs[inside] = { help, ...(details && { details }) };
        walk(inside, checker.getTypeOfSymbol(property));
      }
    }
  };
  for (const { file, name } of files) {
    const sourceFile = program.getSourceFile(absolute(file));
    // The value's type is the one it satisfies: `export const home = { … } satisfies Content['home']`.
    const satisfied = (node: ts.Node): ts.TypeNode | undefined =>
      ts.isSatisfiesExpression(node) ? node.type : ts.forEachChild(node, satisfied);
    const typeNode = sourceFile && satisfied(sourceFile);
    if (typeNode) walk(name, checker.getTypeFromTypeNode(typeNode));
  }
  const read = service.getProgram()?.getSourceFiles() ?? [];
  const inputs = read.map((file) => path.resolve(file.fileName)).filter((f) => !sources.has(f));
  return { docs, inputs };
}
