import type { ReactNode } from 'react';
import styles from './collapsible-nav.module.css';

type CollapsibleNavProps = {
  /** Accessible name of the navigation landmark. */
  label: string;
  /** Text of the button that shows the links on small screens. */
  menuLabel: string;
  /** 'light' on the page background, 'dark' on the brand colour. */
  surface: 'light' | 'dark';
  /** Where the menu button sits on small screens: in the flow, or in the top corner of the header. */
  placement: 'inline' | 'corner';
  children: ReactNode;
};

/**
 * A navigation landmark whose links fold behind a menu button on small screens. The fold is a native
 * <details>, so it works without JavaScript and is announced as expanded or collapsed; on wide screens
 * the button is hidden and the links always show.
 */
export function CollapsibleNav({
  label,
  menuLabel,
  surface,
  placement,
  children,
}: CollapsibleNavProps) {
  return (
    <nav
      className={styles.root}
      aria-label={label}
      data-surface={surface}
      data-placement={placement}
    >
      <details className={styles.details}>
        <summary className={styles.summary}>{menuLabel}</summary>
        {children}
      </details>
    </nav>
  );
}
