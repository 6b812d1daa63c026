import { useId, type ReactNode } from 'react';
import styles from './collapsible-nav.module.css';

type CollapsibleNavProps = {
  label: string;
  /** Text of the button that opens the links on small screens, and the panel's title. */
  menuLabel: string;
  closeLabel: string;
  children: ReactNode;
};

/**
 * A navigation landmark: links in place on wide screens; on small ones a menu button opens them in
 * a popover panel, which needs no JavaScript, tells screen readers its state and closes on Escape
 * or an outside click. Browsers without the Popover API show the wide layout, with no button.
 */
export function CollapsibleNav({ label, menuLabel, closeLabel, children }: CollapsibleNavProps) {
  const id = useId();
  return (
    <nav className={`${styles.root} site-no-print`} aria-label={label}>
      <button type="button" className={styles.toggle} popoverTarget={id}>
        {menuLabel}
      </button>
      <div id={id} className={styles.panel} popover="auto">
        <div className={styles.panelHeader}>
          <span className={styles.title}>{menuLabel}</span>
          <button
            type="button"
            className={styles.toggle}
            popoverTarget={id}
            popoverTargetAction="hide"
          >
            {closeLabel}
          </button>
        </div>
        {children}
      </div>
    </nav>
  );
}
