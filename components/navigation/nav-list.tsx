import type { ReactNode } from 'react';
import type { Content } from '@/content/schema';
import styles from './nav-list.module.css';

type NavListProps = {
  items: Content['navigation']['main'];
  /** Id of the item to mark as current: the section or site the page belongs to. */
  currentId?: string;
  first?: ReactNode;
};

/** A navigation bar's links; the current one has aria-current and a bar, not colour alone. */
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
