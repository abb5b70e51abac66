/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/audit-export.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A CSV export of the audit log as filtered when it was asked for, run as a job: its progress, and its file once done. Only its requester sees it.
 */
export interface AuditLogExport {
  _id: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'expired';
  rows_done: number;
  rows_total: number;
  /**
   * The list's filter the export was asked with (the GET /audit query's names)
   */
  filter: {
    [k: string]: string;
  };
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
