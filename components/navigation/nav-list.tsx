import type { ReactNode } from 'react';
import type { NavItem } from '@/content/schema';
import styles from './nav-list.module.css';

type NavListProps = {
  items: ReadonlyArray<NavItem>;
  /** Id of the item to mark as current: the item the page or the site belongs to. */
  currentId?: string;
  /** An extra first item that is not a link of the list, such as the 'Log in' button. */
  first?: ReactNode;
};

/**
 * The links of a navigation bar. The current one is marked with aria-current for screen readers and
 * with a bar and bold type for sight, never by colour alone (WCAG 1.4.1).
 */
export function NavList({ items, currentId, first }: NavListProps) {
  return (
    <ul className={styles.root}>
      {first && <li className={styles.item}>{first}</li>}
      {items.map((item) => (
        <li key={item.id} className={styles.item}>
          <a
            className={styles.link}
            href={item.href}
            aria-current={item.id === currentId ? 'true' : undefined}
          >
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
