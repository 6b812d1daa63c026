/**
 * What the island's bundle gets for `import ... from 'react'`: the hooks that BackButton and
 * MissingPathLog use, from Preact, and nothing else, so an import of anything more fails the build.
 */
export { useEffect } from 'preact/hooks';

/**
 * React's useSyncExternalStore as the island needs it. The island only ever runs in the browser,
 * over HTML it did not render (Preact's render, not hydrate), so the server's snapshot never
 * applies: the value is the browser's snapshot. The one store it serves (whether the page runs
 * JavaScript) never changes, so it subscribes to nothing.
 */
export function useSyncExternalStore<Snapshot>(
  _subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
): Snapshot {
  return getSnapshot();
}
