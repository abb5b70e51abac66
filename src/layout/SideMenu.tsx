/** The side menu: the dashboard, then every resource the map gives a menu entry, in its order. */
import { Menu } from 'react-admin';
import { resourceMap } from '../shared/schema-registry';
import { menuIcon } from './menu-icons';

export const menuResources = () =>
  Object.entries(resourceMap)
    .filter(([, entry]) => entry.menu)
    .sort(([, a], [, b]) => a.menu!.order - b.menu!.order);

export const SideMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Dashboard" />
    {menuResources().map(([name, entry]) => {
      const Icon = menuIcon(entry.menu?.icon);
      return <Menu.Item key={name} to={`/${name}`} primaryText={entry.label.many} leftIcon={<Icon />} />;
    })}
  </Menu>
);
