/**
 * Named server-side overrides of generic resources: what a resource of `"routes": "generic"`
 * does differently from the plain CRUD plugin, in one place. An override may leave some of the
 * plugin's actions to routes of its own (`except`), shape or extend the plugin's writes with
 * hooks, and register its own routes; the rest stays the generic plugin's. The table of them is
 * the servers' own (server/resource-overrides.ts), handed to the generic routes (generic-routes.ts),
 * so adding an override is one entry there and its module; this layer imports no feature.
 *
 *   permission_file: { except: ['create', 'edit'], routes: permissionFileRoutes, hooks: {...} }
 *
 * A resource whose routes are mostly its own is `"routes": "custom"` instead (users, forms).
 */
import type { FastifyInstance } from 'fastify';
import type { Action } from '@model/generated/index.ts';
import { resourceEntry, type ResourceName } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import type { CrudHooks } from './crud-plugin.ts';

export interface ResourceOverride {
  /** The plugin's actions this resource answers with routes of its own (at the same paths, with the map's flags). */
  except?: Action[];
  /** Hooks on the plugin's own routes (beforeWrite, afterRead, afterCommit). */
  hooks?: CrudHooks;
  /** Its own routes, registered in the same encapsulated scope as the plugin's (a plugin they need, such as multipart, stays there). */
  routes?(app: FastifyInstance, ctx: AppContext): Promise<void> | void;
}

export type ResourceOverrides = Partial<Record<ResourceName, ResourceOverride>>;

/** The override of a generic resource, if any; an override of a resource that is not generic is a mistake. */
export function overrideOf(overrides: ResourceOverrides, resource: ResourceName): ResourceOverride | undefined {
  const override = overrides[resource];
  if (override && resourceEntry(resource).routes !== 'generic')
    throw new Error(`server/resource-overrides.ts: ${resource} is not a generic resource ("routes": "custom" writes its routes itself)`);
  return override;
}
