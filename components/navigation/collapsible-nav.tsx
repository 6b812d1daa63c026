import { useId, type ReactNode } from 'react';
import styles from './collapsible-nav.module.css';

type CollapsibleNavProps = {
  /** What screen readers call the navigation landmark. */
  accessibleName: string;
  /** Text of the button that opens the links on small screens, and the panel's title. */
  menuLabel: string;
  /** Text of the button that closes the panel. */
  closeLabel: string;
  /** The links, usually a NavList. */
  children: ReactNode;
};

/**
 * A navigation landmark whose links show in place on wide screens and, on small ones, open from a
 * menu button as a panel over the page. The panel is a popover, so the page can keep shipping no
 * JavaScript: the browser opens and closes it, tells screen readers whether it is expanded, and
 * closes it on Escape or a click outside. The wide layout is the default, so browsers without the
 * Popover API show every link in place, with no button that would do nothing.
 */
export function CollapsibleNav({
  accessibleName,
  menuLabel,
  closeLabel,
  children,
}: CollapsibleNavProps) {
  // useId gives each panel its own id, since a page may hold more than one CollapsibleNav.
  const panelId = useId();
  return (
    <nav className={`${styles.root} site-no-print`} aria-label={accessibleName}>
      <button type="button" className={styles.toggle} popoverTarget={panelId}>
        {menuLabel}
      </button>
      <div id={panelId} className={styles.panel} popover="auto">
        <div className={styles.panelHeader}>
          <span className={styles.title}>{menuLabel}</span>
          <button
            type="button"
            className={styles.toggle}
            popoverTarget={panelId}
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
