/**
 * The yardstick of `npm run bench:bundle`: a bare react-admin app with nothing of ours — the
 * console's fifteen resources, each with an explicit list, edit, create and show page made of
 * react-admin's plainest parts (Datagrid, TextField, SimpleForm, TextInput), over
 * ra-data-simple-rest on the two servers, with a token authProvider. Explicit pages rather than
 * the guessers, which pull in every field and input type whether a page uses it or not.
 */
import { createRoot } from 'react-dom/client';
import {
  Admin,
  combineDataProviders,
  Create,
  Datagrid,
  Edit,
  fetchUtils,
  List,
  Resource,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  useResourceContext,
  type AuthProvider,
} from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

const authUrl = 'http://localhost:8081';
const apiUrl = 'http://localhost:8082';

/** Each resource: the server it lives on, its path there and the fields its pages show (the console's list columns). */
const resources: Record<string, { server: 'auth' | 'api'; fields: string[] }> = {
  designation: { server: 'auth', fields: ['name', 'status'] },
  role: { server: 'auth', fields: ['role', 'status'] },
  user: { server: 'auth', fields: ['employeeId', 'first_name', 'last_name', 'email', 'mobile', 'designation'] },
  listview: { server: 'api', fields: ['name', 'excel_file'] },
  form: { server: 'api', fields: ['name', 'field_count', 'version', 'status', 'updated_at'] },
  program: { server: 'api', fields: ['photo', 'name', 'updated_at', 'status'] },
  goal: { server: 'api', fields: ['name', 'target', 'achieve', 'isPinned'] },
  notification: { server: 'api', fields: ['title', 'body', 'created_at'] },
  beneficiarytype: { server: 'api', fields: ['name', 'plural_name', 'description', 'form'] },
  locationtype: { server: 'api', fields: ['name', 'plural_name', 'description', 'form'] },
  eventtype: { server: 'api', fields: ['name', 'plural_name', 'description', 'form'] },
  casetype: { server: 'api', fields: ['name', 'plural_name', 'description', 'form'] },
  surveytype: { server: 'api', fields: ['name', 'plural_name', 'description', 'form'] },
  permission: { server: 'api', fields: ['name', 'file_name', 'updatedAt'] },
  webhook: { server: 'api', fields: ['name', 'url', 'status'] },
};

const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${localStorage.getItem('token')}` } });

const servers = { auth: simpleRestProvider(authUrl, httpClient), api: simpleRestProvider(apiUrl, httpClient) };
const dataProvider = combineDataProviders((resource) => servers[resources[resource]?.server ?? 'api']);

const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const { json } = await fetchUtils.fetchJson(`${authUrl}/login`, { method: 'POST', body: JSON.stringify({ email, password }) });
    localStorage.setItem('token', (json as { token: string }).token);
  },
  async logout() {
    localStorage.removeItem('token');
  },
  async checkAuth() {
    if (!localStorage.getItem('token')) throw new Error('signed out');
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) throw new Error('signed out');
  },
};

const useFields = () => resources[useResourceContext() ?? '']?.fields ?? [];

const ResourceList = () => (
  <List>
    <Datagrid>
      {useFields().map((field) => (
        <TextField key={field} source={field} />
      ))}
    </Datagrid>
  </List>
);

const Inputs = () => (
  <SimpleForm>
    {useFields().map((field) => (
      <TextInput key={field} source={field} />
    ))}
  </SimpleForm>
);

const ResourceEdit = () => (
  <Edit>
    <Inputs />
  </Edit>
);

const ResourceCreate = () => (
  <Create>
    <Inputs />
  </Create>
);

const ResourceShow = () => (
  <Show>
    <SimpleShowLayout>
      {useFields().map((field) => (
        <TextField key={field} source={field} />
      ))}
    </SimpleShowLayout>
  </Show>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} authProvider={authProvider} disableTelemetry>
    {Object.keys(resources).map((name) => (
      <Resource key={name} name={name} list={ResourceList} edit={ResourceEdit} create={ResourceCreate} show={ResourceShow} />
    ))}
  </Admin>,
);
