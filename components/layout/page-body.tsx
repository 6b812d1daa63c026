import type { ReactNode } from 'react';
import styles from './page-body.module.css';

/** The page-width column that holds a page's sections, spaced evenly. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className={`${styles.root} site-width`}>{children}</div>;
}
