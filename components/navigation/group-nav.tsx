import type { Navigation } from '@/content/schema';
import { ButtonLink } from '@/components/ui/button-link';
import { CollapsibleNav } from './collapsible-nav';
import { NavList } from './nav-list';
import styles from './group-nav.module.css';

type GroupNavProps = Pick<
  Navigation,
  'groupLabel' | 'groupMenu' | 'group' | 'groupCurrent' | 'logIn' | 'service'
>;

/** The dark top bar: the group's websites, then 'Log in' and the service links. */
export function GroupNav({
  groupLabel,
  groupMenu,
  group,
  groupCurrent,
  logIn,
  service,
}: GroupNavProps) {
  return (
    <div className={styles.root}>
      <div className={styles.inner}>
        <CollapsibleNav label={groupLabel} menuLabel={groupMenu} tone="dark" placement="inline">
          <div className={styles.lists}>
            <NavList items={group} currentId={groupCurrent} tone="dark" />
            <NavList items={service} tone="dark" first={<ButtonLink {...logIn} tone="dark" />} />
          </div>
        </CollapsibleNav>
      </div>
    </div>
  );
}
