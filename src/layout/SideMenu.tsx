/**
 * The side menu: the dashboard, then every resource the map gives a menu entry, in its order —
 * only those the signed-in role may open (the list flag of the map entry). The server refuses
 * the rest anyway; the menu just does not offer them.
 */
import { Menu } from 'react-admin';
import { resourceEntries, type ResourceName } from '@model/schema-registry';
import type { ResourceEntry } from '@model/generated';
import { canDo } from '../providers/access';
import { useSession } from '../session/useSession';
import { menuIcon } from './menu-icons';

type MenuEntry = ResourceEntry & { menu: NonNullable<ResourceEntry['menu']> };
const hasMenu = (item: [ResourceName, ResourceEntry]): item is [ResourceName, MenuEntry] => item[1].menu !== undefined;

export const menuResources = () => resourceEntries().filter(hasMenu).sort(([, a], [, b]) => a.menu.order - b.menu.order);

/** The menu entries a role with these flags may open. */
export const visibleMenuResources = (permission: Record<string, boolean>) => menuResources().filter(([name]) => canDo(permission, name, 'list'));

export const SideMenu = () => {
  const { user } = useSession();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" />
      {visibleMenuResources(user?.role?.permission ?? {}).map(([name, entry]) => {
        const Icon = menuIcon(entry.menu.icon);
        return <Menu.Item key={name} to={`/${name}`} primaryText={entry.label.many} leftIcon={<Icon />} />;
      })}
    </Menu>
  );
};
