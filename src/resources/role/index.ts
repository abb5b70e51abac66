/**
 * Roles: the generic list, dialog and page, plus a Permissions button (on each row and on the
 * role's page) leading to the role's checklist at /role/permission/{id}, and /role/add opening
 * the add dialog.
 */
import { lazy } from 'react';
import type { ResourceScreens } from '../resource-screens';
import { RoleAdd, RoleList, RoleShow } from './RoleScreens';

// The checklist is a page not every user opens: its code loads when it is opened.
const PermissionChecklist = lazy(() => import('./PermissionChecklist').then((m) => ({ default: m.PermissionChecklist })));

const role: ResourceScreens = {
  list: RoleList,
  show: RoleShow,
  routes: [
    { path: 'add', page: RoleAdd },
    { path: 'permission/:id', page: PermissionChecklist },
  ],
};

export default role;
