/**
 * The export a bench measures: "everything of the largest program type" (what an admin exporting
 * a whole type asks for), as the export job's spec, with the document count in the database.
 */
import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import type { ExportSpec } from '../../server/documents/exports/export-sql.ts';

export interface LargestExport {
  spec: ExportSpec;
  /** Documents in the whole database, and in the exported type. */
  documents: number;
  exported: number;
}

export async function largestExport(db: Db): Promise<LargestExport> {
  const { rows: totals } = await sql<{ n: number }>`select coalesce(sum(n), 0)::bigint as n from document_counts`.execute(db);
  const { rows: largest } = await sql<{ program_id: string; module: string; type_id: string; n: number }>`
    select program_id, module, type_id, sum(n)::bigint as n from document_counts
    group by program_id, module, type_id order by sum(n) desc limit 1`.execute(db);
  const requester = await db.selectFrom('users').select('id').orderBy('created_at').executeTakeFirstOrThrow();
  const target = largest[0];
  return {
    documents: Number(totals[0]?.n ?? 0),
    exported: Number(target?.n ?? 0),
    spec: {
      id: `bench-${Date.now()}`,
      requested_by: requester.id,
      scope: 'all',
      program_id: target?.program_id ?? '',
      module: target?.module ?? '',
      type_id: target?.type_id ?? '',
      document_id: null,
    },
  };
}
