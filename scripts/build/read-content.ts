/**
 * Reads a content file as data, never running it: the TypeScript parser turns its one object into
 * plain values and notes where each field is written, so that every problem can name its line and
 * column. Anything a content file does not need (another statement, a template literal, a computed
 * value, a field written twice) is a problem here, before the compiler could see it, because the
 * compiler's own messages are written for programmers, not for the editors who keep the content.
 */
import path from 'node:path';
import ts from 'typescript';

/** Where something is written: 1-based, as editors and terminals count. */
export type Place = { line: number; column: number };
/** One problem: where it is and what to do. `goLive` ones only need doing before launch. */
export type Problem = Place & { file: string; field: string; message: string; goLive?: boolean };
/** A content file as data: its export's name and value, and the place of each field by its path. */
export type ContentFile = {
  file: string;
  name: string;
  value: unknown;
  places: Map<string, Place>;
};

/**
 * A field's path as editors read it, `southAfrica.sections[0].heading`: the file's export name, then
 * each key or index. It is also the key of `ContentFile.places`, so the reader and the check agree.
 */
export const fieldName = (fieldPath: readonly PropertyKey[]) =>
  fieldPath
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i ? `.${String(key)}` : String(key)))
    .join('');

/** The one import a content file has: the types that `satisfies` checks the content against. */
const IMPORT_LINE = "import type { Content } from './schema';";

/**
 * Editors' words for the typing mistakes the TypeScript parser finds, by its diagnostic code; any
 * other diagnostic is shown in the parser's own words.
 */
const diagnosticHints: Record<number, (line: number) => string> = {
  1002: (line) => `the text on line ${line} has no closing quote: end it as it starts`,
  1005: (line) => `a comma or a closing quote is probably missing just before line ${line}`,
  1109: (line) => `a value is missing on line ${line}: write it after the colon`,
  1137: (line) => `a bracket or brace opened before line ${line} is not closed`,
};

/**
 * Reads one content file's source.
 * @param source The file's text, as an editor wrote it.
 * @param file The file's path from the project's root, like `content/home.ts`, as problems name it.
 * @returns The file as data, or the problems that keep it from being read as data.
 */
export function readContent(source: string, file: string): ContentFile | Problem[] {
  // The export's name is the file's in camelCase: south-africa.ts exports southAfrica.
  const name = path.basename(file, '.ts').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const { diagnostics = [] } = ts.transpileModule(source, { reportDiagnostics: true });
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const placeOf = (position: number): Place => {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(position);
    return { line: line + 1, column: character + 1 };
  };
  /** The field written last before a position, where a typing slip most likely is. */
  const fieldBefore = (position: number) => {
    let last: ts.Node | undefined;
    const visit = (node: ts.Node) => {
      const isField = ts.isPropertyAssignment(node) || ts.isArrayLiteralExpression(node.parent);
      if (isField && node.end <= position && (!last || node.end >= last.end)) last = node;
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(sourceFile, visit);
    // The path is built from the field outwards, so each enclosing key or index goes in front.
    const fieldPath: PropertyKey[] = [];
    for (let node = last; node && node !== sourceFile; node = node.parent) {
      if (ts.isPropertyAssignment(node) && !ts.isComputedPropertyName(node.name))
        fieldPath.unshift(node.name.text);
      if (ts.isArrayLiteralExpression(node.parent))
        fieldPath.unshift(node.parent.elements.indexOf(node as ts.Expression));
    }
    return fieldName([name, ...fieldPath]);
  };
  const problems: Problem[] = [];
  const addProblem = (node: ts.Node | number, message: string, field: string = name) => {
    const position = typeof node === 'number' ? node : node.getStart(sourceFile);
    problems.push({ file, ...placeOf(position), field, message });
  };

  // Only the first diagnostic is shown: the ones after it are mostly the parser losing its way.
  const [first] = diagnostics;
  if (first) {
    const start = first.start ?? 0;
    const lineOf = (diagnostic: ts.Diagnostic) => placeOf(diagnostic.start ?? 0).line;
    const hint =
      diagnosticHints[first.code]?.(lineOf(first)) ??
      ts.flattenDiagnosticMessageText(first.messageText, ' ');
    // A quote that ends a text early leaves the rest of its line an unterminated text (1002).
    const early =
      first.code !== 1002 &&
      diagnostics.some((d) => d.code === 1002 && lineOf(d) === lineOf(first));
    const apostrophe = "; an apostrophe inside 'quotes' ends the text: write ’ instead";
    addProblem(start, early ? hint + apostrophe : hint, fieldBefore(start));
    return problems;
  }

  const expectedExport = `export const ${name} = { … } satisfies Content['${name}'];`;
  const { statements } = sourceFile;
  const importLine = statements.find(ts.isImportDeclaration);
  const exported = statements
    .filter(ts.isVariableStatement)
    .find((s) => s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
  if (importLine?.getText(sourceFile) !== IMPORT_LINE) {
    const fix = importLine ? 'write it exactly' : 'add it as the first line';
    addProblem(
      importLine ?? 0,
      `the content needs its types from the schema: ${fix}: ${IMPORT_LINE}`,
    );
  }
  const extra = statements.filter((s) => s !== importLine && s !== exported);
  const list = exported?.declarationList;
  const [declaration, ...more] = list?.declarations ?? [];
  const single = more.length === 0 && !!list && (list.flags & ts.NodeFlags.Const) !== 0;
  if (!declaration || !single || declaration.name.getText(sourceFile) !== name) {
    addProblem(
      exported ?? extra[0] ?? source.length,
      `the file holds one export, written ${expectedExport}`,
    );
    return problems;
  }
  for (const other of extra)
    addProblem(other, `only the import and the export belong in a content file: remove this`);
  const satisfied = declaration.initializer;
  const typed = satisfied && (ts.isSatisfiesExpression(satisfied) || ts.isAsExpression(satisfied));
  const object = typed ? satisfied.expression : satisfied;
  const type =
    satisfied && ts.isSatisfiesExpression(satisfied) && satisfied.type.getText(sourceFile);
  if (type !== `Content['${name}']`)
    addProblem(
      (object ?? declaration).getEnd() - 1,
      `after the closing brace write satisfies Content['${name}'], which checks the content as you type`,
    );
  if (!object || !ts.isObjectLiteralExpression(object)) {
    addProblem(object ?? declaration, `the value must be one group in braces: ${expectedExport}`);
    return problems;
  }

  const places = new Map<string, Place>();
  /**
   * The plain value a node writes, or a problem where it writes anything else. A field's place is
   * where its key is written (`placedAt`), so that a line points at the name an editor looks for;
   * an item of a list has no key, so its place is where its value starts.
   */
  const read = (
    node: ts.Expression,
    fieldPath: PropertyKey[],
    placedAt: ts.Node = node,
  ): unknown => {
    const field = fieldName(fieldPath);
    places.set(field, placeOf(placedAt.getStart(sourceFile)));
    if (ts.isStringLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    const minus = ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken;
    if (minus && ts.isNumericLiteral(node.operand)) return -Number(node.operand.text);
    if (ts.isArrayLiteralExpression(node))
      return node.elements.map((element, i) => read(element, [...fieldPath, i]));
    if (ts.isObjectLiteralExpression(node)) {
      const value: Record<string, unknown> = {};
      /** The line each key of this group was first written on, to point at a key written twice. */
      const firstLines = new Map<string, number>();
      for (const property of node.properties) {
        const key = property.name;
        const named =
          key && (ts.isIdentifier(key) || ts.isStringLiteral(key) || ts.isNumericLiteral(key));
        if (!named || !key.text || !ts.isPropertyAssignment(property)) {
          addProblem(
            property,
            "is not a field written as name: value: write it like label: 'Contact us'",
            field,
          );
          continue;
        }
        const firstLine = firstLines.get(key.text);
        const twice = `is written twice, here and on line ${firstLine}: keep one`;
        if (firstLine !== undefined) addProblem(key, twice, fieldName([...fieldPath, key.text]));
        firstLines.set(key.text, placeOf(key.getStart(sourceFile)).line);
        value[key.text] = read(property.initializer, [...fieldPath, key.text], key);
      }
      return value;
    }
    if (ts.isParenthesizedExpression(node)) return read(node.expression, fieldPath, placedAt);
    // Anything else is code, not data. The value returned is never used, because the problem
    // recorded here keeps the whole file from being returned as data.
    const dollar = ts.isTemplateExpression(node)
      ? '; for a value the site fills in, write {name}, without $'
      : '';
    const backquotes = `is in backquotes \`…\`: write text in single quotes '…'${dollar}`;
    const code = `is ${node.getText(sourceFile).slice(0, 40)}, which is not plain data: write text in quotes, a number, a list [ … ] or a group { … }`;
    addProblem(node, ts.isTemplateLiteral(node) ? backquotes : code, field);
    return undefined;
  };
  const value = read(object, [name]);
  return problems.length > 0 ? problems : { file, name, value, places };
}
