/**
 * The view-list calls react-admin's CRUD does not cover (spec 2 §7): add and replace are
 * multipart (a name and the workbook, with an import id of our own to follow the import by),
 * the original file comes back as bytes, and a choice field pages through a list's rows with a
 * search text. Listing and deleting go through react-admin's getList / delete on the `listview`
 * resource.
 */
import type { RaRecord } from 'react-admin';
import type { ViewList } from '@model/generated';
import { serverUrl } from '../config/runtime-config';
import { downloadWithSession, fetchWithSession, uploadWithSession } from './http-client';
import { withId, type WireRecord } from './wire-records';

export type ViewListRecord = ViewList & WireRecord & RaRecord;

/** One row of a view list as the rows endpoint answers it: its number, its first cell, every cell. */
export interface ViewListRow {
  _id: string;
  label: string;
  cells: string[];
}

export interface ViewListRowsPage {
  rows: ViewListRow[];
  /** How many rows match the search in all; with `moreThan`, at least this many (the server counts up to a cap). */
  total: number;
  moreThan?: boolean;
}

export interface ViewListRowsQuery {
  /** Text a row must contain (any cell, any case); blank for every row. */
  q?: string;
  /** First and last index of the page, both included. */
  range: [number, number];
  signal?: AbortSignal;
}

/** How the server is reading an uploaded file (GET /listview/import/{import_id}). */
export interface ViewListImport {
  import_id: string;
  /** queued: waiting for other imports to finish. */
  status: 'queued' | 'reading' | 'done' | 'failed';
  rows_read: number;
  /** How much of the file has been read, 0 to 1. */
  fraction: number;
  message?: string;
  view_list_id?: string;
}

/** Following an upload: the id the import is known by, and how much of the file has gone up. */
export interface UploadWatch {
  importId: string;
  onUploadProgress?: (fraction: number) => void;
}

export interface ViewListCalls {
  /** POST /listview (multipart name, excel_file, import_id): answers the new list with its row count once it is read. */
  createViewList(name: string, file: File, watch?: UploadWatch): Promise<ViewListRecord>;
  /** PATCH /listview/{id} (multipart name, and excel_file and import_id only when the file is replaced). */
  updateViewList(id: string, name: string, file?: File, watch?: UploadWatch): Promise<ViewListRecord>;
  /** GET /listview/import/{import_id}: how far the server is in reading one's own upload. */
  getViewListImport(importId: string): Promise<ViewListImport>;
  /** GET /listview/{id}/file: the workbook or CSV as uploaded. */
  downloadViewListFile(id: string): Promise<Blob>;
  /** GET /listview/{id}/rows?q=&range=: one page of the rows containing q. */
  getViewListRows(id: string, query: ViewListRowsQuery): Promise<ViewListRowsPage>;
}

const api = (path: string) => `${serverUrl('api')}/${path}`;
const id = (value: string) => encodeURIComponent(value);

function uploadBody(name: string, file: File | undefined, importId?: string): FormData {
  const body = new FormData();
  body.append('name', name);
  if (file && importId) body.append('import_id', importId);
  if (file) body.append('excel_file', file, file.name);
  return body;
}

/** A fresh import id: a version 4 UUID (crypto.randomUUID is missing on pages served over plain HTTP). */
export function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * "listview 0-24/100000" → 100000; "listview 0-24/10000+" → more than 10000 (the server stopped
 * counting); without the header, what this page holds.
 */
function totalOf(contentRange: string | null, fallback: number): { total: number; moreThan?: boolean } {
  const counted = /\/(\d+)(\+?)$/.exec(contentRange ?? '');
  return counted ? { total: Number(counted[1]), moreThan: counted[2] === '+' } : { total: fallback };
}

export const viewListCalls: ViewListCalls = {
  async createViewList(name, file, watch) {
    const answer = await uploadWithSession<ViewList & WireRecord>(api('listview'), {
      method: 'POST',
      body: uploadBody(name, file, watch?.importId),
      onUploadProgress: watch?.onUploadProgress,
    });
    return withId(answer.json);
  },

  async updateViewList(listId, name, file, watch) {
    const url = api(`listview/${id(listId)}`);
    // A rename alone sends no file: nothing to follow.
    const answer = file
      ? await uploadWithSession<ViewList & WireRecord>(url, {
          method: 'PATCH',
          body: uploadBody(name, file, watch?.importId),
          onUploadProgress: watch?.onUploadProgress,
        })
      : await fetchWithSession<ViewList & WireRecord>(url, { method: 'PATCH', body: uploadBody(name, undefined) });
    return withId(answer.json);
  },

  async getViewListImport(importId) {
    return (await fetchWithSession<ViewListImport>(api(`listview/import/${id(importId)}`))).json;
  },

  downloadViewListFile: (listId) =>
    downloadWithSession(api(`listview/${id(listId)}/file`), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/csv'),

  async getViewListRows(listId, { q, range, signal }) {
    const query = new URLSearchParams({ range: JSON.stringify(range) });
    if (q?.trim()) query.set('q', q.trim());
    const answer = await fetchWithSession<ViewListRow[]>(api(`listview/${id(listId)}/rows?${query}`), { signal });
    return { rows: answer.json, ...totalOf(answer.headers.get('Content-Range'), range[0] + answer.json.length) };
  },
};
