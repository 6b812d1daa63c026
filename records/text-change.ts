/**
 * What a change changed on a page, as a reader sees it: the page's texts before and after, the
 * ones that left and the ones that came. The record keeps them in words beside the change of the
 * content's fields, and the pictures of a pull request mark them on the page.
 *
 * A page's texts are its text blocks: each visible element holding text of its own (a heading, a
 * paragraph, a link, a list item), with all the text inside it. A paragraph holds its links' texts
 * too, so a changed link changes both; the words name the whole paragraph, the outermost block
 * that changed, and the pictures mark the link alone, the innermost.
 */
import type { Page } from '@playwright/test';

/** A text block of a page, by its place among the page's elements. */
export type TextBlock = {
  text: string;
  /** Its place among the document's elements, in order. */
  element: number;
  /** The place of the nearest block around it, or -1 where none is. */
  around: number;
  /** Where it is drawn on the whole page, in CSS pixels. */
  box: { x: number; y: number; width: number; height: number };
};

/**
 * The text blocks of the page open in a tab, in the order a reader meets them. The function runs
 * in the page, and names none of its own functions: tsx, which runs the records command, would
 * wrap a named one in a helper the page does not have.
 */
export function textBlocksOf(tab: Page): Promise<TextBlock[]> {
  return tab.evaluate(() => {
    const blocks = new Map<Element, number>();
    [...document.querySelectorAll('body *')].forEach((element, index) => {
      const visible =
        element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (visible && ownText) blocks.set(element, index);
    });
    return [...blocks].map(([element, index]) => {
      let parent = element.parentElement;
      while (parent && !blocks.has(parent)) parent = parent.parentElement;
      const rect = element.getBoundingClientRect();
      return {
        text: ((element as HTMLElement).innerText ?? element.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim(),
        element: index,
        around: parent ? blocks.get(parent)! : -1,
        box: {
          x: rect.x + window.scrollX,
          y: rect.y + window.scrollY,
          width: rect.width,
          height: rect.height,
        },
      };
    });
  });
}

/** The blocks of one list whose texts the other lacks, counting repeated texts one by one. */
function missingFrom(blocks: TextBlock[], other: TextBlock[]): TextBlock[] {
  const left = new Map<string, number>();
  for (const { text } of other) left.set(text, (left.get(text) ?? 0) + 1);
  return blocks.filter(({ text }) => {
    const count = left.get(text) ?? 0;
    if (count > 0) left.set(text, count - 1);
    return count === 0;
  });
}

/** What changed between a page's texts before and after: the blocks that left, those that came. */
export type TextChange = { removed: TextBlock[]; added: TextBlock[] };

export const textChange = (before: TextBlock[], after: TextBlock[]): TextChange => ({
  removed: missingFrom(before, after),
  added: missingFrom(after, before),
});

/** The places of the blocks around a block, nearest first. */
function blocksAround(block: TextBlock, all: TextBlock[]): number[] {
  const byPlace = new Map(all.map((each) => [each.element, each]));
  const places: number[] = [];
  for (let place = block.around; place !== -1; place = byPlace.get(place)?.around ?? -1)
    places.push(place);
  return places;
}

/**
 * The changed blocks with no changed block around them: whole paragraphs, for the words.
 * @param all Every block of the page, which the changed ones are among.
 */
export function outermost(changed: TextBlock[], all: TextBlock[]): TextBlock[] {
  const places = new Set(changed.map((block) => block.element));
  return changed.filter((block) => !blocksAround(block, all).some((place) => places.has(place)));
}

/**
 * The changed blocks with no changed block inside them: the link alone, for the pictures.
 * @param all Every block of the page, which the changed ones are among.
 */
export function innermost(changed: TextBlock[], all: TextBlock[]): TextBlock[] {
  const around = new Set(changed.flatMap((block) => blocksAround(block, all)));
  return changed.filter((block) => !around.has(block.element));
}

/** The colours a mark is drawn in: a red frame, over a yellow ground, each clear of the site's. */
export const MARK = { frame: '#d4006a', ground: '#fff27a' } as const;

/**
 * Marks blocks on the page open in a tab: a frame around each, and a ground behind its text, set
 * on the elements themselves so that no policy of the page's keeps them off.
 */
export async function markBlocks(tab: Page, blocks: TextBlock[]) {
  await tab.evaluate(
    ({ places, mark }) => {
      const elements = [...document.querySelectorAll('body *')];
      for (const place of places) {
        const element = elements[place] as HTMLElement | undefined;
        if (!element) continue;
        element.style.setProperty('outline', `4px solid ${mark.frame}`, 'important');
        element.style.setProperty('outline-offset', '2px', 'important');
        element.style.setProperty('background-color', mark.ground, 'important');
        element.style.setProperty('color', '#000', 'important');
      }
    },
    { places: blocks.map((block) => block.element), mark: MARK },
  );
}
