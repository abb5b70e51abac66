/**
 * What an export writes, whatever it exports: the header row and the SELECT that COPY streams.
 * A document export reads its columns from the forms its documents used; an audit log export has
 * fixed ones.
 */
import type { Db } from '../db/database.ts';
import { AUDIT_EXPORT_HEADER, auditExportSelect, type AuditExportSpec } from '../changes/audit-export-sql.ts';
import { exportColumns, exportSelect, type ExportSpec, type RunQuery } from '../documents/exports/export-sql.ts';
import { headerLabels } from '../documents/exports/export-columns.ts';
import type { ExportRow } from './export-store.ts';
import { userLanguage } from '../settings/reader-language.ts';

export type AnyExportSpec = ExportSpec | AuditExportSpec;

export interface ExportQuery {
  header: string[];
  select: string;
}

export async function exportQuery(db: Db, run: RunQuery, spec: AnyExportSpec): Promise<ExportQuery> {
  if ('kind' in spec) return { header: AUDIT_EXPORT_HEADER, select: auditExportSelect(db, spec.filter) };
  const language = await userLanguage(db, spec.requested_by);
  const columns = await exportColumns(run, spec, language);
  return { header: headerLabels(columns, language), select: exportSelect(spec, columns) };
}

/** The export a stored row describes. */
export function specOf(row: ExportRow): AnyExportSpec {
  if (row.kind === 'audit') return { id: row.id, kind: 'audit', filter: row.audit_filter ?? {} };
  const { id, requested_by, scope, program_id, module, type_id, document_id } = row;
  if (program_id === null || module === null) throw new Error(`export ${id}: a document export without a program or module`);
  return { id, requested_by, scope, program_id, module, type_id, document_id };
}
