/**
 * The Data Explorer's calls (spec 1 §7, gated on the server by can_explore_data): the programs
 * the caller may explore, a program's active modules, a module's document types, a page of
 * documents (keyset cursors for next and previous, a page number for any jump), one document by
 * id, and the export jobs (ask, list, follow, cancel, download the CSV).
 */
import type { Document, ExportJob } from '@model/generated';
import { MODULE_KINDS, type DocType, type DocumentModule } from '@model/documents/modules';
import { serverUrl } from '../config/runtime-config';
import { downloadWithSession, fetchWithSession, type HttpOptions } from './http-client';

/** A program as the explorer's picker lists it. */
export interface ExplorerProgram {
  _id: string;
  name: string;
  name_slug: string;
  active_module: Partial<Record<string, boolean>>;
}

export interface DocumentTypeOption {
  _id: string;
  name: string;
}

/** What a page of documents is asked for: the query, and where the page sits. */
export interface DocumentsQuery {
  program_slug: string;
  module_name: DocumentModule;
  /** The document type's id and name, only when a type is chosen. */
  doc_id?: string;
  doc_name?: string;
  /** Narrower filters, each only when set: submitted from / to (UTC days, YYYY-MM-DD), by whom, processed or not. */
  from?: string;
  to?: string;
  submitted_by?: string;
  processed?: 'true' | 'false';
}

export interface Submitter {
  _id: string;
  name: string;
}

/** POST /document/processed: those marked, and those left as they were with the reason. */
export interface BulkProcessedAnswer {
  processed: string[];
  not_processed: Array<{ _id: string; code: string; message: string }>;
}

/** The narrower filters, sent as they are by the list and the Map view alike. */
export const FACETS = ['from', 'to', 'submitted_by', 'processed'] as const;

/** Which page: a jump to `pageNo` (0-based), or the page after / before a row's cursor. */
export interface PagePlace {
  pageNo: number;
  after?: string;
  before?: string;
}

export interface DocumentsPage {
  data: Document[];
  total: number;
  pageNo: number;
}

/** POST /export: everything a query finds, or one document. */
export type ExportRequest =
  | { program_slug: string; doc_type: DocType | ''; doc_id?: string; module_type_name?: string }
  | { doc_type: DocType | ''; document_id: string };

export const DOCUMENTS_PAGE_SIZE = 10;

const api = (path: string) => `${serverUrl('api')}/${path}`;
const enc = (value: string) => encodeURIComponent(value);
const post = (body?: unknown): HttpOptions => ({ method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });

async function read<T>(path: string, init?: HttpOptions): Promise<T> {
  return (await fetchWithSession<T>(api(path), init)).json;
}

function docsSearch(query: DocumentsQuery, place: PagePlace): string {
  const params = new URLSearchParams({ program_slug: query.program_slug, module_name: query.module_name });
  if (query.doc_id) params.set('doc_id', query.doc_id);
  if (query.doc_name) params.set('doc_name', query.doc_name);
  for (const facet of FACETS) if (query[facet]) params.set(facet, query[facet]);
  params.set('pageNo', String(place.pageNo));
  params.set('pageSize', String(DOCUMENTS_PAGE_SIZE));
  if (place.after) params.set('after', place.after);
  else if (place.before) params.set('before', place.before);
  return params.toString();
}

export const explorerCalls = {
  /** GET dashboard/programs: the programs the caller may explore, by name. */
  getPrograms: () => read<ExplorerProgram[]>('dashboard/programs'),
  /** GET dashboard/program/{id}: the program with its active_module. */
  getProgram: (id: string) => read<ExplorerProgram>(`dashboard/program/${enc(id)}`),
  /** GET dashboard/program/{id}/module/{module}: the types attached to that module. */
  async getDocumentTypes(programId: string, module: DocumentModule): Promise<DocumentTypeOption[]> {
    const answer = await read<Record<string, DocumentTypeOption[] | undefined>>(`dashboard/program/${enc(programId)}/module/${module}`);
    return answer[MODULE_KINDS[module].typeList] ?? [];
  },
  /** GET dashboard/program/{id}/submitters: who submitted the program's documents I may read, by name. */
  getSubmitters: (programId: string) => read<Submitter[]>(`dashboard/program/${enc(programId)}/submitters`),
  /** POST document/processed: marks the documents processed, each checked on the server; answers which were and why not. */
  markProcessed: (ids: string[]) => read<BulkProcessedAnswer>('document/processed', post({ ids })),
  /** GET dashboard/module/docs: one page of the query's documents, newest first, with the exact total. */
  getDocuments: (query: DocumentsQuery, place: PagePlace, signal?: AbortSignal) =>
    read<DocumentsPage>(`dashboard/module/docs?${docsSearch(query, place)}`, { signal }),
  /** GET dashboard/document/{id}: the visible document whose id or local id this is (404 otherwise). */
  getDocument: (id: string) => read<Document>(`dashboard/document/${enc(id)}`),

  /** POST /export: answers the queued job. */
  startExport: (request: ExportRequest) => read<ExportJob>('export', post(request)),
  /** GET /export: my newest exports. */
  getExports: () => read<ExportJob[]>('export'),
  getExport: (id: string) => read<ExportJob>(`export/${enc(id)}`),
  cancelExport: (id: string) => read<ExportJob>(`export/${enc(id)}/cancel`, post()),
  /** GET /export/{id}/file: the CSV as bytes (its byte-order mark kept). */
  downloadExport: (id: string) => downloadWithSession(api(`export/${enc(id)}/file`), 'text/csv'),
};

export type ExplorerCalls = typeof explorerCalls;
