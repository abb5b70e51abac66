/**
 * Renders the console's resources from the map (the fixture entities included) with the app's
 * own data and auth providers, at a given path, signed in with given flags, and any pages of
 * the app's own routes beside them. The app's shell (side menu, header) is left out: these
 * tests are about the pages.
 */
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Admin, CustomRoutes, Resource, TestMemoryRouter, memoryStore } from 'react-admin';
import type { Location } from 'react-router-dom';
import { dataProvider } from '../../../src/providers/data-provider';
import { authProvider } from '../../../src/providers/auth-provider';
import { createQueryClient } from '../../../src/providers/query-client';
import { setRuntimeConfig } from '../../../src/config/runtime-config';
import { AppNotification } from '../../../src/layout/AppNotification';
import { resourceDefinitions } from '../../../src/resources/registry';
import { permissionFlags } from '@model/schema-registry';
import { signIn } from './session';
import { i18nProvider } from '../../../src/providers/i18n-provider';
import { API, AUTH } from './fixture-api';

/** Like the app's layout, it waits for pages whose code loads on demand. */
const PlainLayout = ({ children }: { children: ReactNode }) => (
  <main>
    <Suspense>{children}</Suspense>
  </main>
);

/** Every flag of the permission schema (fixture flags included once the fixture model is installed), some switched off. */
export const flagsExcept = (...off: string[]) => Object.fromEntries(permissionFlags.map((f) => [f.name, !off.includes(f.name)]));

export interface RenderOptions {
  /** Pages at routes of their own (the type-record pages, a page hosting one component under test). */
  routes?: ReactElement | ReactElement[];
  /** The map's resources (default true); without them only `routes` exist. */
  resources?: boolean;
}

export function renderConsole(path: string, permission: Record<string, boolean> = flagsExcept(), options: RenderOptions = {}) {
  const { routes, resources = true } = options;
  setRuntimeConfig({ authUrl: AUTH, apiUrl: API });
  signIn('tok-1', permission);
  const location: { current?: Location } = {};
  const view = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => void (location.current = l)}>
      <Admin
        disableTelemetry
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={createQueryClient()}
        store={memoryStore()}
        layout={PlainLayout}
        notification={AppNotification}
      >
        {routes && <CustomRoutes>{routes}</CustomRoutes>}
        {resources && resourceDefinitions().map(({ name, ...props }) => <Resource key={name} name={name} {...props} />)}
      </Admin>
    </TestMemoryRouter>,
  );
  /** `location()` is the path; `where()` the whole location (its search too). */
  return { ...view, location: () => location.current?.pathname, where: () => location.current };
}

/** Makes MUI's media queries answer as on a phone (below 600 px wide), or as on a wide screen. */
export function screenWidth(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && /max-width:\s*599\.95px/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
