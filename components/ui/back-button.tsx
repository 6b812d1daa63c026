'use client';

import { useSyncExternalStore } from 'react';
import styles from './button.module.css';

/** How long going back may take to start before the button goes home: WebKitGTK once took 500+ ms. */
const START_TIMEOUT_MS = 1000;

/** Whether the page runs JavaScript never changes once it does, so nothing is subscribed to. */
const noSubscription = () => () => {};

/**
 * Goes back one page in this tab's history, or to `fallbackHref` when there is none. The server's
 * HTML marks it pending, because a button that does nothing until the page's script runs, or ever
 * when JavaScript is off, would mislead: until then it keeps its place, invisible and out of the
 * accessibility tree (button.module.css), so nothing moves when it starts to work.
 */
export function BackButton({ label, fallbackHref }: { label: string; fallbackHref: string }) {
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const goBack = () => {
    // history.back() silently does nothing on the tab's first page, and no API tells that apart
    // from a previous page on another site; a back navigation that starts fires beforeunload (or
    // popstate, or at least pagehide) soon, however slow the page, so if none comes, go home.
    const goHome = window.setTimeout(() => window.location.assign(fallbackHref), START_TIMEOUT_MS);
    const started = () => window.clearTimeout(goHome);
    for (const type of ['beforeunload', 'popstate', 'pagehide'])
      window.addEventListener(type, started, { once: true });
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
