/**
 * The side menu: the dashboard, then every resource the map gives a menu entry, in its order,
 * then the Data Explorer. react-admin's resource items ask the auth provider's canAccess (the
 * list flag of the map entry) and show only what the signed-in role may open; the Data Explorer
 * shows for roles with can_explore_data, Settings, the Audit log and Support for roles with their flags. The
 * server refuses the rest anyway.
 */
import { Menu } from 'react-admin';
import QueryStats from '@mui/icons-material/QueryStats';
import SettingsIcon from '@mui/icons-material/Settings';
import SupportIcon from '@mui/icons-material/SupportAgent';
import HistoryIcon from '@mui/icons-material/History';
import { resourceEntries, type ResourceName } from '@model/schema-registry';
import type { ResourceEntry } from '@model/generated';
import { roleMayAccess } from '../providers/auth-provider';
import { useSession } from '../session/useSession';
import { useT } from '../i18n/use-t';

type MenuEntry = ResourceEntry & { menu: NonNullable<ResourceEntry['menu']> };
const hasMenu = (item: [ResourceName, ResourceEntry]): item is [ResourceName, MenuEntry] => item[1].menu !== undefined;

/** The map entries that have a place in the menu, in its order. */
export const menuResources = () =>
  resourceEntries()
    .filter(hasMenu)
    .sort(([, a], [, b]) => a.menu.order - b.menu.order);

/** The menu entries a role with these flags may open: the rule canAccess applies to each item. */
export const visibleMenuResources = (permission: Record<string, boolean>) =>
  menuResources().filter(([name]) => roleMayAccess(permission, name, 'list'));

/** A menu entry for roles holding `flag`. */
const FlagItem = ({ flag, to, text, icon }: { flag: string; to: string; text: string; icon: React.ReactElement }) => {
  const { user } = useSession();
  if (user?.role?.permission?.[flag] !== true) return null;
  return <Menu.Item to={to} primaryText={text} leftIcon={icon} />;
};

export const SideMenu = () => {
  const t = useT();
  return (
    <Menu>
      <Menu.DashboardItem primaryText={t('app.shell.menu.dashboard')} />
      {menuResources().map(([name]) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
      <FlagItem flag="can_explore_data" to="/data-explorer" text={t('app.shell.menu.data_explorer')} icon={<QueryStats />} />
      <FlagItem flag="can_manage_settings" to="/settings" text={t('app.shell.menu.settings')} icon={<SettingsIcon />} />
      <FlagItem flag="can_get_audit" to="/audit" text={t('app.shell.menu.audit')} icon={<HistoryIcon />} />
      <FlagItem flag="can_see_support" to="/support" text={t('app.shell.menu.support')} icon={<SupportIcon />} />
    </Menu>
  );
};
