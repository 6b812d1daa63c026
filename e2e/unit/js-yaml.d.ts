/**
 * js-yaml, which ESLint brings (its configuration reader parses YAML), ships no types of its own;
 * the workflow test reads the workflows with its load() alone.
 */
declare module 'js-yaml' {
  export function load(text: string): unknown;
}
