import type { ReactNode } from 'react';
import type { Surface } from '@/components/ui/surface';
import styles from './collapsible-nav.module.css';

type CollapsibleNavProps = {
  /** Id of the menu panel: unique on the page. */
  id: string;
  /** Accessible name of the navigation landmark. */
  label: string;
  /** Text of the button that opens the links on small screens, and the panel's title. */
  menuLabel: string;
  /** Text of the button that closes the panel. */
  closeLabel: string;
  surface: Surface;
  children: ReactNode;
};

/**
 * A navigation landmark whose links show in place on wide screens and, on small ones, open from a
 * menu button as a panel over the page. The panel is a popover: it opens and closes without
 * JavaScript, the browser tells screen readers whether it is expanded, and Escape or a click
 * outside closes it. The wide layout is the default: browsers without the Popover API (or wide
 * screens in any browser) show every link in place, with no button.
 */
export function CollapsibleNav({
  id,
  label,
  menuLabel,
  closeLabel,
  surface,
  children,
}: CollapsibleNavProps) {
  return (
    <nav className={styles.root} aria-label={label} data-surface={surface}>
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
