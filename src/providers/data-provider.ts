/**
 * One data provider for the console: each resource goes to the server its map entry names
 * (one wrapped simple-rest provider per server, picked by react-admin's combineDataProviders),
 * plus named methods for the calls that are not CRUD (spec 1 §7). Every method first renews an
 * expired token (react-admin's addRefreshAuthToDataProvider).
 */
import { addRefreshAuthToDataProvider, combineDataProviders, type DataProvider, type RaRecord } from 'react-admin';
import { stringify } from 'query-string';
import type { Permission, Role, User } from '@model/generated';
import { resourceEntry, resourceNamed } from '@model/schema-registry';
import { serverUrl } from '../config/runtime-config';
import { refreshAuth } from '../session/session-refresh';
import { formCalls, type FormCalls } from './form-calls';
import { viewListCalls, type ViewListCalls } from './view-list-calls';
import { downloadWithSession, fetchWithSession } from './http-client';
import { serverDataProvider } from './server-data-provider';
import { wireField, withId, type WireRecord } from './wire-records';

const servers: Record<'auth' | 'api', DataProvider> = {
  auth: serverDataProvider(() => serverUrl('auth')),
  api: serverDataProvider(() => serverUrl('api')),
};

export type UserRecord = User & WireRecord & RaRecord;
export type RoleRecord = Role & WireRecord & RaRecord;

/** PATCH /user/{id} from the password dialog (spec 1 §7); `current_password` only for one's own. */
export type PasswordChange = Required<Pick<User, '_id' | 'email' | 'password'>> &
  Pick<User, 'current_password'> & { confirm_password: string };

export interface ListExportParams {
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
  columns?: string[];
}

export interface FieldbaseDataProvider extends DataProvider, FormCalls, ViewListCalls {
  /** PATCH /user/upload/{id}: multipart photo; answers the updated user. */
  uploadUserPhoto(id: string, photo: File): Promise<UserRecord>;
  /** GET /permission/{id}: one role with its flags (needs can_get_permission; role lists and pages carry no flags without it). */
  getRolePermission(id: string): Promise<RoleRecord>;
  /** PATCH /permission/{id}: the role's flags; answers the updated role. */
  setRolePermission(id: string, permission: Permission): Promise<RoleRecord>;
  /** The password dialog: PATCH /user/{id} with _id, email, password, confirm_password (and current_password for one's own). */
  changePassword(
    user: { id: string; email: string },
    password: string,
    confirmPassword: string,
    currentPassword?: string,
  ): Promise<UserRecord>;
  /** GET /<path>/export.csv: every row the filter matches, in the list's sort, with these columns. */
  exportCsv(resource: string, params: ListExportParams): Promise<Blob>;
}

const id = (value: string) => encodeURIComponent(value);

const json = (body: unknown) => JSON.stringify(body);

const fieldbaseDataProvider: FieldbaseDataProvider = {
  ...combineDataProviders((resource) => servers[resourceEntry(resourceNamed(resource)).server]),
  // simple-rest passes react-admin's abort signal on to fetch, so a page left early stops its requests.
  supportAbortSignal: true,
  ...formCalls,
  ...viewListCalls,

  async uploadUserPhoto(userId, photo) {
    const body = new FormData();
    body.append('photo', photo);
    const answer = await fetchWithSession<User & WireRecord>(`${serverUrl('auth')}/user/upload/${id(userId)}`, { method: 'PATCH', body });
    return withId(answer.json);
  },

  async getRolePermission(roleId) {
    const answer = await fetchWithSession<Role & WireRecord>(`${serverUrl('auth')}/permission/${id(roleId)}`);
    return withId(answer.json);
  },

  async setRolePermission(roleId, permission) {
    const answer = await fetchWithSession<Role & WireRecord>(`${serverUrl('auth')}/permission/${id(roleId)}`, {
      method: 'PATCH',
      body: json(permission),
    });
    return withId(answer.json);
  },

  async changePassword(user, password, confirmPassword, currentPassword) {
    const body: PasswordChange = { _id: user.id, email: user.email, password, confirm_password: confirmPassword };
    if (currentPassword !== undefined) body.current_password = currentPassword;
    const answer = await fetchWithSession<User & WireRecord>(`${serverUrl('auth')}/user/${id(user.id)}`, {
      method: 'PATCH',
      body: json(body),
    });
    return withId(answer.json);
  },

  async exportCsv(resource, { sort, filter = {}, columns }) {
    const entry = resourceEntry(resourceNamed(resource));
    const given = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
    const query = stringify({
      sort: sort?.field ? json([wireField(sort.field), sort.order]) : undefined,
      filter: Object.keys(given).length ? json(given) : undefined,
      columns: columns?.length ? json(columns) : undefined,
    });
    return downloadWithSession(`${serverUrl(entry.server)}/${entry.path}/export.csv${query ? `?${query}` : ''}`, 'text/csv');
  },
};

export const dataProvider: FieldbaseDataProvider = addRefreshAuthToDataProvider(fieldbaseDataProvider, refreshAuth);
