'use client';

import { useSyncExternalStore } from 'react';
import styles from './button.module.css';

const noSubscription = () => () => {};

/** Goes back one page in this tab's history, or to `fallbackHref` when there is none. */
export function BackButton({ label, fallbackHref }: { label: string; fallbackHref: string }) {
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const goBack = () => {
    // history.back() silently does nothing on the tab's first page, and no API tells that apart
    // from a previous page on another site; a back navigation that starts fires beforeunload (or
    // popstate, or at least pagehide) soon, however slow the page, so if none comes within a
    // second (WebKitGTK once took 500+ ms to start), go home.
    const goHome = window.setTimeout(() => window.location.assign(fallbackHref), 1000);
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
