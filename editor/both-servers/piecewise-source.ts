/**
 * A list or a group of a content file rewritten piece by piece, so that adding, removing or moving
 * a list's item, or filling or emptying a group's optional field, keeps every comment a developer
 * wrote inside it. Each item of a list, or field of a group, is read as written as a piece: the
 * comments on the lines above it, its own source text, and a comment after its comma on the same
 * line. A piece whose value stays keeps its text, wherever it moves; a value the form added is
 * written fresh; a piece removed takes its comments with it, as they were about it. Comments after
 * the last piece stay at the end. Prettier lays the result out afterwards.
 */
import { isDeepStrictEqual } from 'node:util';
import ts from 'typescript';
import { keyText, sourceText } from './source-text';
import { isGroup } from '../shared/values';

/** One item or field as written: the comments above it, its text, and a comment after its comma. */
type Piece = { above: string; text: string; after: string };

/** A list or group as written: its pieces, and the text between the last one and its closing. */
type Written = { pieces: Piece[]; end: string };

/** The list or group literal that starts at an offset of a source, or undefined where none does. */
function literalAt(
  sourceFile: ts.SourceFile,
  start: number,
): ts.ArrayLiteralExpression | ts.ObjectLiteralExpression | undefined {
  const find = (
    node: ts.Node,
  ): ts.ArrayLiteralExpression | ts.ObjectLiteralExpression | undefined => {
    if (
      (ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node)) &&
      node.getStart(sourceFile) === start
    )
      return node;
    if (node.pos > start || node.end <= start) return undefined;
    return ts.forEachChild(node, find);
  };
  return find(sourceFile);
}

/** The pieces of a literal's items or fields, each with the comments that belong to it. */
function piecesOf(
  source: string,
  sourceFile: ts.SourceFile,
  literal: ts.ArrayLiteralExpression | ts.ObjectLiteralExpression,
): Written {
  const nodes = ts.isArrayLiteralExpression(literal) ? literal.elements : literal.properties;
  const pieces: Piece[] = [];
  // Where the text not yet given to a piece begins: just inside the opening bracket, at first.
  let unclaimed = literal.getStart(sourceFile) + 1;
  nodes.forEach((node, i) => {
    const last = i === nodes.length - 1;
    const hasComma = !last || nodes.hasTrailingComma;
    // A node starts right after the comma before it, so the next node's start is where this
    // node's comma ends.
    const commaEnd = last ? (hasComma ? nodes.end : node.end) : nodes[i + 1]!.pos;
    const comments = ts.getTrailingCommentRanges(source, commaEnd) ?? [];
    const afterEnd = comments.at(-1)?.end ?? commaEnd;
    pieces.push({
      above: source.slice(unclaimed, node.getStart(sourceFile)),
      text: source.slice(node.getStart(sourceFile), hasComma ? commaEnd - 1 : node.end),
      after: source.slice(commaEnd, afterEnd),
    });
    unclaimed = afterEnd;
  });
  return { pieces, end: source.slice(unclaimed, literal.end - 1) };
}

/** A piece written fresh, on a line of its own. */
const freshPiece = (text: string): Piece => ({ above: '\n', text, after: '' });

/** The pieces joined again between an opening and a closing bracket or brace. */
function joined(open: string, pieces: Piece[], end: string, close: string): string {
  let text = open;
  pieces.forEach((piece, i) => {
    text += `${piece.above}${piece.text},${piece.after}`;
    // A comment after the comma runs to the end of its line: what follows must start a new one.
    const next = i < pieces.length - 1 ? pieces[i + 1]!.above : end;
    if (piece.after && !/^[ \t]*\r?\n/.test(next)) text += '\n';
  });
  return `${text}${end}${close}`;
}

/**
 * The source text of a list or group with new contents, keeping the pieces of what it held before.
 * A list's items are matched by value: each new item takes the piece of the first item before it
 * that it equals and no other item took. A group's fields are matched by name: a field whose value
 * changed is written afresh where it stands, a field left out goes, a new field comes last.
 * @param source The file's source.
 * @param start Where the list's opening bracket, or the group's opening brace, is.
 * @param before The list or group as the file holds it now.
 * @param after The list or group as it is to be.
 * @returns The new text, to replace the list's or group's span, or undefined where no list or
 *   group that holds `before` starts at `start` (the caller then writes it whole, afresh).
 */
export function piecewiseSource(
  source: string,
  start: number,
  before: unknown,
  after: unknown,
): string | undefined {
  const sourceFile = ts.createSourceFile('content.ts', source, ts.ScriptTarget.Latest, true);
  const literal = literalAt(sourceFile, start);
  if (!literal) return undefined;
  const { pieces, end } = piecesOf(source, sourceFile, literal);

  if (ts.isArrayLiteralExpression(literal)) {
    if (!Array.isArray(before) || !Array.isArray(after) || before.length !== pieces.length)
      return undefined;
    const taken = new Set<number>();
    const written = after.map((item): Piece => {
      const i = before.findIndex((old, j) => !taken.has(j) && isDeepStrictEqual(old, item));
      if (i === -1) return freshPiece(sourceText(item));
      taken.add(i);
      return pieces[i]!;
    });
    return joined('[', written, end, ']');
  }

  if (!isGroup(before) || !isGroup(after)) return undefined;
  const names = literal.properties.map((property) =>
    property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
      ? property.name.text
      : undefined,
  );
  if (names.some((name) => name === undefined || !(name in before))) return undefined;
  const kept = pieces.flatMap((piece, i): Piece[] => {
    const name = names[i]!;
    if (after[name] === undefined) return [];
    if (isDeepStrictEqual(after[name], before[name])) return [piece];
    return [{ ...piece, text: `${keyText(name)}: ${sourceText(after[name])}` }];
  });
  const added = Object.entries(after)
    .filter(([name, value]) => value !== undefined && !names.includes(name))
    .map(([name, value]) => freshPiece(`${keyText(name)}: ${sourceText(value)}`));
  return joined('{', [...kept, ...added], end, '}');
}
