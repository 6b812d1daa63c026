import type { ReactNode } from 'react';
import type { Legal, Site } from '@/content/schema';
import { fillTemplate } from '@/lib/template';
import { MAIN_ID } from './landmarks';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';
import styles from './page-shell.module.css';

type PageShellProps = {
  /** The brand and the interface words every page shares. */
  site: Site;
  /** The legal and regulatory texts of the footer. */
  legal: Legal;
  /**
   * The year of the footer's copyright line. Each page's content gives it, so that it changes when
   * an editor changes it, not when the site happens to be rebuilt in a new year.
   */
  copyrightYear: number;
  /** A bar above the logo row, such as the group websites. */
  top?: ReactNode;
  /** A CollapsibleNav, which places itself: a menu button beside the logo, or a row under it. */
  nav?: ReactNode;
  /** The page's own content, inside the main landmark. */
  children: ReactNode;
};

/**
 * What every page shares: the skip link, the banner with the logo, the main landmark and the
 * footer. The skip link moves focus into main (tabIndex -1 lets it take focus), so the next Tab
 * starts from the content rather than from the top of the page.
 */
export function PageShell({ site, legal, copyrightYear, top, nav, children }: PageShellProps) {
  const { name, division } = site;
  return (
    <>
      <a className={`${styles.skipLink} site-no-print`} href={`#${MAIN_ID}`}>
        {site.skipLink}
      </a>
      <header className={styles.header}>
        {top}
        <div className={`${styles.bar} site-width`}>
          <Logo
            name={name}
            division={division}
            accessibleName={fillTemplate(site.logoAccessibleName, { name, division })}
            href={site.logoHref}
          />
          {nav}
        </div>
      </header>
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter
        legal={legal}
        bankName={name}
        copyrightLine={fillTemplate(site.copyright, { year: copyrightYear, name })}
      />
    </>
  );
}
