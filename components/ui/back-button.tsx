'use client';

import { useSyncExternalStore } from 'react';
import styles from './button.module.css';

type BackButtonProps = {
  label: string;
  /** Where to go when there is no page to go back to in this tab. */
  fallbackHref: string;
};

/** How long a back navigation may take to start before the button goes home instead. */
const START_TIMEOUT_MS = 500;

const noSubscription = () => () => {};

/**
 * Goes back one page in this tab's history, or to `fallbackHref` when there is none. It needs
 * JavaScript, so until the page runs it keeps its place but is invisible and out of the
 * accessibility tree: nothing moves when it appears.
 */
export function BackButton({ label, fallbackHref }: BackButtonProps) {
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const goBack = () => {
    // history.back() silently does nothing on the tab's first page, even when later pages follow
    // it, and no browser API tells that case from a previous page on another site. A back
    // navigation that starts fires beforeunload (or popstate) within milliseconds, however slow the
    // page it returns to; if neither comes, there was nowhere to go back to.
    const goHome = window.setTimeout(() => window.location.assign(fallbackHref), START_TIMEOUT_MS);
    const started = () => window.clearTimeout(goHome);
    window.addEventListener('beforeunload', started, { once: true });
    window.addEventListener('popstate', started, { once: true });
    window.history.back();
  };
  return (
    <button
      type="button"
      className={styles.root}
      data-variant="secondary"
      data-pending={!running || undefined}
      onClick={goBack}
    >
      {label}
    </button>
  );
}
