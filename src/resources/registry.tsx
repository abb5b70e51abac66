/**
 * <Resource> props for every entry of the resource map. A resource with screens of its own
 * registers them in `overrides` (same shape); everything else gets the generic pages.
 */
import type { ComponentType, ReactElement } from 'react';
import { RequireSession } from '../session/RequireSession';
import { resourceMap } from '../shared/schema-registry';
import { menuIcon } from '../layout/menu-icons';
import { GenericList } from './generic/GenericList';

/** Private routes need a signed-in user (spec 1 §2): without one, the page sends them to /login. */
const AuthenticatedList = () => (
  <RequireSession>
    <GenericList />
  </RequireSession>
);

export interface ResourceScreens {
  list?: ComponentType | ReactElement;
  create?: ComponentType | ReactElement;
  edit?: ComponentType | ReactElement;
  show?: ComponentType | ReactElement;
}

/** Named, explicit overrides: resource name → its own screens. None yet. */
const overrides: Record<string, ResourceScreens> = {};

export interface ResourceDefinition extends ResourceScreens {
  name: string;
  options: { label: string };
  icon: ComponentType;
  recordRepresentation?: string;
}

export function resourceDefinitions(): ResourceDefinition[] {
  return Object.entries(resourceMap)
    .filter(([name, entry]) => entry.menu || overrides[name])
    .map(([name, entry]) => ({
      name,
      options: { label: entry.label.many },
      icon: menuIcon(entry.menu?.icon),
      recordRepresentation: entry.list?.columns?.[0],
      ...(overrides[name] ?? { list: AuthenticatedList }),
    }));
}
