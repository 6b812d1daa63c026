/**
 * Reads a content file as data, never running it: the TypeScript parser turns its one object into
 * plain values and notes where each field is written, so that every problem can name its line and
 * column. Anything a content file does not need (another statement, a template literal, a computed
 * value, a field written twice) is a problem here, before the compiler could see it, because the
 * compiler's own messages are written for programmers, not for the editors who keep the content.
 */
import path from 'node:path';
import ts from 'typescript';
import type { Fix } from '../../content/schema/text-rules';
import type { Warning } from './content-rules';
import { fieldName } from './field-name';

export { fieldName };

/** Where something is written: 1-based, as editors and terminals count. */
export type Place = { line: number; column: number };
/**
 * One problem: where it is and what to do. `goLive` ones only need doing before launch; a
 * `warning` is only worth a look, and stops nothing. `fieldWords` names a field inside a list in an
 * editor's words, counted from one. `fix` is the value one click writes instead, where there is one.
 */
export type Problem = Place & {
  file: string;
  field: string;
  fieldWords?: string;
  message: string;
  goLive?: boolean;
  warning?: Warning;
  fix?: Fix;
};
/** Where a value is written in its file's source: the offsets of its first and past its last character. */
export type Span = { start: number; end: number };
/**
 * A content file as data: its export's name and value, the place of each field by its path, and
 * the exact span of each field's value, which the editing view (editor/) rewrites in place.
 */
export type ContentFile = {
  file: string;
  name: string;
  value: unknown;
  places: Map<string, Place>;
  spans: Map<string, Span>;
};

/** The one import a content file has: the types that `satisfies` checks the content against. */
const IMPORT_LINE = "import type { Content } from './schema';";

/**
 * The quotes a word processor puts around a text, which the parser cannot read as quotes, with the
 * pair each belongs to, as the message shows it.
 */
const CURLY_QUOTES: Record<string, string> = {
  '‘': '‘…’',
  '’': '‘…’',
  '‚': '‘…’',
  '“': '“…”',
  '”': '“…”',
  '„': '“…”',
};

/**
 * Editors' words for what the parser's "',' expected" (or '}', ']') most likely means, given the
 * line where it lost its way; any slip not worded here or below gets `somethingAtLine`, never the
 * parser's own words, which are written for programmers.
 */
const expectedHints: Record<string, (line: number) => string> = {
  ',': (line) => `a comma or a closing quote is probably missing just before line ${line}`,
  '}': (line) => `a group opened before line ${line} is not closed: write } after its last field`,
  ']': (line) => `a list opened before line ${line} is not closed: write ] after its last item`,
};
/** Editors' words for the other typing slips the parser finds, by its diagnostic code. */
const diagnosticHints: Record<number, (line: number) => string> = {
  1002: (line) => `the text on line ${line} has no closing quote: end it as it starts`,
  1109: (line) => `a value is missing on line ${line}: write it after the colon`,
  1137: (line) => `a bracket or brace opened before line ${line} is not closed`,
};
/** The message for a typing slip no other message fits. */
const somethingAtLine = (line: number) =>
  `something is missing or extra just before line ${line}: look there for a comma, a quote, a colon, a brace or a bracket`;

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
  /** The path of the field a node is written in, built from the node outwards. */
  const fieldOf = (node: ts.Node | undefined) => {
    const fieldPath: PropertyKey[] = [];
    for (let ancestor = node; ancestor && !ts.isSourceFile(ancestor); ancestor = ancestor.parent) {
      if (ts.isPropertyAssignment(ancestor) || ts.isShorthandPropertyAssignment(ancestor))
        if (!ts.isComputedPropertyName(ancestor.name)) fieldPath.unshift(ancestor.name.text);
      if (ts.isArrayLiteralExpression(ancestor.parent))
        fieldPath.unshift(ancestor.parent.elements.indexOf(ancestor as ts.Expression));
    }
    return fieldName([name, ...fieldPath]);
  };
  /** The nodes of the file in the order they are written. */
  const nodes: ts.Node[] = [];
  const collect = (node: ts.Node): void => {
    nodes.push(node);
    ts.forEachChild(node, collect);
  };
  ts.forEachChild(sourceFile, collect);
  /** The field written last before a position, where a typing slip most likely is. */
  const fieldBefore = (position: number) => {
    const isField = (node: ts.Node) =>
      ts.isPropertyAssignment(node) ||
      ts.isShorthandPropertyAssignment(node) ||
      ts.isArrayLiteralExpression(node.parent);
    const before = nodes.filter((node) => isField(node) && node.end <= position);
    return fieldOf(
      before.reduce<ts.Node | undefined>(
        (latest, node) => (latest && latest.end > node.end ? latest : node),
        undefined,
      ),
    );
  };
  const problems: Problem[] = [];
  const addProblem = (node: ts.Node | number, message: string, field: string = name) => {
    const position = typeof node === 'number' ? node : node.getStart(sourceFile);
    problems.push({ file, ...placeOf(position), field, message });
  };

  // Only the first diagnostic is shown: the ones after it are mostly the parser losing its way.
  const [first] = diagnostics;
  if (first) {
    const [field, position, message] = typingSlip(first);
    addProblem(position, message, field);
    return problems;
  }

  /**
   * The field, the place and the editor's words for the typing slip that made the parser lose its
   * way at a diagnostic. The slips an editor most often makes are recognised from the source
   * around that place; any other gets the diagnostic's hint, or a plain pointer to its line.
   */
  function typingSlip(diagnostic: ts.Diagnostic): [string, number, string] {
    const start = diagnostic.start ?? 0;
    const { line } = placeOf(start);
    const character = source[start] ?? '';
    const previous = source.slice(0, start).trimEnd().at(-1);
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const expected = diagnostic.code === 1005 ? /^'(.)' expected/.exec(message)?.[1] : undefined;
    const indentOf = (position: number) =>
      /^[ \t]*/.exec(source.slice(source.lastIndexOf('\n', position - 1) + 1))![0].length;
    const startsLine = (node: ts.Node) =>
      !/\S/.test(
        source.slice(
          source.lastIndexOf('\n', node.getStart(sourceFile) - 1) + 1,
          node.getStart(sourceFile),
        ),
      );

    // 1,600 or 1 600 for 1600: the parser reads the digits after the separator as another field.
    for (const node of nodes) {
      if (!ts.isPropertyAssignment(node) || !ts.isNumericLiteral(node.initializer)) continue;
      const rest = /^(?:[, ]\d{3})+(?!\d)/.exec(source.slice(node.initializer.end))?.[0];
      if (!rest) continue;
      const written = node.initializer.getText(sourceFile) + rest;
      const digits = written.replace(/\D/g, '');
      return [
        fieldOf(node),
        node.initializer.getStart(sourceFile),
        `${written} is written with a thousands separator: write ${digits}`,
      ];
    }
    const curly = CURLY_QUOTES[character];
    if (diagnostic.code === 1127 && curly) {
      // The words after a curly quote are read as names, so the field is found in the source with
      // this text's quotes made straight: the opening one, and the last curly quote on its line.
      const lineEnd =
        source.indexOf('\n', start) === -1 ? source.length : source.indexOf('\n', start);
      const closing = source.slice(0, lineEnd).search(/[’”][^’”]*$/);
      const straight = [...source]
        .map((c, i) => (i === start || (i === closing && closing > start) ? "'" : c))
        .join('');
      const straightened = ts.createSourceFile(file, straight, ts.ScriptTarget.Latest, true);
      let text: ts.Node | undefined;
      const find = (node: ts.Node): void => {
        if (ts.isStringLiteral(node) && node.getStart(straightened) === start) text = node;
        ts.forEachChild(node, find);
      };
      ts.forEachChild(straightened, find);
      return [
        text ? fieldOf(text) : fieldBefore(start),
        start,
        `the text is in curly quotes ${curly}: write straight quotes '…' around it instead`,
      ];
    }
    if (diagnostic.code === 1127)
      return [
        fieldBefore(start),
        start,
        `has ${character} outside quotes: delete it, or put the text in straight quotes '…'`,
      ];
    if (diagnostic.code === 1136 && character === ',' && previous === ',')
      return [fieldBefore(start), start, 'has two commas in a row: delete one'];
    // Content files are indented by their groups, so a field written as far left as the line that
    // opens its group (or further) was meant to follow it: the group was not closed before it.
    const unclosed = nodes
      .flatMap((group) => {
        const items = ts.isObjectLiteralExpression(group)
          ? group.properties
          : ts.isArrayLiteralExpression(group)
            ? group.elements
            : [];
        const outside = items.find(
          (item) =>
            startsLine(item) &&
            indentOf(item.getStart(sourceFile)) <= indentOf(group.getStart(sourceFile)),
        );
        return outside ? [{ group, outside }] : [];
      })
      .sort((a, b) => a.outside.pos - b.outside.pos)[0];
    if (unclosed) {
      const { group, outside } = unclosed;
      const before = `before line ${placeOf(outside.getStart(sourceFile)).line}`;
      const words = ts.isObjectLiteralExpression(group)
        ? `its group { … } is not closed: write } after its last field, ${before}`
        : `its list [ … ] is not closed: write ] after its last item, ${before}`;
      // Placed at the group's name, as fields are; the parser may have read the rest of the file
      // into the group, so that `satisfies` stands between the group and its name.
      let named: ts.Node = group;
      while (ts.isSatisfiesExpression(named.parent)) named = named.parent;
      const key = ts.isPropertyAssignment(named.parent) ? named.parent : group;
      return [fieldOf(group), key.getStart(sourceFile), words];
    }
    // The export's own closing brace, just before `satisfies`.
    if (/^\s*satisfies\b/.test(source.slice(source.lastIndexOf('\n', start - 1) + 1)))
      return [
        name,
        start,
        `its group { … } is not closed: write } before satisfies on line ${line}`,
      ];
    if (expected === ',' && character === ';')
      return [fieldBefore(start), start, 'ends with a semicolon ;: write a comma , instead'];
    // A name with no colon is read as a field of its own, so the value after it needs a comma.
    const nameOnly = nodes.find(
      (node) =>
        ts.isShorthandPropertyAssignment(node) &&
        node.end <= start &&
        /^[ \t]*$/.test(source.slice(node.end, start)),
    );
    if (expected === ',' && nameOnly)
      return [
        fieldOf(nameOnly),
        nameOnly.getStart(sourceFile),
        `has no colon after its name: write it like label: 'Contact us'`,
      ];
    const lineOf = (d: ts.Diagnostic) => placeOf(d.start ?? 0).line;
    // A text split over two lines by Enter. Before the editor closes the first line's text, the
    // text is unterminated (1002) and the next line ends with its closing quote; after, the next
    // line starts with words and ends with a quote that opens nothing. Either way a closing quote
    // would not help: the two lines must be joined.
    const lines = source.split('\n');
    const lineText = (number: number) => lines[number - 1] ?? '';
    const quoteEndsLine = (text: string) => /['"],?\s*$/.test(text);
    const joinLines = (first: number) =>
      `the text on line ${first} goes on at line ${first + 1}: a text cannot be split over two lines, so join them into one line (delete the line break), with one quote at each end`;
    if (
      diagnostic.code === 1002 &&
      quoteEndsLine(lineText(line + 1)) &&
      !/['"]/.test(lineText(line + 1).replace(/['"],?\s*$/, ''))
    )
      return [fieldBefore(start), start, joinLines(line)];
    const startsItsLine = /^[ \t]*$/.test(
      source.slice(source.lastIndexOf('\n', start - 1) + 1, start),
    );
    const closedAbove = quoteEndsLine(lineText(line - 1));
    const unterminatedHere = diagnostics.some((d) => d.code === 1002 && lineOf(d) === line);
    if (
      expected === ',' &&
      startsItsLine &&
      closedAbove &&
      unterminatedHere &&
      /\w/.test(character)
    )
      return [fieldBefore(start), start, joinLines(line - 1)];
    const hint =
      (expected ? expectedHints[expected] : undefined) ??
      diagnosticHints[diagnostic.code] ??
      somethingAtLine;
    // A quote that ends a text early leaves the rest of its line an unterminated text (1002).
    const early =
      diagnostic.code !== 1002 && diagnostics.some((d) => d.code === 1002 && lineOf(d) === line);
    const apostrophe = "; an apostrophe inside 'quotes' ends the text: write ’ instead";
    return [fieldBefore(start), start, early ? hint(line) + apostrophe : hint(line)];
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
  const spans = new Map<string, Span>();
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
    spans.set(field, { start: node.getStart(sourceFile), end: node.end });
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
    // A list may hold an empty item between two commas, which the parser accepts as a hole.
    if (ts.isOmittedExpression(node)) {
      addProblem(node.pos, 'is empty between two commas: delete one of the commas', field);
      return undefined;
    }
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
  return problems.length > 0 ? problems : { file, name, value, places, spans };
}
