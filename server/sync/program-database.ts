/**
 * What a program's offline database holds, as documents a device reads without the server:
 *
 *   program                          the program as GET /program/{id} answers it
 *   type:{list}:{id}                 each type record attached to it (beneficiary_types…)
 *   form-revision:{id}               every published revision of the forms those types use (a
 *                                    document may be filled against any of them), compiled
 *   view-list:{id}:{n}               the rows of each view list those revisions pick from, in
 *                                    chunks of VIEW_LIST_CHUNK_ROWS, so 100,000 rows are 100
 *                                    documents, not 100,000
 *
 * publishProgram writes that state into `program-{id}`: only documents whose body changed get a
 * revision, so a device pulls exactly what changed.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { compileForm } from '@model/forms/compile-form.ts';
import type { FormField } from '@model/forms/field-definition.ts';
import { findProgram } from '../programs/program-read.ts';
import { TYPE_LIST_NAMES, TYPE_LISTS } from '../programs/program-lists.ts';
import { GenericStore } from '../crud/generic-store.ts';
import { FORM_RESOURCE } from '../forms/form-kit.ts';
import { VIEW_LIST_RESOURCE } from '../view-lists/view-list-store.ts';
import { publishDocuments, type Body, type Published } from './publish-documents.ts';

export const VIEW_LIST_CHUNK_ROWS = 1000;

/** The database a program's configuration is pulled from. */
export const programDatabase = (programId: string) => `program-${programId}`;

/** A record a database's content was read from: a change-log row naming it means a new build. */
export type Dependency = readonly [resource: string, recordId: string];

export interface ProgramContent {
  documents: Map<string, Body>;
  dependencies: Dependency[];
}

/** Publishes the program's current configuration into its offline database. */
export async function publishProgram(db: Db, programId: string): Promise<Published> {
  return publishDocuments(db, programDatabase(programId), (await programContent(db, programId)).documents);
}

/**
 * The documents the program's database should hold now, and every record they were read from
 * (404 when there is no such program).
 */
export async function programContent(db: Db, programId: string): Promise<ProgramContent> {
  const program = await findProgram(db, programId);
  const documents = new Map<string, Body>([['program', asBody(program)]]);
  const dependencies: Dependency[] = [['program', programId]];
  const formIds = new Set<string>();
  for (const list of TYPE_LIST_NAMES) {
    const ids = program[list] as string[];
    if (!ids.length) continue;
    // Named even when missing: the record created later under that id joins the program.
    for (const id of ids) dependencies.push([TYPE_LISTS[list], id]);
    const { rows } = await new GenericStore(TYPE_LISTS[list]).list(db, { sort: { field: '_id', order: 'ASC' }, equals: { _id: ids } });
    for (const record of rows) {
      documents.set(`type:${list}:${String(record._id)}`, asBody(record));
      for (const form of formsOf(record)) formIds.add(form);
    }
  }
  // Every form named, published or not: its first publish is a change the database must follow.
  for (const form of formIds) dependencies.push([FORM_RESOURCE, form]);
  const lists = new Set<string>();
  for (const [id, revision] of await compiledRevisions(db, [...formIds])) {
    documents.set(`form-revision:${id}`, revision);
    for (const list of viewListsOf(revision.uiSchema)) lists.add(list);
  }
  for (const list of lists) dependencies.push([VIEW_LIST_RESOURCE, list]);
  for (const [id, chunk] of await viewListChunks(db, [...lists])) documents.set(id, chunk);
  return { documents, dependencies };
}

/**
 * A record as a document body: CouchDB reserves top-level fields starting with `_` (the body's
 * `_id` would be taken for the document's), so the record's own `_id` travels as `id`.
 */
function asBody(record: Record<string, unknown>): Body {
  const { _id, ...fields } = record;
  return { id: _id, ...fields };
}

/** The forms a type record's documents are filled in: its form; an event type's pre- and post-event forms. */
function formsOf(record: Record<string, unknown>): string[] {
  const named = [record.form, ...((record.pre_event_form_ids as unknown[]) ?? []), ...((record.post_event_form_ids as unknown[]) ?? [])];
  return named.filter((f): f is string => typeof f === 'string' && f.length > 0);
}

async function compiledRevisions(db: Db, formIds: string[]): Promise<Map<string, Body & { uiSchema: unknown }>> {
  if (!formIds.length) return new Map();
  const { rows } = await sql<{ id: string; form_id: string; name: string; version: number; structures: FormField[] }>`
    select r.id, r.form_id, f.name, r.version, r.structures from form_revisions r join forms f on f.id = r.form_id
    where r.form_id = any(${formIds}::text[]) order by r.form_id, r.version`.execute(db);
  return new Map(
    rows.map((r) => {
      const { schema, uiSchema } = compileForm(r.structures);
      return [r.id, { form_id: r.form_id, name: r.name, version: r.version, structures: r.structures, schema, uiSchema }];
    }),
  );
}

/** The view lists a compiled uiSchema picks from (`ui:options.viewList`, at any depth). */
function viewListsOf(uiSchema: unknown): string[] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const here = (uiSchema as Record<string, unknown>)['ui:options'] as { viewList?: unknown } | undefined;
  const own = typeof here?.viewList === 'string' ? [here.viewList] : [];
  return [...own, ...Object.values(uiSchema).flatMap(viewListsOf)];
}

async function viewListChunks(db: Db, listIds: string[]): Promise<Map<string, Body>> {
  const chunks = new Map<string, Body>();
  if (!listIds.length) return chunks;
  const { rows } = await sql<{ id: string; name: string; columns: string[]; row_no: number; cells: unknown[] }>`
    select l.id, l.name, l.columns, r.row_no, r.cells from view_lists l
    join view_list_rows r on r.view_list_id = l.id and r.generation = l.generation
    where l.id = any(${listIds}::text[]) order by l.id, r.row_no`.execute(db);
  for (const row of rows) {
    const n = Math.floor(row.row_no / VIEW_LIST_CHUNK_ROWS);
    const id = `view-list:${row.id}:${n}`;
    const chunk = chunks.get(id) ?? { view_list_id: row.id, name: row.name, columns: row.columns, chunk: n, rows: [] as unknown[] };
    (chunk.rows as unknown[]).push(row.cells);
    chunks.set(id, chunk);
  }
  return chunks;
}
