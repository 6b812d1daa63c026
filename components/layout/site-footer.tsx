import type { Content } from '@/content/schema';
import { legalStatements } from '@/lib/legal';
import { fillTemplate } from '@/lib/template';
import styles from './site-footer.module.css';

type SiteFooterProps = Content['site'] & {
  legal: Content['legal'];
  /** The year of the copyright line. */
  year: number;
};

/** The page's contentinfo landmark: the legal and regulatory block, its links, the copyright line. */
export function SiteFooter({ copyright, name, legal, year }: SiteFooterProps) {
  return (
    <footer className={styles.root}>
      <div className={`${styles.inner} site-width`}>
        <h2 className={styles.heading}>{legal.heading}</h2>
        {Object.values(legalStatements(legal, name)).map((statement) => (
          <p key={statement}>{statement}</p>
        ))}
        <nav aria-label={legal.linksLabel}>
          <ul className={styles.links}>
            {Object.values(legal.links).map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p>{fillTemplate(copyright, { year, name })}</p>
      </div>
    </footer>
  );
}
