/**
 * <Resource> props for every entry of the resource map. A resource with screens of its own
 * registers them in `overrides` (same shape); everything else gets the generic pages.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { resourceMap } from '@model/schema-registry';
import { RequireSession } from '../session/RequireSession';
import { menuIcon } from '../layout/menu-icons';
import { GenericList, type GenericListProps } from './generic/GenericList';
import { PermissionsButton } from './role/PermissionsButton';

// Pages not every user opens load their code when opened (the layout shows a spinner meanwhile).
const UserCreate = lazy(() => import('./user/UserCreate').then((m) => ({ default: m.UserCreate })));
const UserEdit = lazy(() => import('./user/UserEdit').then((m) => ({ default: m.UserEdit })));
const UserProfile = lazy(() => import('./user/UserProfile').then((m) => ({ default: m.UserProfile })));
const PermissionChecklist = lazy(() => import('./role/PermissionChecklist').then((m) => ({ default: m.PermissionChecklist })));

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
