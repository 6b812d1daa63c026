import type { Legal } from '@/content/schema';
import { legalStatements } from '@/lib/legal';
import styles from './site-footer.module.css';

type SiteFooterProps = {
  /** The legal and regulatory block's words. */
  legal: Legal;
  /** The bank's name, for the legal texts' {name}. */
  bankName: string;
  /** The copyright line, with its year and name filled in. */
  copyrightLine: string;
};

/** The page's contentinfo landmark: the legal and regulatory block, its links, the copyright line. */
export function SiteFooter({ legal, bankName, copyrightLine }: SiteFooterProps) {
  return (
    <footer className={styles.root}>
      <div className={`${styles.inner} site-width`}>
        <h2 className={styles.heading}>{legal.heading}</h2>
        {Object.values(legalStatements(legal, bankName)).map((statement) => (
          <p key={statement}>{statement}</p>
        ))}
        <nav aria-label={legal.linksAccessibleName}>
          <ul className={styles.links}>
            {Object.values(legal.links).map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p>{copyrightLine}</p>
      </div>
    </footer>
  );
}
