/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/role.schema.json
 * Rebuild with `npm run codegen`.
 */

import type { Permission } from './permission';

/**
 * A named set of permission flags (spec 1 §3). role_slug is derived from the name when not given. permission is answered only to callers holding can_get_permission (and always in the caller's own session and user record).
 */
export interface Role {
  _id?: string;
  role: string;
  role_slug?: string;
  status?: boolean;
  permission?: Permission;
  createdAt?: string;
  updatedAt?: string;
}
