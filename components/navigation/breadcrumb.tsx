import type { Link } from '@/content/types';
import styles from './breadcrumb.module.css';

type BreadcrumbProps = {
  /** Accessible name of the trail. */
  label: string;
  /** Words before the link, e.g. 'Back to:'. */
  backTo: string;
  parent: Link;
};

/** The 'Back to:' trail to the page one level up. */
export function Breadcrumb({ label, backTo, parent }: BreadcrumbProps) {
  return (
    <nav className={styles.root} aria-label={label}>
      <p className={styles.inner}>
        {backTo} <a href={parent.href}>{parent.label}</a>
      </p>
    </nav>
  );
}
