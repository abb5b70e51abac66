/**
 * A react-admin DataProvider for one of our servers: the spec's paths and verbs (PATCH for
 * update, DELETE answering the record), `_id` ↔ `id`, and the list convention
 * ?sort=["f","ASC"]&range=[0,9]&filter={...} with Content-Range.
 */
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { resourceEntry, resourceSchema } from '@model/schema-registry';
import { httpRequest, type RequestOptions } from './http-client';

type Wire = Record<string, unknown> & { _id?: string };

export const fromWire = (record: Wire): RaRecord => ({ ...record, id: record._id as Identifier });

/** Only the fields a person may write: no id, no server-managed (readOnly) fields. */
export function writableFields(resource: string, data: Record<string, unknown>): Record<string, unknown> {
  const schema = resourceSchema(resource);
  return Object.fromEntries(
    Object.entries(data).filter(([key]) => key !== 'id' && key in schema.properties && !schema.properties[key].readOnly),
  );
}

/** The fields that changed, so a PATCH never rewrites what someone else just saved. */
export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  if (!previous) return data;
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(previous[key])));
}

const toWireField = (field: string) => (field === 'id' ? '_id' : field);

/** The pager's "All": a page size this large (or -1) asks for the whole list, without a range. */
export const ALL_ROWS = 100_000;

/** The list convention's query: ?sort=["f","ASC"]&range=[0,9]&filter={...} (no range for "All" or none). */
export function listQuery(params: { sort?: { field: string; order: string }; pagination?: { page: number; perPage: number }; filter?: Record<string, unknown> }): URLSearchParams {
  const query = new URLSearchParams();
  if (params.sort?.field) query.set('sort', JSON.stringify([toWireField(params.sort.field), params.sort.order]));
  const { page, perPage } = params.pagination ?? { page: 1, perPage: -1 };
  if (perPage > 0 && perPage < ALL_ROWS) query.set('range', JSON.stringify([(page - 1) * perPage, page * perPage - 1]));
  const filter = Object.fromEntries(Object.entries(params.filter ?? {}).filter(([, v]) => v !== undefined && v !== ''));
  if (Object.keys(filter).length) query.set('filter', JSON.stringify(filter));
  return query;
}

export function createRestProvider(baseUrl: () => string): DataProvider {
  const url = (resource: string, suffix = '', query?: URLSearchParams) =>
    `${baseUrl()}/${resourceEntry(resource).path}${suffix}${query && [...query].length ? `?${query}` : ''}`;
  const call = <T,>(target: string, options?: RequestOptions) => httpRequest<T>(target, options);

  const provider: DataProvider = {
    async getList(resource, params) {
      const { headers, json } = await call<Wire[]>(url(resource, '', listQuery(params)));
      const range = headers.get('Content-Range');
      const total = range ? Number(range.split('/').pop()) : json.length;
      return { data: json.map(fromWire) as never[], total };
    },

    async getOne(resource, params) {
      const { json } = await call<Wire>(url(resource, `/${encodeURIComponent(String(params.id))}`));
      return { data: fromWire(json) as never };
    },

    // One request for every id react-admin gathered (e.g. the references of a whole page of rows).
    async getMany(resource, params) {
      const { json } = await call<Wire[]>(url(resource, '', listQuery({ filter: { id: params.ids } })));
      return { data: json.map(fromWire) as never[] };
    },

    async getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never;
    },

    async create(resource, params) {
      const { json } = await call<Wire>(url(resource), { method: 'POST', body: writableFields(resource, params.data) });
      return { data: fromWire(json) as never };
    },

    async update(resource, params) {
      const body = writableFields(resource, changedFields(params.data, params.previousData));
      if (!Object.keys(body).length) return { data: params.previousData };
      const { json } = await call<Wire>(url(resource, `/${encodeURIComponent(String(params.id))}`), { method: 'PATCH', body });
      return { data: fromWire(json) as never };
    },

    async updateMany(resource, params) {
      for (const id of params.ids) await provider.update(resource, { id, data: params.data, previousData: undefined as never });
      return { data: params.ids };
    },

    async delete(resource, params) {
      const { json } = await call<Wire>(url(resource, `/${encodeURIComponent(String(params.id))}`), { method: 'DELETE' });
      return { data: fromWire(json) as never };
    },

    async deleteMany(resource, params) {
      for (const id of params.ids) await provider.delete(resource, { id });
      return { data: params.ids };
    },
  };
  return provider;
}
