import type { ReactNode } from 'react';
import styles from './page-main.module.css';

/** Id of the main landmark: the skip link's target. */
export const MAIN_ID = 'main';

/** The page's main landmark, target of the skip link. */
export function PageMain({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_ID} className={styles.root}>
      {children}
    </main>
  );
}
