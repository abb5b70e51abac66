/** The console: react-admin with our providers, shell, resources from the map and the sign-in screens. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { dataProvider } from './providers/data-provider';
import { authProvider } from './providers/auth-provider';
import { createQueryClient } from './providers/query-client';
import { i18nProvider } from './providers/i18n-provider';
import { rightToLeftTheme, theme } from './theme';
import { store } from './i18n/locale-store';
import { useCurrentLocale } from './i18n/direction';
import { DirectionStyles } from './i18n/DirectionStyles';
import { PRODUCT_NAME } from './settings/use-organisation';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { DocumentTitle } from './layout/DocumentTitle';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './documents/dashboard/Dashboard';
import { resourceDefinitions } from './resources/registry';
import { RequireSession } from './session/RequireSession';
import { typeRecordRoutes } from './resources/type-records/TypeRecordPages';

// Forgot and reset password are rare visits: their code loads when one is opened.
const OtpPage = lazy(() => import('./auth/OtpPage').then((m) => ({ default: m.OtpPage })));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
// The Data Explorer is for a few roles: its code loads when it is opened (inside the layout's Suspense).
const DataExplorerPage = lazy(() => import('./documents/explorer/DataExplorerPage'));
// Settings and Support are visited once in a while, by a few roles.
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const SupportPage = lazy(() => import('./settings/SupportPage'));
const AuditLogPage = lazy(() => import('./audit/AuditLogPage'));

/** Pages outside the layout wait for their code here (the layout has a Suspense of its own). */
const Loaded = ({ children }: { children: ReactNode }) => <Suspense fallback={<Loading />}>{children}</Suspense>;

const GuardedDashboard = () => (
  <RequireSession>
    <Dashboard />
  </RequireSession>
);

const queryClient = createQueryClient();

// Real paths (/login, /designation) as the spec names them, not react-admin's default #/ hashes.
export const App = () => (
  <BrowserRouter>
    <DirectionStyles>
      <Console />
    </DirectionStyles>
  </BrowserRouter>
);

const Console = () => {
  const { dir } = useCurrentLocale();
  return (
    <>
      <DocumentTitle />
      <Admin
        title={PRODUCT_NAME}
        disableTelemetry
        dataProvider={dataProvider}
        queryClient={queryClient}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={dir === 'rtl' ? rightToLeftTheme : theme}
        store={store}
        layout={AppLayout}
        loginPage={LoginPage}
        dashboard={GuardedDashboard}
        notification={AppNotification}
      >
        <CustomRoutes noLayout>
          <Route
            path="/otp"
            element={
              <Loaded>
                <OtpPage />
              </Loaded>
            }
          />
          <Route
            path="/resetpassword"
            element={
              <Loaded>
                <ResetPasswordPage />
              </Loaded>
            }
          />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/dashboard" element={<GuardedDashboard />} />
          <Route
            path="/data-explorer"
            element={
              <RequireSession>
                <DataExplorerPage />
              </RequireSession>
            }
          />
          <Route
            path="/settings"
            element={
              <RequireSession>
                <SettingsPage />
              </RequireSession>
            }
          />
          <Route
            path="/support"
            element={
              <RequireSession>
                <SupportPage />
              </RequireSession>
            }
          />
          <Route
            path="/audit"
            element={
              <RequireSession>
                <AuditLogPage />
              </RequireSession>
            }
          />
          {typeRecordRoutes}
        </CustomRoutes>
        {resourceDefinitions().map(({ name, ...props }) => (
          <Resource key={name} name={name} {...props} />
        ))}
      </Admin>
    </>
  );
};
