/**
 * A <Resource> for every entry of the resource map: what the generic machinery makes for it,
 * with the screens of its own folder (if it has one) spread over them.
 */
import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import type { ResourceProps } from 'react-admin';
import { resourceEntries } from '@model/schema-registry';
import { RequireSession } from '../session/RequireSession';
import { genericScreens } from './generic/generic-screens';
import type { ResourceScreens } from './resource-screens';
import user from './user';
import role from './role';
import customForm from './custom-form';
import program from './program';
import typeRecords from './type-records';
import webhook from './webhook';

/** Resources with screens of their own, by map name. */
const folders: Record<string, ResourceScreens> = { user, role, 'custom-form': customForm, program, webhook, ...typeRecords };

/** Private pages need a signed-in user (spec 1 §2): without one, they send them to /login. */
const signedIn = (Page: ComponentType | undefined) =>
  Page &&
  (() => (
    <RequireSession>
      <Page />
    </RequireSession>
  ));

export type ResourceDefinition = Omit<ResourceProps, 'name'> & { name: string };

export function resourceDefinitions(): ResourceDefinition[] {
  return resourceEntries().map(([name, entry]) => {
    const { list, create, edit, show, routes = [], form, ...rest } = { ...genericScreens(name), ...folders[name] };
    return {
      name,
      options: { label: entry.label.many, form },
      ...rest,
      list: signedIn(list),
      create: signedIn(create),
      edit: signedIn(edit),
      show: signedIn(show),
      children: routes.map(({ path, page }) => {
        const Page = signedIn(page)!;
        return <Route key={path} path={path} element={<Page />} />;
      }),
    };
  });
}
