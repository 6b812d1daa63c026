import type { ButtonLink as ButtonLinkContent, NavItem } from '@/content/schema';
import { ButtonLink } from '@/components/ui/button-link';
import { CollapsibleNav } from './collapsible-nav';
import { NavList } from './nav-list';
import styles from './group-nav.module.css';

type GroupNavProps = {
  /** What screen readers call the bar. */
  accessibleName: string;
  /** Text of the button that opens the bar on small screens. */
  menuLabel: string;
  /** Text of the button that closes it. */
  closeLabel: string;
  /** The group's websites, in order. */
  groupSites: ReadonlyArray<NavItem>;
  /** Id of the group website that this site is. */
  currentGroupSiteId: string;
  /** The 'Log in' button. */
  logIn: ButtonLinkContent;
  /** The links after 'Log in', in order. */
  serviceLinks: ReadonlyArray<NavItem>;
};

/**
 * The dark top bar: the banking group's other websites, then 'Log in' and the service links. On
 * small screens it folds into a menu button of its own, apart from the page's main navigation.
 */
export function GroupNav(props: GroupNavProps) {
  return (
    <div className={`${styles.root} site-no-print`}>
      <div className="site-width">
        <CollapsibleNav
          accessibleName={props.accessibleName}
          menuLabel={props.menuLabel}
          closeLabel={props.closeLabel}
        >
          <div className={styles.lists}>
            <NavList items={props.groupSites} currentId={props.currentGroupSiteId} />
            <NavList
              items={props.serviceLinks}
              first={<ButtonLink {...props.logIn} surface="dark" />}
            />
          </div>
        </CollapsibleNav>
      </div>
    </div>
  );
}
