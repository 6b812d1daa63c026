/**
 * PostCSS for the build. Browsers do not yet understand custom media queries such as `@media
 * (--wide)`, so every CSS file is given the breakpoints of app/media.css and the build writes each
 * query out in full. The breakpoints then have one value, in one file.
 */
const config = {
  plugins: {
    '@csstools/postcss-global-data': { files: ['app/media.css'] },
    'postcss-custom-media': {},
  },
};

export default config;
