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
export function GroupNav({
  groupLabel,
  groupMenu,
  group,
  groupCurrent,
  logIn,
  service,
  closeMenu,
}: GroupNavProps) {
  return (
    <div className={styles.root}>
      <div className={`${styles.inner} site-width`}>
        <CollapsibleNav
          id="group-menu"
          label={groupLabel}
          menuLabel={groupMenu}
          closeLabel={closeMenu}
          surface="dark"
        >
          <div className={styles.lists}>
            <NavList items={group} currentId={groupCurrent} surface="dark" />
            <NavList
              items={service}
              surface="dark"
              first={<ButtonLink {...logIn} surface="dark" />}
            />
          </div>
        </CollapsibleNav>
      </div>
    </div>
  );
}
