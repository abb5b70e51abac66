/**
 * One data provider for the console: each resource goes to the server the resource map names,
 * plus named methods for the calls that are not CRUD (spec 1 §7).
 */
import { combineDataProviders, type DataProvider, type RaRecord } from 'react-admin';
import { resourceEntry, resourceNamed } from '@model/schema-registry';
import { serverUrl } from '../config/runtime-config';
import { createRestProvider, fromWire, listQuery } from './rest-provider';
import { httpDownload, httpRequest } from './http-client';

const servers: Record<'auth' | 'api', DataProvider> = {
  auth: createRestProvider(() => serverUrl('auth')),
  api: createRestProvider(() => serverUrl('api')),
};

export interface FieldbaseDataProvider extends DataProvider {
  /** PATCH /user/upload/{id}: multipart photo; answers the updated user. */
  uploadUserPhoto(id: string, photo: File): Promise<RaRecord>;
  /** PATCH /permission/{id}: the role's flags; answers the updated role. */
  setRolePermission(id: string, permission: Record<string, boolean>): Promise<RaRecord>;
  /**
   * The password dialog: PATCH /user/{id} with _id, email, password, confirm_password, and
   * current_password when it is one's own.
   */
  changePassword(user: { id: string; email: string }, password: string, confirmPassword: string, currentPassword?: string): Promise<RaRecord>;
  /** GET /<path>/export.csv: every row the filter matches, in the list's sort, with these columns. */
  exportCsv(resource: string, params: ListExportParams): Promise<Blob>;
}

export interface ListExportParams {
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
  columns?: string[];
}

const id = (value: string) => encodeURIComponent(value);

export const dataProvider: FieldbaseDataProvider = {
  ...combineDataProviders((resource) => servers[resourceEntry(resourceNamed(resource)).server]),

  async uploadUserPhoto(userId, photo) {
    const body = new FormData();
    body.append('photo', photo);
    const { json } = await httpRequest<Record<string, unknown>>(`${serverUrl('auth')}/user/upload/${id(userId)}`, { method: 'PATCH', body });
    return fromWire(json);
  },

  async setRolePermission(roleId, permission) {
    const { json } = await httpRequest<Record<string, unknown>>(`${serverUrl('auth')}/permission/${id(roleId)}`, { method: 'PATCH', body: permission });
    return fromWire(json);
  },

  async changePassword(user, password, confirmPassword, currentPassword) {
    const proof = currentPassword === undefined ? {} : { current_password: currentPassword };
    const { json } = await httpRequest<Record<string, unknown>>(`${serverUrl('auth')}/user/${id(user.id)}`, {
      method: 'PATCH',
      body: { _id: user.id, email: user.email, password, confirm_password: confirmPassword, ...proof },
    });
    return fromWire(json);
  },

  async exportCsv(resource, { sort, filter, columns }) {
    const entry = resourceEntry(resourceNamed(resource));
    const query = listQuery({ sort, filter });
    if (columns?.length) query.set('columns', JSON.stringify(columns));
    return httpDownload(`${serverUrl(entry.server)}/${entry.path}/export.csv?${query}`, 'text/csv');
  },
};
