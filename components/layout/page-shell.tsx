import type { ReactNode } from 'react';
import type { Legal, Site } from '@/content/schema';
import { MAIN_ID } from './landmarks';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';
import styles from './page-shell.module.css';

type PageShellProps = {
  site: Site;
  legal: Legal;
  /** Year of the footer's copyright line. */
  year: number;
  /** Bar above the logo row, such as the group websites. */
  top?: ReactNode;
  /** Navigation beside the logo. */
  nav?: ReactNode;
  children: ReactNode;
};

/**
 * What every page shares: skip link, banner with logo, main landmark and footer. Main takes focus
 * from the skip link (tabIndex -1), so the next Tab starts from the content.
 */
export function PageShell({ site, legal, year, top, nav, children }: PageShellProps) {
  return (
    <>
      <SkipLink href={`#${MAIN_ID}`} label={site.skipLink} />
      <SiteHeader top={top} logo={<Logo {...site} />} nav={nav} />
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter {...site} legal={legal} year={year} />
    </>
  );
}
