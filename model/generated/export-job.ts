/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/export-job.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A CSV export of a Data Explorer query (or of one document), run as a job: its progress, and its file once done. Only its requester sees it.
 */
export interface ExportJob {
  _id: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'expired';
  rows_done: number;
  rows_total: number;
  program_id: string;
  program_name: string;
  module: 'beneficiaries' | 'locations' | 'events' | 'cases' | 'surveys';
  doc_type: 'BENEFICIARY' | 'LOCATION' | 'EVENT' | 'SURVEY' | 'CASE';
  type_id?: string | null;
  type_name?: string | null;
  /**
   * Set when one document was exported.
   */
  document_id?: string | null;
  /**
   * What the download is saved as.
   */
  file_name?: string | null;
  file_size?: number | null;
  error?: string | null;
  createdAt: string;
  finishedAt?: string | null;
  expiresAt?: string | null;
}
