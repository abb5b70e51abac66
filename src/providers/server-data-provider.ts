/**
 * ra-data-simple-rest for one of our servers, wrapped where the servers differ from its
 * dialect: update is PATCH (spec 1 §7), ids are `_id` on the wire, a resource lives at the path
 * its map entry names (odd ones included), writes carry only writable fields (updates only the
 * changed ones), and a page holds at most SERVER_PAGE_MAX rows. Lists, one record, getMany
 * (`filter={"id":[...]}`, one request), create and delete are simple-rest's own.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetListResult, RaRecord, SortPayload } from 'react-admin';
import { resourceEntry, resourceNamed } from '@model/schema-registry';
import { fetchWithSession, type HttpOptions } from './http-client';
import { changedFields, wireField, withIds, writableFields } from './wire-records';

/** The most rows a server answers for one page: a larger range is cut to this many. */
export const SERVER_PAGE_MAX = 1000;

/** The pager's "All" (spec 1 §9): a page size this large (or -1) asks for the whole list. */
export const ALL_ROWS = 100_000;

/** simple-rest's HTTP calls, spoken to our servers: with the session, PUT as PATCH, records with `id`. */
export function restHttpClient(url: string, options: HttpOptions = {}) {
  const spoken = options.method === 'PUT' ? { ...options, method: 'PATCH' } : options;
  return fetchWithSession(url, spoken).then((answer) => ({ ...answer, json: withIds(answer.json) }));
}

const wireSort = (sort: SortPayload | undefined): SortPayload | undefined => sort && { ...sort, field: wireField(sort.field) };

/** Filter values the list's inputs leave empty say nothing: they are not sent. */
const cleanFilter = (filter: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));

export function serverDataProvider(baseUrl: () => string): DataProvider {
  // The base URL is known only once /config.json is read, so simple-rest is made per call (it is a plain object).
  const rest = () => simpleRestProvider(baseUrl(), restHttpClient);
  const path = (resource: string) => resourceEntry(resourceNamed(resource)).path;
  // Where a resource's list lives when the spec puts it elsewhere (programs: program/programList).
  const listPath = (resource: string) => {
    const entry = resourceEntry(resourceNamed(resource));
    return entry.listPath ?? entry.path;
  };

  /** Every row, a server page at a time. */
  async function wholeList(resource: string, params: GetListParams): Promise<GetListResult> {
    const data: RaRecord[] = [];
    for (let page = 1; ; page++) {
      const answer = await rest().getList(listPath(resource), { ...params, pagination: { page, perPage: SERVER_PAGE_MAX } });
      data.push(...answer.data);
      if (answer.data.length < SERVER_PAGE_MAX || data.length >= (answer.total ?? 0)) return { data, total: answer.total ?? data.length };
    }
  }

  return {
    getList(resource, params) {
      const wire = { ...params, sort: wireSort(params.sort), filter: cleanFilter(params.filter) };
      const perPage = params.pagination?.perPage ?? 10;
      return perPage > 0 && perPage < ALL_ROWS ? rest().getList(listPath(resource), wire) : wholeList(resource, wire);
    },
    getOne: (resource, params) => rest().getOne(path(resource), params),
    getMany: (resource, params) => rest().getMany(listPath(resource), params),
    getManyReference: (resource, params) => rest().getManyReference(listPath(resource), { ...params, sort: wireSort(params.sort)! }),
    create: (resource, params) => rest().create(path(resource), { ...params, data: writableFields(resource, params.data) }),
    async update(resource, params) {
      const data = writableFields(resource, changedFields(params.data, params.previousData));
      if (!Object.keys(data).length) return { data: params.previousData };
      return rest().update(path(resource), { ...params, data });
    },
    // One PATCH per id (simple-rest's own fallback), each with the same writable fields.
    updateMany: (resource, params) => rest().updateMany(path(resource), { ...params, data: writableFields(resource, params.data) }),
    delete: (resource, params) => rest().delete(path(resource), params),
    deleteMany: (resource, params) => rest().deleteMany(path(resource), params),
  };
}
