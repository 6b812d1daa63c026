import type { ReactNode } from 'react';
import styles from './site-header.module.css';

type SiteHeaderProps = {
  /** The logo. */
  logo: ReactNode;
  /** Bar above the logo row, such as the group websites. */
  top?: ReactNode;
  /** Navigation beside the logo. */
  nav?: ReactNode;
};

/** The page's banner landmark: an optional top bar, then the logo and navigation. */
export function SiteHeader({ logo, top, nav }: SiteHeaderProps) {
  return (
    <header className={styles.root}>
      {top}
      <div className={styles.bar}>
        {logo}
        {nav}
      </div>
    </header>
  );
}
