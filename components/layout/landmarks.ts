/**
 * The id of every page's main landmark. The skip link jumps to it, and any link may name it after
 * `#`, so it lives in a module of its own rather than inside PageShell.
 */
export const MAIN_ID = 'main';
