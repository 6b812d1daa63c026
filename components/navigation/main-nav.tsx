import type { Navigation } from '@/content/schema';
import { CollapsibleNav } from './collapsible-nav';
import { NavList } from './nav-list';

type MainNavProps = Navigation & { currentId: string };

/** The Private Bank site's sections; the page's own section (`currentId`) is marked current. */
export function MainNav({ mainLabel, mainMenu, main, closeMenu, currentId }: MainNavProps) {
  return (
    <CollapsibleNav id="main-menu" label={mainLabel} menuLabel={mainMenu} closeLabel={closeMenu}>
      <NavList items={main} currentId={currentId} />
    </CollapsibleNav>
  );
}
