/** May the signed-in user do this? The resource map names the flag; the role's permission holds it. */
import type { Action } from '@model/generated';
import { resourceMap } from '@model/schema-registry';

export function canDo(permission: Record<string, boolean>, resource: string, action: string): boolean {
  const entry = resourceMap[resource];
  if (!entry) return true; // custom screens guard themselves
  const flag = entry.permissions[action as Action];
  if (!flag) return action === 'list' || action === 'show' ? true : false;
  return permission[flag] === true;
}
