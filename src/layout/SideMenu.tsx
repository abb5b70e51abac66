/**
 * The side menu: the dashboard, then every resource the map gives a menu entry, in its order.
 * react-admin's resource items ask the auth provider's canAccess (the list flag of the map
 * entry) and show only what the signed-in role may open. The server refuses the rest anyway.
 */
import { Menu } from 'react-admin';
import { resourceMap } from '@model/schema-registry';

/** The map entries that have a place in the menu, in its order. */
export const menuResources = () =>
  Object.entries(resourceMap)
    .filter(([, entry]) => entry.menu)
    .sort(([, a], [, b]) => a.menu!.order - b.menu!.order);

export const SideMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Dashboard" />
    {menuResources().map(([name]) => (
      <Menu.ResourceItem key={name} name={name} />
    ))}
  </Menu>
);
