import type { ReactNode } from 'react';
import styles from './site-header.module.css';

type SiteHeaderProps = {
  /** The logo. */
  logo: ReactNode;
  /** Bar above the logo row, such as the group websites. */
  top?: ReactNode;
  /** Navigation beside the logo: its menu button on small screens, a row under it on wide ones. */
  nav?: ReactNode;
};

/**
 * The page's banner landmark: an optional top bar, then the logo and navigation. The logo and the
 * menu button share a row while they fit, and the button moves under the logo when they do not
 * (large text, narrow phones): nothing is positioned over anything else.
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
