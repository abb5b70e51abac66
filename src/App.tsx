/** The console: react-admin with our providers, shell, resources from the map and the sign-in screens. */
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { dataProvider } from './providers/data-provider';
import { authProvider } from './providers/auth-provider';
import { createQueryClient } from './providers/query-client';
import { theme } from './theme';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { LoginPage } from './auth/LoginPage';
import { OtpPage } from './auth/OtpPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { Dashboard } from './dashboard/Dashboard';
import { resourceDefinitions } from './resources/registry';
import { RequireSession } from './session/RequireSession';

const GuardedDashboard = () => (
  <RequireSession>
    <Dashboard />
  </RequireSession>
);

const queryClient = createQueryClient();

const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

// Real paths (/login, /designation) as the spec names them, not react-admin's default #/ hashes.
export const App = () => (
  <BrowserRouter>
  <Admin
    title="Fieldbase"
    disableTelemetry
    dataProvider={dataProvider}
    queryClient={queryClient}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    theme={theme}
    layout={AppLayout}
    loginPage={LoginPage}
    dashboard={GuardedDashboard}
    notification={AppNotification}
  >
    <CustomRoutes noLayout>
      <Route path="/otp" element={<OtpPage />} />
      <Route path="/resetpassword" element={<ResetPasswordPage />} />
    </CustomRoutes>
    <CustomRoutes>
      <Route path="/dashboard" element={<GuardedDashboard />} />
    </CustomRoutes>
    {resourceDefinitions().map(({ name, ...props }) => (
      <Resource key={name} name={name} {...props} />
    ))}
  </Admin>
  </BrowserRouter>
);
