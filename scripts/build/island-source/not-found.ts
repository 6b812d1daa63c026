/**
 * The not-found page's island: its two client components, compiled by scripts/build/compile-island.ts with
 * Preact standing in for React, take over the button the export rendered.
 */
import { Component, h, render, type ComponentChildren } from 'preact';
import { MissingPathLog } from '../../../components/status/missing-path-log';
import { BackButton } from '../../../components/ui/back-button';
import { islandElementIds, type notFoundIslandProps } from '../../../lib/not-found-island';

/**
 * The components' props, which scripts/build/compile-island.ts takes from content/ at build time,
 * through the function the page uses too, and writes into the bundle as they are.
 */
declare const ISLAND_PROPS: ReturnType<typeof notFoundIslandProps>;

/**
 * Shows the error page that the build left inert in the page when the island's code throws, in
 * rendering or in an effect, as React's error boundary (app/error.tsx) does in `npm run dev`. The
 * error is still reported, as React reports what its boundary catches.
 */
class ErrorBoundary extends Component<{ children: ComponentChildren }, { failed: boolean }> {
  override state = { failed: false };

  override componentDidCatch(error: unknown) {
    const errorPage = document.getElementById(islandElementIds.errorPageId) as HTMLTemplateElement;
    document.body.replaceChildren(errorPage.content.cloneNode(true));
    // Preact counts an error as handled only if its boundary renders again.
    this.setState({ failed: true });
    reportError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

// The button first: the log comes from an effect, after the button works, and tests take the log
// as the sign that the page is ready.
render(
  h(
    ErrorBoundary,
    null,
    h(BackButton, ISLAND_PROPS.backButton),
    h(MissingPathLog, ISLAND_PROPS.missingPathLog),
  ),
  document.getElementById(islandElementIds.rootId)!,
);
