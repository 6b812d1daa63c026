import type { Content } from '@/content/schema';
import { ButtonLink } from '@/components/ui/button-link';
import { CollapsibleNav } from './collapsible-nav';
import { NavList } from './nav-list';
import styles from './group-nav.module.css';

/**
 * The dark top bar: the banking group's other websites, then 'Log in' and the service links. On
 * small screens it folds into a menu button of its own, apart from the page's main navigation.
 */
export function GroupNav(navigation: Content['navigation']) {
  return (
    <div className={`${styles.root} site-no-print`}>
      <div className="site-width">
        <CollapsibleNav
          label={navigation.groupLabel}
          menuLabel={navigation.groupMenu}
          closeLabel={navigation.closeMenu}
        >
          <div className={styles.lists}>
            <NavList items={navigation.group} currentId={navigation.groupCurrent} />
            <NavList
              items={navigation.service}
              first={<ButtonLink {...navigation.logIn} surface="dark" />}
            />
          </div>
        </CollapsibleNav>
      </div>
    </div>
  );
}
