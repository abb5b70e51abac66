/**
 * The SQL of one export: which documents (the program and type or module, one document, the
 * requester's own only when their sight of the program is "own"), the forms whose fields become
 * columns, and the SELECT that COPY streams. COPY takes no bind parameters, so every value is
 * written into the text as a quoted literal (pg's escapeLiteral) — they are ids and field names.
 *
 * Cells a spreadsheet would run as a formula (starting with = + - @, a tab or a return) get a
 * leading apostrophe here, in SQL, so no row passes through JavaScript on its way to the file.
 */
import pg from 'pg';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import { defused, isoTime } from '../../exports/csv-sql.ts';
import type { Db, ExportTable } from '../../db/database.ts';
import { visibleDocumentCount } from '../document-scope.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { fieldColumns, type FieldColumn, type RevisionFields } from './export-columns.ts';
import type { ServerLanguage } from '../../settings/reader-language.ts';

/** A document export: its program and module (an audit export has neither: audit-export-sql.ts). */
export type ExportSpec = Pick<Selectable<ExportTable>, 'id' | 'requested_by' | 'scope' | 'type_id' | 'document_id'> & {
  program_id: string;
  module: string;
};

type Caller = Pick<SessionUser, 'id' | 'permission'>;

const literal = (value: string) => pg.escapeLiteral(value);

/** Runs a query where the export runs (its own connection), answering its rows. */
export type RunQuery = <R>(query: RawBuilder<R>) => Promise<R[]>;

/** SQL condition: the documents the export covers (under alias d). */
export function documentFilter(spec: ExportSpec): string {
  const conditions = [`d.program_id = ${literal(spec.program_id)}`];
  if (spec.document_id !== null) conditions.push(`d.id = ${literal(spec.document_id)}`);
  else conditions.push(`d.module = ${literal(spec.module)}`, ...(spec.type_id !== null ? [`d.type_id = ${literal(spec.type_id)}`] : []));
  if (spec.scope === 'own') conditions.push(`d.created_by = ${literal(spec.requested_by)}`);
  return conditions.join(' and ');
}

/**
 * The table of the export's type records: every document it covers is of its one module, so the
 * type's name is a join to that small table (hashed once), not a lookup per row.
 */
function typeTable(spec: ExportSpec): string {
  const kind = MODULE_KINDS[spec.module as DocumentModule];
  if (!kind) throw new Error(`Unknown module ${spec.module}`);
  return `"${kind.typeResource.replace(/"/g, '""')}"`;
}

/**
 * The SELECT COPY streams: the fixed columns, then each field's answer as text (a list or an
 * object, such as a field group's answers, as JSON), oldest document first.
 */
export function exportSelect(spec: ExportSpec, columns: FieldColumn[]): string {
  // The answers are read once per row in a subquery that the planner keeps (offset 0), so the
  // defusing CASE does not extract each answer three times. The order is inside it, where an
  // index on seq gives it as the rows stream (no sort holding back the first row); the outer
  // scan keeps it.
  const answers = columns.map((c, i) => `d.form_data ->> ${literal(c.fieldName)} as a${i}`);
  const cells = [
    'x.id',
    defused('x.local_id'),
    defused('x.type_name'),
    defused('x.submitted_by'),
    isoTime('x.created_at'),
    'x.version',
    isoTime('x.processed_at'),
    ...columns.map((_, i) => defused(`x.a${i}`)),
  ];
  return `select ${cells.join(', ')} from (
    select d.seq, d.id, d.local_id, t.name as type_name, u.first_name || ' ' || u.last_name as submitted_by, d.created_at, r.version, d.processed_at
      ${answers.map((a) => `, ${a}`).join('')}
    from documents d
    join users u on u.id = d.created_by
    join form_revisions r on r.id = d.form_revision_id
    left join ${typeTable(spec)} t on t.id = d.type_id
    where ${documentFilter(spec)}
    order by d.seq
    offset 0
  ) x`;
}

/** How many documents the export will write: the caller's visible count of them (a one-document export: 1). */
export async function expectedRows(db: Db, caller: Caller, spec: ExportSpec): Promise<number> {
  if (spec.document_id !== null) return 1;
  return visibleDocumentCount(db, caller, {
    programId: spec.program_id,
    ...(spec.type_id !== null ? { typeId: spec.type_id } : { module: spec.module }),
    ...(spec.scope === 'own' ? { createdBy: spec.requested_by } : {}),
  });
}

interface TypeForms {
  form: string | null;
  pre_event_form_ids?: string[] | null;
  post_event_form_ids?: string[] | null;
}

/** The forms of the export's type records, in the order their fields come. */
async function typeForms(run: RunQuery, spec: ExportSpec): Promise<string[]> {
  const kind = MODULE_KINDS[spec.module as DocumentModule];
  if (!kind) return [];
  const typeIds =
    spec.type_id !== null
      ? sql`select ${spec.type_id}::text as id, 0 as ord`
      : sql`select value as id, ordinality as ord from programs p, jsonb_array_elements_text(p.${sql.ref(kind.typeList)}) with ordinality
            where p.id = ${spec.program_id}`;
  const extra = spec.module === 'events' ? sql`, t.pre_event_form_ids, t.post_event_form_ids` : sql``;
  const rows = await run(sql<TypeForms>`
    select t.form ${extra} from (${typeIds}) wanted join ${sql.table(kind.typeResource)} t on t.id = wanted.id
    order by wanted.ord`);
  const forms = rows.flatMap((t) => [t.form, ...(t.pre_event_form_ids ?? []), ...(t.post_event_form_ids ?? [])]);
  return [...new Set(forms.filter((f): f is string => !!f))];
}

/**
 * The field columns: every revision of the type's forms, and of any other form a covered
 * document was filled in (a type may have changed its form since). A one-document export has
 * the fields of its own revision only.
 */
export async function exportColumns(run: RunQuery, spec: ExportSpec, language: ServerLanguage = 'en'): Promise<FieldColumn[]> {
  if (spec.document_id !== null) {
    const rows = await run(sql<RevisionFields>`
      select r.form_id, r.version, r.structures from documents d join form_revisions r on r.id = d.form_revision_id
      where d.id = ${spec.document_id}`);
    return fieldColumns([], rows, language);
  }
  const ordered = await typeForms(run, spec);
  // Any other form is a column source only if a covered document was filled in one of its
  // revisions: one probe of documents_revision per candidate revision, whatever the table holds.
  const covered = sql.raw(documentFilter(spec));
  const rows = await run(sql<RevisionFields>`
    select r.form_id, r.version, r.structures from form_revisions r where r.form_id = any(${ordered}::text[])
    union all
    select r.form_id, r.version, r.structures from form_revisions r
    where not (r.form_id = any(${ordered}::text[]))
      and exists (select 1 from documents d where d.form_revision_id = r.id and ${covered})`);
  return fieldColumns(ordered, rows, language);
}
