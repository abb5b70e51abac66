/**
 * <Resource> props for every entry of the resource map. A resource with screens of its own
 * registers them in `overrides` (same shape); everything else gets the generic pages.
 */
import type { ComponentType, ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { resourceMap } from '@model/schema-registry';
import { RequireSession } from '../session/RequireSession';
import { menuIcon } from '../layout/menu-icons';
import { GenericList, type GenericListProps } from './generic/GenericList';
import { UserCreate } from './user/UserCreate';
import { UserEdit } from './user/UserEdit';
import { UserProfile } from './user/UserProfile';
import { PermissionChecklist } from './role/PermissionChecklist';
import { PermissionsButton } from './role/PermissionsButton';

/** Private routes need a signed-in user (spec 1 §2): without one, the page sends them to /login. */
const signedIn = (page: ReactNode) => <RequireSession>{page}</RequireSession>;
const list = (props: GenericListProps = {}) => () => signedIn(<GenericList {...props} />);

export interface ResourceScreens {
  list?: ComponentType;
  /** Routes below /<resource>/ with the spec's paths (e.g. /user/add, /user/edit/{id}). */
  children?: ReactNode;
}

/** Named, explicit overrides: resource name → its own screens. */
const overrides: Record<string, ResourceScreens> = {
  user: {
    // A click on a user's name opens the read-only profile at /user/{id} (spec 1 §2).
    list: list({ nameColumns: ['first_name', 'last_name'], showPath: (id) => `/user/${id}` }),
    children: [
      <Route key="add" path="add" element={signedIn(<UserCreate />)} />,
      <Route key="edit" path="edit/:id" element={signedIn(<UserEdit />)} />,
      <Route key="profile" path=":id" element={signedIn(<UserProfile />)} />,
    ],
  },
  role: {
    list: list({ rowExtras: PermissionsButton }),
    children: [
      <Route key="add" path="add" element={signedIn(<GenericList rowExtras={PermissionsButton} startAdding />)} />,
      <Route key="permission" path="permission/:id" element={signedIn(<PermissionChecklist />)} />,
    ],
  },
};

export interface ResourceDefinition extends ResourceScreens {
  name: string;
  options: { label: string };
  icon?: ComponentType;
  recordRepresentation?: string;
}

export function resourceDefinitions(): ResourceDefinition[] {
  return Object.entries(resourceMap)
    .filter(([name, entry]) => entry.menu || overrides[name])
    .map(([name, entry]) => ({
      name,
      options: { label: entry.label.many },
      ...(entry.menu && { icon: menuIcon(entry.menu.icon) }),
      recordRepresentation: entry.list?.columns?.[0],
      ...(overrides[name] ?? { list: list() }),
    }));
}
