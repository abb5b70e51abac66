/**
 * Custom forms in PostgreSQL. The form row is the draft; revisions are written only by
 * `publish` and never changed (a trigger of migration 011 refuses it). Every write to a form
 * locks its row first (`for update`), so writes to one form run one after the other: two
 * publishes get consecutive numbers, and a draft_version check sees the latest save.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { FormField } from '@model/forms/field-definition.ts';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import type { CrudStore, Row } from '../crud/crud-store.ts';
import type { ListParams } from '../crud/list-params.ts';
import { equalsCondition, searchCondition, sortKey } from '../crud/list-sql.ts';
import { assertNotHeld, referrersOf } from '../crud/references.ts';
import { nameSlug } from '../db/name-slug.ts';

interface FormRow {
  id: string;
  name: string;
  name_slug: string;
  parent_id: string | null;
  structures?: FormField[];
  program_ids: string[];
  field_count: number;
  created_at: Date;
  updated_at: Date;
  version: number;
  draft_version: number;
  status: boolean;
  creator_id: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
}

interface RevisionRow {
  id: string;
  form_id: string;
  version: number;
  name: string;
  structures: FormField[];
  field_count: number;
  created_at: Date;
  creator_id: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
}

/** The draft as stored, read under the row lock for a write. */
export interface LockedForm {
  id: string;
  name: string;
  parent_id: string | null;
  structures: FormField[];
  program_ids: string[];
  version: number;
  draft_version: number;
  status: boolean;
}

export interface Draft {
  name: string;
  structures: FormField[];
  program_ids: string[];
}

const person = (r: { creator_id: string | null; creator_first_name: string | null; creator_last_name: string | null }) =>
  r.creator_id ? { _id: r.creator_id, first_name: r.creator_first_name ?? '', last_name: r.creator_last_name ?? '' } : null;

export function formAnswer(r: FormRow): Row {
  return {
    _id: r.id,
    name: r.name,
    name_slug: r.name_slug,
    parent_id: r.parent_id,
    program_ids: r.program_ids,
    programs: r.program_ids,
    ...(r.structures ? { structures: r.structures } : {}),
    field_count: r.field_count,
    created_by: person(r),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    version: r.version,
    has_published: r.version > 0,
    status: r.status,
    draft_version: r.draft_version,
  };
}

/**
 * What the change log keeps of a form, from the row locked for a write or from the form as
 * answered: its stored fields. Derived ones (name_slug, programs, field_count, has_published)
 * and who made it when (the change row says) are left out.
 */
export function loggedForm(
  f: Partial<Record<'name' | 'parent_id' | 'structures' | 'program_ids' | 'version' | 'draft_version' | 'status', unknown>>,
): Row {
  return {
    name: f.name,
    parent_id: f.parent_id,
    program_ids: f.program_ids,
    structures: f.structures,
    version: f.version,
    draft_version: f.draft_version,
    status: f.status,
  };
}

function revisionAnswer(r: RevisionRow): Row {
  return {
    _id: r.id,
    form_id: r.form_id,
    version: r.version,
    name: r.name,
    structures: r.structures,
    field_count: r.field_count,
    created_at: new Date(r.created_at).toISOString(),
    created_by: person(r),
  };
}

/** The form's slug ("Household Visit 2" → "household-visit-2"). */
export const formSlug = (name: string) => nameSlug(name, 'form');

const FORM_COLUMNS = sql`f.id, f.name, f.name_slug, f.parent_id, f.program_ids, jsonb_array_length(f.structures)::int as field_count,
  f.created_at, f.updated_at, f.version, f.draft_version, f.status,
  u.id as creator_id, u.first_name as creator_first_name, u.last_name as creator_last_name`;
const FROM_FORMS = sql`forms f left join users u on u.id = f.created_by`;

/** Each wire field a list sorts or filters by, as SQL. */
const COLUMNS: Record<string, { sql: RawBuilder<unknown>; text?: boolean }> = {
  _id: { sql: sql`f.id` },
  name: { sql: sql`f.name`, text: true },
  name_slug: { sql: sql`f.name_slug`, text: true },
  parent_id: { sql: sql`f.parent_id` },
  field_count: { sql: sql`jsonb_array_length(f.structures)` },
  created_at: { sql: sql`f.created_at` },
  updated_at: { sql: sql`f.updated_at` },
  version: { sql: sql`f.version` },
  has_published: { sql: sql`(f.version > 0)` },
  status: { sql: sql`f.status` },
  draft_version: { sql: sql`f.draft_version` },
};

function column(field: string) {
  const found = COLUMNS[field];
  if (!found) throw problems.badRequest(`Cannot sort or filter forms by ${field}`, { filter: `Not a field of a form list: ${field}` });
  return found;
}

export const formStore: CrudStore = {
  /** Rows without `structures` (a list never needs them), with `field_count`. */
  async list(db: Db, params: ListParams) {
    const where: RawBuilder<unknown>[] = [sql`true`];
    const search = searchCondition([sql`f.name`], params.search);
    if (search) where.push(search);
    for (const [field, value] of Object.entries(params.equals)) where.push(equalsCondition(column(field).sql, value));
    const condition = sql.join(where, sql` and `);
    const sort = column(params.sort.field);
    const order = sql`${sortKey(sort.sql, params.sort.order, !!sort.text)}, f.id`;
    const page = params.range ? sql`limit ${params.range.end - params.range.start + 1} offset ${params.range.start}` : sql``;
    const { rows } = await sql<FormRow>`select ${FORM_COLUMNS} from ${FROM_FORMS} where ${condition} order by ${order} ${page}`.execute(db);
    const counted = await sql<{ n: number }>`select count(*)::int as n from forms f where ${condition}`.execute(db);
    return { rows: rows.map(formAnswer), total: counted.rows[0]?.n ?? 0 };
  },

  async get(db: Db, id: string) {
    return findForm(db, id);
  },
};

/** One form as answered, with its draft's fields. */
export async function findForm(db: Db, id: string): Promise<Row> {
  const { rows } = await sql<FormRow>`select ${FORM_COLUMNS}, f.structures from ${FROM_FORMS} where f.id = ${id}`.execute(db);
  if (!rows[0]) throw problems.notFound('Form');
  return formAnswer(rows[0]);
}

/** Locks the form's row for the rest of the transaction; writes to one form wait for each other here. */
export async function lockForm(trx: Db, id: string): Promise<LockedForm> {
  const { rows } = await sql<LockedForm>`select id, name, parent_id, structures, program_ids, version, draft_version, status
    from forms where id = ${id} for update`.execute(trx);
  if (!rows[0]) throw problems.notFound('Form');
  return rows[0];
}

/** A stale draft_version changes nothing: the writer did not see the latest save. */
export function assertFreshDraft(form: LockedForm, draftVersion: number | undefined): void {
  if (draftVersion !== undefined && draftVersion !== form.draft_version) throw problems.staleDraft();
}

export async function insertForm(trx: Db, draft: Draft & { parent_id: string | null }, createdBy: string, now: Date): Promise<Row> {
  if (draft.parent_id) {
    // Held until commit, so the form copied from cannot go while its copy is made.
    const { rows } = await sql`select 1 from forms where id = ${draft.parent_id} for key share`.execute(trx);
    if (!rows.length) throw problems.validation({ parent_id: 'The form this is a copy of does not exist' });
  }
  const id = randomUUID();
  await sql`insert into forms (id, name, name_slug, parent_id, structures, program_ids, created_by, created_at, updated_at)
    values (${id}, ${draft.name}, ${formSlug(draft.name)}, ${draft.parent_id}, ${JSON.stringify(draft.structures)}::jsonb,
      ${draft.program_ids}::text[], ${createdBy}, ${now}, ${now})`.execute(trx);
  return findForm(trx, id);
}

/** Saves the draft of a locked form: one more saved change. */
export async function saveDraft(trx: Db, form: LockedForm, draft: Draft, now: Date): Promise<void> {
  await sql`update forms set name = ${draft.name}, name_slug = ${formSlug(draft.name)}, structures = ${JSON.stringify(draft.structures)}::jsonb,
    program_ids = ${draft.program_ids}::text[], draft_version = draft_version + 1, updated_at = ${now}
    where id = ${form.id}`.execute(trx);
}

/**
 * Publishes the draft of a locked form as its next revision. The caller holds the row lock,
 * so `version + 1` is free; the unique (form_id, version) would refuse a duplicate anyway.
 */
export async function publishDraft(trx: Db, form: LockedForm, draft: Draft, publishedBy: string, now: Date): Promise<void> {
  const next = form.version + 1;
  await sql`insert into form_revisions (id, form_id, version, name, structures, created_by, created_at)
    values (${randomUUID()}, ${form.id}, ${next}, ${draft.name}, ${JSON.stringify(draft.structures)}::jsonb, ${publishedBy}, ${now})`.execute(
    trx,
  );
  await sql`update forms set name = ${draft.name}, name_slug = ${formSlug(draft.name)}, structures = ${JSON.stringify(draft.structures)}::jsonb,
    program_ids = ${draft.program_ids}::text[], version = ${next}, draft_version = draft_version + 1, updated_at = ${now}
    where id = ${form.id}`.execute(trx);
}

export async function toggleStatus(trx: Db, id: string, now: Date): Promise<Row> {
  const { rows } = await sql`update forms set status = not status, updated_at = ${now} where id = ${id} returning id`.execute(trx);
  if (!rows.length) throw problems.notFound('Form');
  return findForm(trx, id);
}

/**
 * Deletes a form and, by cascade, its revisions; answers the form as it was. A form a record
 * type refers to (its form, or one of its pre-/post-event forms) is not deleted: 409 IN_USE
 * naming who holds it, counted under the form's row lock; the foreign keys back that up.
 */
export async function deleteForm(trx: Db, id: string): Promise<Row> {
  await lockForm(trx, id);
  await assertNotHeld(trx, referrersOf('custom-form'), id, 'Form');
  const deleted = await findForm(trx, id);
  try {
    await sql`delete from forms where id = ${id}`.execute(trx);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '23001' || code === '23503') throw problems.inUse('Form');
    throw err;
  }
  return deleted;
}

const REVISION_COLUMNS = sql`r.id, r.form_id, r.version, r.name, r.structures, jsonb_array_length(r.structures)::int as field_count,
  r.created_at, u.id as creator_id, u.first_name as creator_first_name, u.last_name as creator_last_name`;
const FROM_REVISIONS = sql`form_revisions r left join users u on u.id = r.created_by`;

/** A form's revisions, newest first; 404 when there is no such form. */
export async function listRevisions(db: Db, formId: string): Promise<Row[]> {
  await findForm(db, formId);
  const { rows } = await sql<RevisionRow>`select ${REVISION_COLUMNS} from ${FROM_REVISIONS}
    where r.form_id = ${formId} order by r.version desc`.execute(db);
  return rows.map(revisionAnswer);
}

export async function findRevisionByNumber(db: Db, formId: string, version: number): Promise<{ name: string; structures: FormField[] }> {
  const { rows } = await sql<{ name: string; structures: FormField[] }>`select name, structures from form_revisions
    where form_id = ${formId} and version = ${version}`.execute(db);
  if (!rows[0]) throw problems.notFound(`Revision ${version} of this form`);
  return rows[0];
}

export interface Revision {
  id: string;
  form_id: string;
  version: number;
  name: string;
  structures: FormField[];
}

export async function findRevision(db: Db, id: string): Promise<Revision> {
  const { rows } = await sql<Revision>`select id, form_id, version, name, structures
    from form_revisions where id = ${id}`.execute(db);
  if (!rows[0]) throw problems.notFound('Form revision');
  return rows[0];
}

/**
 * The active, published forms that list the program, each as its latest revision shows it: the
 * forms one can pick to use. Revisions keep no programs, so the match is on the form's own
 * program_ids (as its draft says now).
 */
export async function publishedForProgram(db: Db, programId: string): Promise<Row[]> {
  const { rows } = await sql<FormRow>`select ${FORM_COLUMNS}, r.name as revision_name, r.structures as structures
    from ${FROM_FORMS} join form_revisions r on r.form_id = f.id and r.version = f.version
    where ${programId} = any(f.program_ids) and f.version > 0 and f.status
    order by lower(r.name), f.id`.execute(db);
  return rows.map((r) => {
    const { revision_name, ...row } = r as FormRow & { revision_name: string };
    return {
      ...formAnswer({ ...row, name: revision_name }),
      field_count: Array.isArray(row.structures) ? row.structures.length : 0,
    };
  });
}
