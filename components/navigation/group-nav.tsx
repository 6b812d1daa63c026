import type { Content } from '@/content/schema';
import { ButtonLink } from '@/components/ui/button-link';
import { CollapsibleNav } from './collapsible-nav';
import { NavList } from './nav-list';
import styles from './group-nav.module.css';

/** The dark top bar: the group's websites, then 'Log in' and the service links. */
export function GroupNav(nav: Content['navigation']) {
  return (
    <div className={`${styles.root} site-no-print`}>
      <div className="site-width">
        <CollapsibleNav label={nav.groupLabel} menuLabel={nav.groupMenu} closeLabel={nav.closeMenu}>
          <div className={styles.lists}>
            <NavList items={nav.group} currentId={nav.groupCurrent} />
            <NavList items={nav.service} first={<ButtonLink {...nav.logIn} surface="dark" />} />
          </div>
        </CollapsibleNav>
      </div>
    </div>
  );
}
