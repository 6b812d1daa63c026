/** Every CSS file knows the breakpoints of app/media.css, and the build writes them out. */
const config = {
  plugins: {
    '@csstools/postcss-global-data': { files: ['app/media.css'] },
    'postcss-custom-media': {},
  },
};

export default config;
