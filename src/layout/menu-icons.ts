/**
 * The component of every icon the resource map may name (model/menu-icons.ts), imported one by
 * one to keep the bundle small. The Record type makes a name without a component a compile
 * error; the map check refuses a name that is not in the list, so no icon is ever guessed.
 */
import AccountTree from '@mui/icons-material/AccountTree';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Badge from '@mui/icons-material/Badge';
import Folder from '@mui/icons-material/Folder';
import DynamicForm from '@mui/icons-material/DynamicForm';
import ListAlt from '@mui/icons-material/ListAlt';
import People from '@mui/icons-material/People';
import Settings from '@mui/icons-material/Settings';
import Webhook from '@mui/icons-material/Webhook';
import type { SvgIconComponent } from '@mui/icons-material';
import { isMenuIconName, MENU_ICON_NAMES, type MenuIconName } from '@model/menu-icons';

export const menuIcons: Record<MenuIconName, SvgIconComponent> = {
  AccountTree,
  AdminPanelSettings,
  Badge,
  DynamicForm,
  Folder,
  ListAlt,
  People,
  Settings,
  Webhook,
};

/** The icon a map entry's menu names; an unknown name is a broken map, said out loud rather than drawn as something else. */
export function menuIcon(name: string): SvgIconComponent {
  if (!isMenuIconName(name)) throw new Error(`Unknown menu icon "${name}"; known icons: ${MENU_ICON_NAMES.join(', ')}`);
  return menuIcons[name];
}
