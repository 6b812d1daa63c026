import type { Link } from '@/content/schema';
import { TemplateText } from '@/components/ui/template-text';
import styles from './breadcrumb.module.css';

type BreadcrumbProps = {
  /** What screen readers call the trail. */
  accessibleName: string;
  /** The whole line, with {parent} where the link goes, e.g. 'Back to: {parent}'. */
  line: string;
  /** The page one level up. */
  parent: Link;
};

/**
 * The 'Back to:' trail to the page one level up. Content writes the whole line with {parent} where
 * the link goes, so editors keep the sentence, its word order and its punctuation.
 */
export function Breadcrumb({ accessibleName, line, parent }: BreadcrumbProps) {
  return (
    <nav className={`${styles.root} site-no-print`} aria-label={accessibleName}>
      <p className="site-width">
        <TemplateText text={line} values={{ parent: <a href={parent.href}>{parent.label}</a> }} />
      </p>
    </nav>
  );
}
