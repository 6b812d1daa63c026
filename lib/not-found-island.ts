/**
 * Where the not-found page's island finds its parts in the exported HTML. The site renders them
 * (components/status/island.tsx); the build step scripts/build/island.ts compiles the island that
 * takes them over, from the same components that `npm run dev` runs under React.
 */
export const island = {
  /** The element whose content the island renders: the back button, alone in it. */
  rootId: 'back-button-root',
  /** The <template> holding the error page, which the island shows if its code throws. */
  errorPageId: 'error-page',
} as const;
