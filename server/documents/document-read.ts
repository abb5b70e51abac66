/**
 * A document as the wire shows it (model/schemas/document.schema.json): its program, its type
 * record's name (under the module's `*_type_name` key as well), the revision it was filled
 * against, who submitted it and whether it was processed. The full shape also carries the
 * answers with their labels (`form_data`) and the revision's fields (`form_fields`); lists
 * leave both out. Other readers (the dashboard, the Data Explorer) select DOCUMENT_COLUMNS
 * from DOCUMENT_SOURCE with their own filter and order, and answer rows with toDocument.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import type { FormField } from '@model/forms/field-definition.ts';
import { DOCUMENT_MODULES, MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { problems } from '../http/errors.ts';
import { visibleTo } from './document-scope.ts';

/** Every type record of the five kinds as (module, id, name), for one join. */
const TYPE_RECORDS = sql.join(
  DOCUMENT_MODULES.map((m) => sql`select ${m}::text as module, id, name from ${sql.table(MODULE_KINDS[m].typeResource)}`),
  sql` union all `,
);

/** `documents d` with what an answer names: program `p`, revision `r`, submitter `u`, type record `t`. */
export const DOCUMENT_SOURCE: RawBuilder<unknown> = sql`documents d
  join programs p on p.id = d.program_id
  join form_revisions r on r.id = d.form_revision_id
  join users u on u.id = d.created_by
  left join (${TYPE_RECORDS}) t on t.module = d.module and t.id = d.type_id`;

/** The columns toDocument reads; `full` adds the answers and the revision's fields. */
export function documentColumns(full: boolean): RawBuilder<unknown> {
  return sql`d.id, d.seq, d.local_id, d.program_id, d.module, d.type_id, d.form_revision_id, d.created_by, d.created_at,
    d.updated_at, d.processed_at, p.name as program_name, p.name_slug as program_slug, t.name as type_name, r.form_id,
    r.version as form_version, u.first_name, u.last_name${full ? sql`, d.form_data, r.structures` : sql``}`;
}

export interface DocumentRow {
  id: string;
  seq: string | number;
  local_id: string;
  program_id: string;
  module: DocumentModule;
  type_id: string;
  form_revision_id: string;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  processed_at: Date | null;
  program_name: string;
  program_slug: string;
  type_name: string | null;
  form_id: string;
  form_version: number;
  first_name: string;
  last_name: string;
  form_data?: Record<string, unknown>;
  structures?: FormField[];
}

/** Each answer with the label its field has in the document's revision. */
function labelledAnswers(answers: Record<string, unknown>, structures: FormField[]): Document['form_data'] {
  const labels = new Map(structures.map((f) => [f.field_name, f.field_label]));
  return Object.fromEntries(Object.entries(answers).map(([name, value]) => [name, { label: labels.get(name) ?? name, value }]));
}

export function toDocument(row: DocumentRow): Document {
  const kind = MODULE_KINDS[row.module];
  const typeName = row.type_name ?? '';
  return {
    _id: row.id,
    local_id: row.local_id,
    doc_type: kind.docType,
    module: row.module,
    program_id: row.program_id,
    program_slug: row.program_slug,
    program_name: row.program_name,
    type_id: row.type_id,
    type_name: typeName,
    [kind.typeNameKey]: typeName,
    form_id: row.form_id,
    form_revision_id: row.form_revision_id,
    form_version: row.form_version,
    ...(row.form_data !== undefined && row.structures !== undefined
      ? { form_data: labelledAnswers(row.form_data, row.structures), form_fields: { structures: row.structures } }
      : {}),
    user_object: { _id: row.created_by, first_name: row.first_name, last_name: row.last_name },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    processed: row.processed_at !== null,
    processedAt: row.processed_at ? new Date(row.processed_at).toISOString() : null,
    cursor: String(row.seq),
  };
}

/** The document in full, read without a visibility rule (after a write that checked it). */
export async function loadDocument(db: Db, id: string): Promise<Document> {
  const { rows } = await sql<DocumentRow>`select ${documentColumns(true)} from ${DOCUMENT_SOURCE} where d.id = ${id}`.execute(db);
  if (!rows[0]) throw problems.documentNotFound();
  return toDocument(rows[0]);
}

/** The document in full when the caller may read it; else 404 DOCUMENT_NOT_FOUND (its existence is not told). */
export async function readVisibleDocument(db: Db, caller: Pick<SessionUser, 'id' | 'permission'>, id: string): Promise<Document> {
  const { rows } = await sql<DocumentRow>`select ${documentColumns(true)} from ${DOCUMENT_SOURCE}
    where d.id = ${id} and ${visibleTo(caller, 'd')}`.execute(db);
  if (!rows[0]) throw problems.documentNotFound();
  return toDocument(rows[0]);
}
