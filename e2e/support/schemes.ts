/**
 * The colour schemes a visitor's system may ask for (prefers-color-scheme); pages are checked in
 * each.
 */
export const colorSchemes = ['light', 'dark'] as const;

/**
 * The dark scheme's own colours, as chosen for it and written out here (never read from the site):
 * a deep navy page, off-white text, a lighter brand blue for links and buttons.
 */
export const darkPalette = {
  page: 'rgb(15, 26, 38)',
  ink: 'rgb(235, 232, 226)',
  link: 'rgb(143, 195, 240)',
  muted: 'rgb(168, 179, 191)',
  surface: 'rgb(26, 42, 59)',
  line: 'rgb(59, 77, 96)',
} as const;

/**
 * Every element's colours as painted: text, background, borders, outline, text decoration, and
 * SVG fill and stroke, in document order, one line per element. Runs in the page, with evaluate.
 */
export const paintedColours = () => {
  const properties = [
    'color',
    'background-color',
    'border-top-color',
    'border-right-color',
    'border-bottom-color',
    'border-left-color',
    'outline-color',
    'text-decoration-color',
    'fill',
    'stroke',
  ];
  return [...document.querySelectorAll('*')].map((element) => {
    const style = getComputedStyle(element);
    const colours = properties.map((property) => style.getPropertyValue(property));
    return `${element.tagName.toLowerCase()}: ${colours.join(' ')}`;
  });
};
