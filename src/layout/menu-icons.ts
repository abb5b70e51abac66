/** The icons the resource map may name for its menu entries (imported one by one to keep the bundle small). */
import Badge from '@mui/icons-material/Badge';
import People from '@mui/icons-material/People';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import ListAlt from '@mui/icons-material/ListAlt';
import Folder from '@mui/icons-material/Folder';
import Settings from '@mui/icons-material/Settings';
import type { SvgIconComponent } from '@mui/icons-material';

export const menuIcons: Record<string, SvgIconComponent> = { Badge, People, AdminPanelSettings, ListAlt, Folder, Settings };

export const menuIcon = (name: string | undefined): SvgIconComponent => menuIcons[name ?? ''] ?? ListAlt;
