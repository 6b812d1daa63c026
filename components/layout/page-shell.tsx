import type { ReactNode } from 'react';
import type { Content } from '@/content/schema';
import { MAIN_ID } from './landmarks';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';
import styles from './page-shell.module.css';

type PageShellProps = {
  site: Content['site'];
  legal: Content['legal'];
  copyrightYear: number;
  /** A bar above the logo row, such as the group websites. */
  top?: ReactNode;
  /** A CollapsibleNav, which places itself: a menu button beside the logo, or a row under it. */
  nav?: ReactNode;
  children: ReactNode;
};

/**
 * What every page shares: skip link, banner with logo, main landmark and footer. Main takes focus
 * from the skip link (tabIndex -1), so the next Tab starts from the content.
 */
export function PageShell({ site, legal, copyrightYear, top, nav, children }: PageShellProps) {
  return (
    <>
      <a className={`${styles.skipLink} site-no-print`} href={`#${MAIN_ID}`}>
        {site.skipLink}
      </a>
      <header className={styles.header}>
        {top}
        <div className={`${styles.bar} site-width`}>
          <Logo {...site} />
          {nav}
        </div>
      </header>
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter {...site} legal={legal} year={copyrightYear} />
    </>
  );
}
