import type { Link } from '@/content/schema';
import { TemplateText } from '@/components/ui/template-text';
import styles from './breadcrumb.module.css';

type BreadcrumbProps = {
  /** Accessible name of the trail. */
  label: string;
  /** The line, with {parent} where the link goes, e.g. 'Back to: {parent}'. */
  backTo: string;
  parent: Link;
};

/** The 'Back to:' trail to the page one level up. */
export function Breadcrumb({ label, backTo, parent }: BreadcrumbProps) {
  return (
    <nav className={styles.root} aria-label={label}>
      <p className={`${styles.inner} site-width`}>
        <TemplateText text={backTo} values={{ parent: <a href={parent.href}>{parent.label}</a> }} />
      </p>
    </nav>
  );
}
