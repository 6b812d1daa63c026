/**
 * The island compiles JSX to Preact's h(), which its entry imports anyway, rather than to a
 * separate JSX runtime module: the same elements, a smaller file.
 */
export { h } from 'preact';
