import type { ReactNode } from 'react';
import { islandElementIds } from '@/lib/not-found-island';
import styles from './island-elements.module.css';

/**
 * The part of the not-found page that the export's island takes over. Preact renders into an
 * element and removes from it whatever it did not render itself, so the island gets an element of
 * its own; that element draws no box (display: contents), so the page is laid out as without it.
 */
export function IslandRoot({ children }: { children: ReactNode }) {
  return (
    <span id={islandElementIds.rootId} className={styles.root}>
      {children}
    </span>
  );
}

/**
 * The error page, kept inert in the exported not-found page, for its island to show if its code
 * throws. In `npm run dev` React runs the page, and its own error boundary shows the error page, so
 * there the page carries no copy.
 */
export function IslandErrorPage({ children }: { children: ReactNode }) {
  if (process.env.NODE_ENV !== 'production') return null;
  return <template id={islandElementIds.errorPageId}>{children}</template>;
}
