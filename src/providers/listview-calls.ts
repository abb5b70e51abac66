/**
 * The view-list calls react-admin's CRUD does not cover (spec 2 §7): add and replace are
 * multipart (a name and the workbook), the original file comes back as bytes, and a choice
 * field pages through a list's rows with a search text. Listing and deleting go through
 * react-admin's getList / delete on the `listview` resource.
 */
import type { RaRecord } from 'react-admin';
import type { ListView } from '@model/generated';
import { serverUrl } from '../config/runtime-config';
import { downloadWithSession, fetchWithSession } from './http-client';
import { withId, type WireRecord } from './wire-records';

export type ListViewRecord = ListView & WireRecord & RaRecord;

/** One row of a view list as the rows endpoint answers it: its number, its first cell, every cell. */
export interface ListViewRow {
  _id: string;
  label: string;
  cells: string[];
}

export interface ListViewRowsPage {
  rows: ListViewRow[];
  /** How many rows match the search in all. */
  total: number;
}

export interface ListViewRowsQuery {
  /** Text a row must contain (any cell, any case); blank for every row. */
  q?: string;
  /** First and last index of the page, both included. */
  range: [number, number];
  signal?: AbortSignal;
}

export interface ListViewCalls {
  /** POST /listview (multipart name, excel_file): answers the new list with its row count. */
  createListView(name: string, file: File): Promise<ListViewRecord>;
  /** PATCH /listview/{id} (multipart name, and excel_file only when the file is replaced). */
  updateListView(id: string, name: string, file?: File): Promise<ListViewRecord>;
  /** GET /listview/{id}/file: the workbook or CSV as uploaded. */
  downloadListViewFile(id: string): Promise<Blob>;
  /** GET /listview/{id}/rows?q=&range=: one page of the rows containing q. */
  getListViewRows(id: string, query: ListViewRowsQuery): Promise<ListViewRowsPage>;
}

const api = (path: string) => `${serverUrl('api')}/${path}`;
const id = (value: string) => encodeURIComponent(value);

function uploadBody(name: string, file: File | undefined): FormData {
  const body = new FormData();
  body.append('name', name);
  if (file) body.append('excel_file', file, file.name);
  return body;
}

/** "listview 0-24/100000" → 100000; without the header, what this page holds. */
function totalOf(contentRange: string | null, fallback: number): number {
  const total = Number(contentRange?.split('/').pop());
  return Number.isFinite(total) && contentRange ? total : fallback;
}

export const listViewCalls: ListViewCalls = {
  async createListView(name, file) {
    const answer = await fetchWithSession<ListView & WireRecord>(api('listview'), { method: 'POST', body: uploadBody(name, file) });
    return withId(answer.json);
  },

  async updateListView(listId, name, file) {
    const answer = await fetchWithSession<ListView & WireRecord>(api(`listview/${id(listId)}`), {
      method: 'PATCH',
      body: uploadBody(name, file),
    });
    return withId(answer.json);
  },

  downloadListViewFile: (listId) =>
    downloadWithSession(api(`listview/${id(listId)}/file`), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/csv'),

  async getListViewRows(listId, { q, range, signal }) {
    const query = new URLSearchParams({ range: JSON.stringify(range) });
    if (q?.trim()) query.set('q', q.trim());
    const answer = await fetchWithSession<ListViewRow[]>(api(`listview/${id(listId)}/rows?${query}`), { signal });
    return { rows: answer.json, total: totalOf(answer.headers.get('Content-Range'), range[0] + answer.json.length) };
  },
};
