/**
 * Each field's help text, read where editors read it in a code editor: the doc comment on the
 * field in the schema, as the TypeScript language service shows it on hovering the field's name in
 * its content file (the unit test "every field … explains itself" reads it the same way). So the
 * help is written once, in the schema, and the form never repeats it. The comment's main text is
 * written for editors; its `@remarks` tag holds what only a developer needs, which the form may
 * keep out of an editor's way.
 */
import path from 'node:path';
import ts from 'typescript';
import type { ReadFile } from './content-files';

/**
 * A field's path with every list index as `[]`, so that the items of one list share their fields'
 * help: `southAfrica.sections[].heading`.
 */
const genericField = (field: string) => field.replace(/\[\d+\]/g, '[]');

/**
 * A field's help: `help`, what it is for and how to write it, in an editor's words (the doc
 * comment's main text); `details`, what only a developer needs (its `@remarks`), when it has any.
 */
export type FieldDoc = { help: string; details?: string };

/** A comment's text as one paragraph: the lines it was wrapped into are no part of its words. */
const asParagraph = (parts: ts.SymbolDisplayPart[] | undefined) =>
  ts.displayPartsToString(parts).replace(/\s+/g, ' ').trim();

/**
 * The help of each field the content files write, by its generic path.
 * @param files The content files as read, each with the place of its fields' names.
 */
export function fieldDocs(files: ReadFile[]): Record<string, FieldDoc> {
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
  const docs: Record<string, FieldDoc> = {};
  for (const { file, source, read } of files) {
    if (!read) continue;
    const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    for (const [field, place] of read.places) {
      // A list's item has no name of its own to hover: its help is its list's.
      if (field.endsWith(']') || genericField(field) in docs) continue;
      const position = sourceFile.getPositionOfLineAndCharacter(place.line - 1, place.column - 1);
      const hover = service.getQuickInfoAtPosition(absolute(file), position);
      const help = asParagraph(hover?.documentation);
      const details = asParagraph(hover?.tags?.find((tag) => tag.name === 'remarks')?.text);
      if (help) docs[genericField(field)] = { help, ...(details && { details }) };
    }
  }
  return docs;
}
