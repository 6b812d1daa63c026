import type { Navigation } from '@/content/schema';
import { ButtonLink } from '@/components/ui/button-link';
import { CollapsibleNav } from './collapsible-nav';
import { NavList } from './nav-list';
import styles from './group-nav.module.css';

type GroupNavProps = Pick<
  Navigation,
  'groupLabel' | 'groupMenu' | 'group' | 'groupCurrent' | 'logIn' | 'service' | 'closeMenu'
>;

/** The dark top bar: the group's websites, then 'Log in' and the service links. */
export function GroupNav(nav: GroupNavProps) {
  return (
    <div className={styles.root}>
      <div className={`${styles.inner} site-width`}>
        <CollapsibleNav
          id="group-menu"
          label={nav.groupLabel}
          menuLabel={nav.groupMenu}
          closeLabel={nav.closeMenu}
          surface="dark"
        >
          <div className={styles.lists}>
            <NavList items={nav.group} currentId={nav.groupCurrent} surface="dark" />
            <NavList
              items={nav.service}
              surface="dark"
              first={<ButtonLink {...nav.logIn} surface="dark" />}
            />
          </div>
        </CollapsibleNav>
      </div>
    </div>
  );
}
