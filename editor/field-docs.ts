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
 * A field's help: `help`, what it is for and how to write it, in an editor's words (the doc
 * comment's main text); `details`, what only a developer needs (its `@remarks`), when it has any.
 */
export type FieldDoc = { help: string; details?: string };

/** A comment's text as one paragraph: the lines it was wrapped into are no part of its words. */
const asParagraph = (parts: ts.SymbolDisplayPart[] | undefined) =>
  ts.displayPartsToString(parts).replace(/\s+/g, ' ').trim();

/**
 * The help of every field a content file may write, by its path with each list index as `[]`
 * (`southAfrica.sections[].heading`), so that the items of one list share their fields' help. It is
 * read from the type each file's value satisfies, not from the fields the file writes, so that a
 * field left out (an optional one) is explained as well when the form offers it. An item of a list
 * has no comment of its own: it takes its list's help.
 * @param files The content files as read.
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
  return docs;
}
