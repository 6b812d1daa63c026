'use client';

import { useSyncExternalStore } from 'react';
import styles from '@/components/ui/button-link.module.css';

type BackButtonProps = {
  label: string;
  /** Where to go when this tab has no previous page, e.g. it was opened on this address. */
  fallbackHref: string;
};

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
    if (window.history.length > 1) {
      window.history.back();
    } else {
      window.location.assign(fallbackHref);
    }
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
