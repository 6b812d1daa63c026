/**
 * The bank's mark in a 40 × 40 box: its rounded square, its roof and its base line. The logo draws
 * it in the page and `npm run images` draws it into the icons and the share image, so both read it
 * here.
 */
export const logoMark = {
  size: 40,
  radius: 3,
  roof: 'M9 27 20 11l11 16-11-6-11 6Z',
  base: 'M14 30h12',
  baseWidth: 2,
} as const;

/**
 * The mark as a standalone SVG document, for the image files that `npm run images` writes.
 * @param squareColour The fill of the square behind the figure.
 * @param figureColour The colour of the roof and the base line.
 * @param cornerRadius The square's corner radius; 0 fills the whole box, for an icon that a
 *   platform crops to its own shape.
 */
export function logoMarkSvg(
  squareColour: string,
  figureColour: string,
  cornerRadius: number = logoMark.radius,
) {
  const { size, roof, base, baseWidth } = logoMark;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${cornerRadius}" fill="${squareColour}"/><path d="${roof}" fill="${figureColour}"/><path d="${base}" stroke="${figureColour}" stroke-width="${baseWidth}"/></svg>`;
}
