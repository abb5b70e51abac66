/**
 * Adds the test-only entities of tests/fixtures/model/ to the shared model, the way the
 * docs/adding-an-entity.md recipe adds a real entity (schema + map entry + flags), so tests can prove that the generic
 * machinery handles any entity — references and labelled choices included — without the
 * product carrying one. Call it before any app is built (or, in the console, before it renders); it is idempotent.
 */
import { allSchemas, permissionFlags, permissionGroups, resourceMap, schemaById, type EntitySchema } from '@model/schema-registry';
import type { ResourceEntry } from '@model/generated';

import regionSchema from '../fixtures/model/fixture_region.schema.json';
import siteSchema from '../fixtures/model/fixture_site.schema.json';
import fixtureResources from '../fixtures/model/resources.json';
import fixtureFlags from '../fixtures/model/permission-flags.json';

export const FIXTURE_RESOURCES = ['fixture_region', 'fixture_site'] as const;

export function installFixtureModel(): void {
  if (allSchemas.some((s) => s.$id === 'fixture_region')) return;
  allSchemas.push(regionSchema as EntitySchema, siteSchema as EntitySchema);
  Object.assign(resourceMap, fixtureResources as unknown as Record<string, ResourceEntry>);
  const flags = fixtureFlags as { 'x-groups': string[]; properties: EntitySchema['properties'] };
  const permission = schemaById('permission');
  Object.assign(permission.properties, flags.properties);
  for (const group of flags['x-groups']) if (!permissionGroups.includes(group)) permissionGroups.push(group);
  (permission['x-groups'] as string[]) = [...permissionGroups];
  for (const [name, p] of Object.entries(flags.properties)) {
    permissionFlags.push({ name, label: p.title ?? name, group: p['x-group'] ?? 'Other' });
  }
}
