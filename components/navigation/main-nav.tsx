import type { Navigation } from '@/content/schema';
import { CollapsibleNav } from './collapsible-nav';
import { NavList } from './nav-list';

type MainNavProps = Pick<Navigation, 'mainLabel' | 'mainMenu' | 'main' | 'closeMenu'> & {
  /** Id of the section the page belongs to. */
  currentId: string;
};

/** The Private Bank site's sections; the page's own section is marked current. */
export function MainNav({ mainLabel, mainMenu, main, closeMenu, currentId }: MainNavProps) {
  return (
    <CollapsibleNav
      id="main-menu"
      label={mainLabel}
      menuLabel={mainMenu}
      closeLabel={closeMenu}
      surface="light"
    >
      <NavList items={main} currentId={currentId} surface="light" />
    </CollapsibleNav>
  );
}
