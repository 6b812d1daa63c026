/** Every CSS file knows the breakpoints of app/media.css, and the build writes them out. */
export default {
  plugins: {
    '@csstools/postcss-global-data': { files: ['app/media.css'] },
    'postcss-custom-media': {},
  },
};
