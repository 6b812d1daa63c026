/**
 * A check that a visitor can see and use a control, measured in the browser rather than read from
 * the stylesheet, so it catches a control that the cascade hides, fades or shrinks.
 */
import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/** What a visitor gets of a control: how opaque it is, its size, and its text's contrast. */
type Seen = { opacity: number; width: number; height: number; contrast: number };

/** WCAG 1.4.3's minimum contrast for text of normal size (level AA). */
const MINIMUM_TEXT_CONTRAST = 4.5;
/** WCAG 2.5.8's minimum target size, in CSS pixels (level AA). */
const MINIMUM_TARGET_SIZE = 24;

/**
 * Measures a control in the page: the opacity it is drawn with (its own times its ancestors'), its
 * box, and the contrast of its text with the colour behind it (its own background, or the first
 * ancestor's that shows through), as WCAG computes contrast. NaN when an image is behind the text.
 */
function measure(control: Element): Seen {
  // A computed colour, 'rgb(r, g, b)' or 'rgba(r, g, b, a)', as its red, green, blue and alpha.
  const rgba = (css: string) => {
    const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
    return { r, g, b, a };
  };
  type Colour = ReturnType<typeof rgba>;
  // A translucent colour painted over another, as the browser blends them.
  const paintedOver = (top: Colour, below: Colour): Colour => ({
    r: top.r * top.a + below.r * (1 - top.a),
    g: top.g * top.a + below.g * (1 - top.a),
    b: top.b * top.a + below.b * (1 - top.a),
    a: 1,
  });
  // WCAG's relative luminance of a colour, from 0 (black) to 1 (white).
  const luminance = ({ r, g, b }: Colour) => {
    const linear = (c: number) =>
      c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4;
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  let opacity = 1;
  const layers: Colour[] = [];
  let behindImage = false;
  for (let node: Element | null = control; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    opacity *= Number(style.opacity);
    // Above an opaque background, nothing further up shows through; only the opacity still counts.
    if (layers.at(-1)?.a === 1) continue;
    if (style.backgroundImage !== 'none') behindImage = true;
    layers.push(rgba(style.backgroundColor));
  }
  // The page's canvas is white beneath everything.
  const background = layers.reduceRight(
    (below, layer) => paintedOver(layer, below),
    rgba('rgb(255, 255, 255)'),
  );
  const text = paintedOver(rgba(getComputedStyle(control).color), background);
  const [lighter, darker] = [luminance(text), luminance(background)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  const { width, height } = control.getBoundingClientRect();
  // WCAG's contrast ratio, from 1:1 to 21:1.
  const contrast = behindImage ? NaN : (lighter + 0.05) / (darker + 0.05);
  return { opacity, width, height, contrast };
}

/**
 * Expects a visitor can see and use a control: shown, fully opaque, its text at least 4.5:1 against
 * what is behind it, and (unless it is a link inside a sentence, which WCAG 2.5.8 exempts) at least
 * 24 × 24 CSS pixels to tap.
 */
export async function expectUsable(control: Locator, { inSentence = false } = {}): Promise<void> {
  await expect(control).toBeVisible();
  const seen = await control.evaluate(measure);
  const name = await control.innerText();
  expect(seen.opacity, `opacity of "${name}"`).toBe(1);
  expect(seen.contrast, `contrast of "${name}" with its background`).toBeGreaterThanOrEqual(
    MINIMUM_TEXT_CONTRAST,
  );
  if (!inSentence) {
    expect(Math.min(seen.width, seen.height), `size of "${name}"`).toBeGreaterThanOrEqual(
      MINIMUM_TARGET_SIZE,
    );
  }
}
