/**
 * What the not-found page and its island share: where the island finds its parts in the exported
 * HTML, and the props of the two components it runs. The page renders the parts
 * (components/status/island-elements.tsx) and gives the components these props; the build step
 * scripts/build/compile-island.ts compiles the island from the same components, with the same props,
 * so the island cannot say other words than the page.
 */
import type { Content } from '@/content/schema';

/** The ids of the elements the island takes over in the exported not-found page. */
export const islandElementIds = {
  /** The element whose content the island renders: the back button, alone in it. */
  rootId: 'back-button-root',
  /** The <template> holding the error page, which the island shows if its code throws. */
  errorPageId: 'error-page',
} as const;

/**
 * The props of the not-found page's two client components, from its content: only the words they
 * use, so the island carries no more of the page's content than it needs.
 */
export function notFoundIslandProps(notFound: Content['notFound']) {
  return {
    backButton: { label: notFound.back, fallbackHref: notFound.homeButton.href },
    missingPathLog: { message: notFound.consoleMessage },
  };
}
