/** The bank's mark in a 40 × 40 box, drawn by the logo and by `npm run images`. */
export const logoMark = {
  size: 40,
  radius: 3,
  roof: 'M9 27 20 11l11 16-11-6-11 6Z',
  base: 'M14 30h12',
  baseWidth: 2,
} as const;

/** The mark as an SVG document; `figure` colours roof and base, `radius` 0 bleeds to the edges. */
export function logoMarkSvg(square: string, figure: string, radius: number = logoMark.radius) {
  const { size, roof, base, baseWidth } = logoMark;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="${square}"/><path d="${roof}" fill="${figure}"/><path d="${base}" stroke="${figure}" stroke-width="${baseWidth}"/></svg>`;
}
