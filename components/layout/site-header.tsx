import type { ReactNode } from 'react';
import styles from './site-header.module.css';

type SiteHeaderProps = {
  logo: ReactNode;
  /** Bar above the logo row, such as the group websites. */
  top?: ReactNode;
  /** Navigation beside the logo: its menu button on small screens, a row under it on wide ones. */
  nav?: ReactNode;
};

/**
 * The page's banner landmark: an optional top bar, then the logo and navigation. The menu button
 * wraps under the logo when the row is too narrow (large text, phones): nothing overlaps.
 */
export function SiteHeader({ logo, top, nav }: SiteHeaderProps) {
  return (
    <header className={styles.root}>
      {top}
      <div className={`${styles.bar} site-width`}>
        {logo}
        {nav && <div className={styles.nav}>{nav}</div>}
      </div>
    </header>
  );
}
