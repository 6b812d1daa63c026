/**
 * js-yaml, the YAML parser the workflow test reads the workflows with (ESLint's configuration reader
 * uses it too), ships no types of its own; the test uses its load() alone.
 */
declare module 'js-yaml' {
  export function load(text: string): unknown;
}
