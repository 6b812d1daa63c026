/**
 * A list of a content file rewritten item by item, so that adding, removing or moving an item keeps
 * every comment a developer wrote inside the list. Each item of the list as written is read as a
 * piece: the comments on the lines above it, its own source text, and a comment after its comma on
 * the same line. An item the new list still holds keeps its piece, wherever it moves; an item the
 * form added is written fresh; an item removed takes its comments with it, as they were about it.
 * Comments after the last item stay at the end of the list. Prettier lays the result out afterwards.
 */
import { isDeepStrictEqual } from 'node:util';
import ts from 'typescript';
import { sourceText } from './source-text';

/** One item of a list as written: the comments above it, its text, and a comment after its comma. */
type Piece = { above: string; text: string; after: string };

/** The list literal that starts at an offset of a source, or undefined where none does. */
function listAt(sourceFile: ts.SourceFile, start: number): ts.ArrayLiteralExpression | undefined {
  const find = (node: ts.Node): ts.ArrayLiteralExpression | undefined => {
    if (ts.isArrayLiteralExpression(node) && node.getStart(sourceFile) === start) return node;
    if (node.pos > start || node.end <= start) return undefined;
    return ts.forEachChild(node, find);
  };
  return find(sourceFile);
}

/**
 * The source text of a list with new items, keeping the pieces of the items it had before.
 * @param source The file's source.
 * @param start Where the list's opening bracket is.
 * @param before The list's items as the file holds them now, in their written order.
 * @param after The list's items as they are to be.
 * @returns The list's new text, to replace the list's span, or undefined where no list starts at
 *   `start` (the caller then writes the whole list afresh).
 */
export function listSource(
  source: string,
  start: number,
  before: readonly unknown[],
  after: readonly unknown[],
): string | undefined {
  const sourceFile = ts.createSourceFile('content.ts', source, ts.ScriptTarget.Latest, true);
  const list = listAt(sourceFile, start);
  if (!list || list.elements.length !== before.length) return undefined;
  const { elements } = list;

  const pieces: Piece[] = [];
  // Where the text not yet given to a piece begins: just inside the opening bracket, at first.
  let unclaimed = start + 1;
  elements.forEach((element, i) => {
    const last = i === elements.length - 1;
    const hasComma = !last || elements.hasTrailingComma;
    // An item's node starts right after the comma before it, so the next item's start is where
    // this item's comma ends.
    const commaEnd = last ? (hasComma ? elements.end : element.end) : elements[i + 1]!.pos;
    const comments = ts.getTrailingCommentRanges(source, commaEnd) ?? [];
    const afterEnd = comments.at(-1)?.end ?? commaEnd;
    pieces.push({
      above: source.slice(unclaimed, element.getStart(sourceFile)),
      text: source.slice(element.getStart(sourceFile), hasComma ? commaEnd - 1 : element.end),
      after: source.slice(commaEnd, afterEnd),
    });
    unclaimed = afterEnd;
  });
  const end = source.slice(unclaimed, list.end - 1);

  // Each new item takes the piece of the first item before it that it equals and no other item
  // took; an item with no such piece is new, or changed, and is written fresh on a line of its own.
  const taken = new Set<number>();
  const written = after.map((item): Piece => {
    const i = before.findIndex((old, j) => !taken.has(j) && isDeepStrictEqual(old, item));
    if (i === -1) return { above: '\n', text: sourceText(item), after: '' };
    taken.add(i);
    return pieces[i]!;
  });

  let text = '[';
  written.forEach((piece, i) => {
    text += `${piece.above}${piece.text},${piece.after}`;
    // A comment after the comma runs to the end of its line: what follows must start a new one.
    const next = i < written.length - 1 ? written[i + 1]!.above : end;
    if (piece.after && !/^[ \t]*\r?\n/.test(next)) text += '\n';
  });
  return `${text}${end}]`;
}
