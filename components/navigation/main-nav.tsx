import type { Navigation } from '@/content/schema';
import { CollapsibleNav } from './collapsible-nav';
import { NavList } from './nav-list';

type MainNavProps = Pick<Navigation, 'mainLabel' | 'mainMenu' | 'main'> & {
  /** Id of the section the page belongs to. */
  currentId: string;
};

/** The Private Bank site's sections; the page's own section is marked current. */
export function MainNav({ mainLabel, mainMenu, main, currentId }: MainNavProps) {
  return (
    <CollapsibleNav label={mainLabel} menuLabel={mainMenu} surface="light" placement="corner">
      <NavList items={main} currentId={currentId} surface="light" />
    </CollapsibleNav>
  );
}
