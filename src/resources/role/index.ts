/**
 * Roles: the generic list, dialog and page, plus a Permissions button (on each row and on the
 * role's page) leading to the role's checklist at /role/permission/{id}, and /role/add opening
 * the add dialog.
 */
import type { ResourceScreens } from '../resource-screens';
import { RoleAdd, RoleList, RoleShow } from './RoleScreens';
import { PermissionChecklist } from './PermissionChecklist';

const role: ResourceScreens = {
  list: RoleList,
  show: RoleShow,
  routes: [
    { path: 'add', page: RoleAdd },
    { path: 'permission/:id', page: PermissionChecklist },
  ],
};

export default role;
