import type { Site } from '@/content/schema';
import { fillTemplate } from '@/lib/template';
import styles from './site-footer.module.css';

type SiteFooterProps = Pick<Site, 'copyright' | 'name'> & {
  /** Year of the copyright line. */
  year: number;
};

/** The page's contentinfo landmark, with the copyright line. */
export function SiteFooter({ copyright, year, name }: SiteFooterProps) {
  return (
    <footer className={styles.root}>
      <p className={`${styles.inner} site-width`}>{fillTemplate(copyright, { year, name })}</p>
    </footer>
  );
}
