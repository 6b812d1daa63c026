import type { Content } from '@/content/schema';
import { TemplateText } from '@/components/ui/template-text';
import styles from './breadcrumb.module.css';

type BreadcrumbProps = Pick<Content['southAfrica'], 'breadcrumbLabel' | 'backTo' | 'parent'>;

/**
 * The 'Back to:' trail to the page one level up. Content writes the whole line with {parent} where
 * the link goes, so editors keep the sentence, its word order and its punctuation.
 */
export function Breadcrumb({ breadcrumbLabel, backTo, parent }: BreadcrumbProps) {
  return (
    <nav className={`${styles.root} site-no-print`} aria-label={breadcrumbLabel}>
      <p className="site-width">
        <TemplateText text={backTo} values={{ parent: <a href={parent.href}>{parent.label}</a> }} />
      </p>
    </nav>
  );
}
