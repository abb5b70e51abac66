/**
 * Roles: the generic list and dialog, plus a Permissions button on each row leading to the
 * role's checklist at /role/permission/{id}, and /role/add opening the add dialog.
 */
import type { ResourceScreens } from '../resource-screens';
import { RoleAdd, RoleList } from './RoleList';
import { PermissionChecklist } from './PermissionChecklist';

const role: ResourceScreens = {
  list: RoleList,
  routes: [
    { path: 'add', page: RoleAdd },
    { path: 'permission/:id', page: PermissionChecklist },
  ],
};

export default role;
