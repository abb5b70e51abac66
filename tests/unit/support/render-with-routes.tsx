/**
 * Like renderConsole, with pages of the app's own routes beside the resources (the type-record
 * pages, or a page hosting one component under test), signed in with given flags.
 */
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Admin, CustomRoutes, Resource, TestMemoryRouter, memoryStore } from 'react-admin';
import type { Location } from 'react-router-dom';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { dataProvider } from '../../../src/providers/data-provider';
import { authProvider } from '../../../src/providers/auth-provider';
import { createQueryClient } from '../../../src/providers/query-client';
import { setRuntimeConfig } from '../../../src/config/runtime-config';
import { AppNotification } from '../../../src/layout/AppNotification';
import { resourceDefinitions } from '../../../src/resources/registry';
import { flagsExcept } from './render-console';
import { signIn } from './session';
import { API, AUTH } from './fixture-api';

const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

const PlainLayout = ({ children }: { children: ReactNode }) => (
  <main>
    <Suspense>{children}</Suspense>
  </main>
);

export function renderWithRoutes(path: string, routes: ReactElement | ReactElement[], permission: Record<string, boolean> = flagsExcept()) {
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
        <CustomRoutes>{routes}</CustomRoutes>
        {resourceDefinitions().map(({ name, ...props }) => (
          <Resource key={name} name={name} {...props} />
        ))}
      </Admin>
    </TestMemoryRouter>,
  );
  return { ...view, location: () => location.current?.pathname };
}
