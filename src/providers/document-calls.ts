/**
 * The dashboard's and the document drawer's calls to the api server (spec 1 §7): the three
 * counts, the recently processed documents, documents per day, one document (by id or by the
 * mobile app's local id), marking it processed, and an attachment of it as bytes — always with
 * the session, never as a plain URL (attachments are not public).
 */
import type { Document } from '@model/generated';
import { serverUrl } from '../config/runtime-config';
import { downloadWithSession, fetchWithSession } from './http-client';

/** GET /dashboard/static. */
export interface DashboardCounts {
  programsCount: number;
  formsCount: number;
  totalDocumentCount: number;
}

/** One day of GET /dashboard/daily: `day` is YYYY-MM-DD (UTC). */
export interface DocumentsOnDay {
  day: string;
  count: number;
}

/** A document as lists carry it: without its answers and fields. */
export type DocumentSummary = Omit<Document, 'form_data' | 'form_fields'>;

export interface DocumentCalls {
  getCounts(): Promise<DashboardCounts>;
  getRecentlyProcessed(): Promise<DocumentSummary[]>;
  getDaily(days?: number): Promise<DocumentsOnDay[]>;
  getDocument(id: string): Promise<Document>;
  getDocumentByLocalId(localId: string): Promise<Document>;
  markProcessed(id: string): Promise<Document>;
  getAttachment(documentId: string, name: string): Promise<Blob>;
}

const api = (path: string) => `${serverUrl('api')}/${path}`;
const enc = (value: string) => encodeURIComponent(value);

async function json<T>(path: string, method = 'GET'): Promise<T> {
  return (await fetchWithSession<T>(api(path), { method })).json;
}

export const documentCalls: DocumentCalls = {
  getCounts: () => json<DashboardCounts>('dashboard/static'),
  getRecentlyProcessed: () => json<DocumentSummary[]>('dashboard/lastupdated'),
  getDaily: (days = 30) => json<DocumentsOnDay[]>(`dashboard/daily?days=${days}`),
  getDocument: (id) => json<Document>(`document/${enc(id)}`),
  getDocumentByLocalId: (localId) => json<Document>(`dashboard/document?local_id=${enc(localId)}`),
  markProcessed: (id) => json<Document>(`document/${enc(id)}/processed`, 'POST'),
  getAttachment: (documentId, name) => downloadWithSession(api(`document/${enc(documentId)}/attachment/${enc(name)}`), '*/*'),
};
