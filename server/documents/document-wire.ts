/**
 * A stored document as the wire shows it (`schemas/document.schema.json`): the one query
 * that reads documents with what their answer names (program, submitter, revision, type record)
 * and the one mapping of such a row to the answer. Every route that answers a document — the
 * document routes, the dashboard, the Data Explorer — reads through these two, so the shape
 * cannot drift between them.
 *
 *   documentSelect(db).where('d.id', '=', id).executeTakeFirst()      one document, full
 *   documentSelect(db, { full: false }).where(...).orderBy('d.seq', 'desc').limit(10)   a list page
 *   toWireDocument(row, { full })
 *
 * Lists leave out the answers and the revision's fields (`form_data`, `form_fields`): a page of
 * a list must cost the same whatever the forms hold.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import type { FormField } from '@model/forms/field-definition.ts';
import { DOCUMENT_MODULES, MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../db/database.ts';

export interface DocumentRow {
  id: string;
  seq: number | string;
  local_id: string;
  program_id: string;
  program_slug: string;
  program_name: string;
  module: DocumentModule;
  type_id: string;
  type_name: string | null;
  form_id: string;
  form_revision_id: string;
  form_version: number;
  created_by: string;
  first_name: string;
  last_name: string;
  created_at: Date;
  updated_at: Date;
  processed_at: Date | null;
  /** Only in a full read. */
  form_data?: Record<string, unknown>;
  structures?: FormField[];
}

/** form_revisions (migration 011) has no table type of its own: the columns read here. */
interface RevisionColumns {
  id: string;
  form_id: string;
  version: number;
  structures: FormField[];
}

/**
 * The name of the document (under `alias`)'s type record, from the table of its module's kind
 * (only that one is read). Every value is written into the text, no bind parameter, so a COPY
 * (the exports) can carry it too.
 */
export function documentTypeName(alias = 'd'): RawBuilder<string | null> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const branches = DOCUMENT_MODULES.map(
    (m) => sql`when ${sql.lit(m)} then (select t.name from ${sql.table(MODULE_KINDS[m].typeResource)} t where t.id = ${column('type_id')})`,
  );
  return sql<string | null>`(case ${column('module')} ${sql.join(branches, sql` `)} end)`;
}

/**
 * Documents (`d`) with their program (`p`), submitter (`u`) and form revision (`r`), selecting a
 * DocumentRow; add the filter, order and limit. `full: false` for lists.
 */
export function documentSelect(db: Db, { full = true }: { full?: boolean } = {}) {
  const query = db
    .selectFrom('documents as d')
    .innerJoin('programs as p', 'p.id', 'd.program_id')
    .innerJoin('users as u', 'u.id', 'd.created_by')
    .innerJoin(sql<RevisionColumns>`form_revisions`.as('r'), 'r.id', 'd.form_revision_id')
    .select([
      'd.id',
      'd.seq',
      'd.local_id',
      'd.program_id',
      'p.name_slug as program_slug',
      'p.name as program_name',
      'd.module',
      'd.type_id',
      documentTypeName().as('type_name'),
      'r.form_id',
      'd.form_revision_id',
      'r.version as form_version',
      'd.created_by',
      'u.first_name',
      'u.last_name',
      // As read (Date): the table type's Generated<Timestamp> would type them as the column type.
      sql<Date>`d.created_at`.as('created_at'),
      sql<Date>`d.updated_at`.as('updated_at'),
      sql<Date | null>`d.processed_at`.as('processed_at'),
      (full ? sql<Record<string, unknown> | undefined>`d.form_data` : sql<undefined>`null`).as('form_data'),
      (full ? sql<FormField[] | undefined>`r.structures` : sql<undefined>`null`).as('structures'),
    ]);
  return query;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Each answer by field_name with the label its revision gave the field: the revision's fields
 * first, in their order, then any answer the revision does not name (kept, labelled by its name).
 */
export function labelledAnswers(answers: Record<string, unknown>, structures: FormField[]): NonNullable<Document['form_data']> {
  const out: NonNullable<Document['form_data']> = {};
  for (const field of structures) {
    if (Object.hasOwn(answers, field.field_name)) out[field.field_name] = { label: field.field_label, value: answers[field.field_name] };
  }
  for (const [name, value] of Object.entries(answers)) if (!Object.hasOwn(out, name)) out[name] = { label: name, value };
  return out;
}

export function toWireDocument(row: DocumentRow, { full }: { full: boolean }): Document {
  const kind = MODULE_KINDS[row.module];
  const typeName = row.type_name ?? '';
  const document: Document = {
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
    form_version: Number(row.form_version),
    user_object: { _id: row.created_by, first_name: row.first_name, last_name: row.last_name },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    processed: row.processed_at !== null,
    processedAt: row.processed_at === null ? null : iso(row.processed_at),
    cursor: String(row.seq),
  };
  if (!full) return document;
  const structures = row.structures ?? [];
  return { ...document, form_data: labelledAnswers(row.form_data ?? {}, structures), form_fields: { structures } };
}
