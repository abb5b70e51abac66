/**
 * The export payload (spec 1 §7): for a query its program, its document type (id and name) when
 * one is chosen, and doc_type derived from the module; for one searched document its doc_type
 * and its id.
 */
import type { Document } from '@model/generated';
import { docTypeOf } from '@model/documents/modules';
import type { DocumentsQuery, ExportRequest } from '../../providers/explorer-calls';

export function queryExport(query: DocumentsQuery): ExportRequest {
  const request: ExportRequest = { program_slug: query.program_slug, doc_type: docTypeOf(query.module_name) };
  return query.doc_id ? { ...request, doc_id: query.doc_id, module_type_name: query.doc_name } : request;
}

export const documentExport = (document: Pick<Document, '_id' | 'doc_type'>): ExportRequest => ({
  doc_type: document.doc_type,
  document_id: document._id,
});
