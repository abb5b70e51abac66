/**
 * The checks a submission or a change passes inside its transaction, before anything is
 * written: the program takes documents (exists, active, not locked, the module switched on),
 * the caller is on its team, the type is attached to that module, the revision is a published
 * revision of the type's form, and the answers are valid against that revision.
 *
 * Rows read here are locked for as long as the write runs: the program `for share` (a lock
 * toggle or a delete waits for the submissions in flight, and submissions do not wait for each
 * other), the type record and the form `for key share` (their delete counts documents as
 * holders, and must see this one).
 */
import { sql, type RawBuilder } from 'kysely';
import { MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import type { FormField } from '@model/forms/field-definition.ts';
import { resourceEntry } from '@model/schema-registry.ts';
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { problems } from '../http/errors.ts';
import { assertValidDocument } from './document-check.ts';
import { onTeam, seesAllDocuments } from './document-scope.ts';
import { unknownAnswers } from './document-answers.ts';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

export interface DocumentProgram {
  id: string;
  status: boolean;
  lock_program: 0 | 1;
  active_module: Record<string, boolean>;
  document_visible: 'ALL' | 'OWN';
  program_head: string[];
  teams: string[];
  no_of_days_for_edit_program: number;
  /** The type ids attached to the module in question. */
  types: string[];
}

/** The program with the module's list of types, share-locked until the write commits. */
export async function programForDocument(trx: Db, programId: string, module: DocumentModule): Promise<DocumentProgram | undefined> {
  const { rows } = await sql<DocumentProgram>`select id, status, lock_program, active_module, document_visible, program_head, teams,
      no_of_days_for_edit_program, ${sql.ref(MODULE_KINDS[module].typeList)} as types
    from programs where id = ${programId} for share`.execute(trx);
  return rows[0];
}

/** A locked program takes no document change (423); a switched-off module none either (409). */
export function assertProgramTakesChanges(program: DocumentProgram, module: DocumentModule): void {
  if (program.lock_program === 1) throw problems.programLocked();
  if (program.active_module[module] === false) throw problems.moduleInactive(MODULE_KINDS[module].label);
}

/** A new document: the program is active too, and the caller on its team (unless they see every document). */
export function assertProgramTakesSubmissions(caller: Caller, program: DocumentProgram, module: DocumentModule): void {
  if (!program.status) throw problems.programInactive();
  assertProgramTakesChanges(program, module);
  if (!onTeam(caller.id, program) && !seesAllDocuments(caller)) throw problems.notOnProgram();
}

interface TypeForms {
  form: string | null;
  pre_event_form_ids?: string[];
  post_event_form_ids?: string[];
}

/** The forms a document of this type may be filled in: its form; an event type's pre- and post-event forms too. */
async function formsOfType(trx: Db, module: DocumentModule, typeId: string): Promise<string[] | undefined> {
  const table = MODULE_KINDS[module].typeResource;
  const columns = module === 'events' ? sql`form, pre_event_form_ids, post_event_form_ids` : sql`form`;
  const { rows } = await sql<TypeForms>`select ${columns} from ${sql.table(table)} where id = ${typeId} for key share`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  return [row.form, ...(row.pre_event_form_ids ?? []), ...(row.post_event_form_ids ?? [])].filter((f): f is string => !!f);
}

/** 422 naming type_id: the type record is not attached to the program's module. */
function typeNotAttached(module: DocumentModule) {
  const kind = MODULE_KINDS[module];
  const label = resourceEntry(kind.typeResource).label.one;
  return problems.documentMismatch({ type_id: `This ${label} is not attached to the ${kind.label} module of this program` });
}

/** 422 naming form_revision_id: no published revision of the type's forms. */
const notARevisionOfType = () =>
  problems.documentMismatch({ form_revision_id: "This is not a published revision of the form of this document's type" });

/** The type record is attached to the program's module (422 naming type_id otherwise). */
export async function assertTypeAttached(trx: Db, program: DocumentProgram, module: DocumentModule, typeId: string): Promise<string[]> {
  const forms = program.types.includes(typeId) ? await formsOfType(trx, module, typeId) : undefined;
  if (!forms) throw typeNotAttached(module);
  return forms;
}

export interface RevisionForDocument {
  id: string;
  form_id: string;
  version: number;
  structures: FormField[];
}

/** A published revision of one of the type's forms (422 naming form_revision_id otherwise); its form is key-share locked. */
export async function revisionForType(trx: Db, forms: string[], revisionId: string): Promise<RevisionForDocument> {
  const { rows } = await sql<RevisionForDocument>`select r.id, r.form_id, r.version, r.structures
    from form_revisions r join forms f on f.id = r.form_id
    where r.id = ${revisionId} and r.form_id = any(${forms}::text[])
    for key share of f`.execute(trx);
  if (!rows[0]) throw notARevisionOfType();
  return rows[0];
}

/** The answers against the revision: no key that is no field (400 naming it), then the compiled schema (400 naming each field). */
export function assertValidAnswers(revision: RevisionForDocument, answers: Record<string, unknown>): void {
  const unknown = unknownAnswers(revision.structures, answers);
  if (Object.keys(unknown).length) throw problems.validation(unknown);
  assertValidDocument({ structures: revision.structures, _id: revision.id }, answers);
}

/** SQL: the forms a document of the type record `t` may be filled in (formsOfType, as an array). */
export function typeFormsSql(module: DocumentModule): RawBuilder<string[]> {
  return module === 'events'
    ? sql`array_remove(array[t.form] || array(select jsonb_array_elements_text(coalesce(t.pre_event_form_ids, '[]') || coalesce(t.post_event_form_ids, '[]'))), null)`
    : sql`array_remove(array[t.form], null)`;
}

interface SubmissionRow extends DocumentProgram {
  /** The type's forms when the type is attached to the module; null otherwise. */
  forms: string[] | null;
  revision: RevisionForDocument | null;
}

/**
 * A new document's reads in ONE statement (one round trip, not three), locked in the order the
 * checks lock them one by one: the program `for share` (read first, in its CTE), then, through
 * it, the type record `for key share` (only when attached to the module), then the revision's
 * form `for key share`.
 */
async function submissionRow(
  trx: Db,
  body: { program_id: string; module: DocumentModule; type_id: string; form_revision_id: string },
): Promise<SubmissionRow | undefined> {
  const kind = MODULE_KINDS[body.module];
  const { rows } = await sql<SubmissionRow>`
    with p as (
      select id, status, lock_program, active_module, document_visible, program_head, teams, no_of_days_for_edit_program,
        ${sql.ref(kind.typeList)} as types
      from programs where id = ${body.program_id} for share
    )
    select p.*, t.forms, to_jsonb(r) as revision
    from p
    left join lateral (
      select ${typeFormsSql(body.module)} as forms from ${sql.table(kind.typeResource)} t
      where t.id = ${body.type_id} and p.types ? ${body.type_id} for key share
    ) t on true
    left join lateral (
      select r.id, r.form_id, r.version, r.structures from form_revisions r join forms f on f.id = r.form_id
      where r.id = ${body.form_revision_id} and r.form_id = any(t.forms) for key share of f
    ) r on true`.execute(trx);
  return rows[0];
}

/**
 * The reads of a new document's checks, each made once per write: the documents of one pushed
 * batch mostly share a program, a type and a revision, and the rows stay locked until it commits.
 */
export class SubmissionReads {
  private readonly held = new Map<string, Promise<SubmissionRow | undefined>>();
  constructor(private readonly trx: Db) {}

  rows(body: { program_id: string; module: DocumentModule; type_id: string; form_revision_id: string }) {
    const key = `${body.program_id} ${body.module} ${body.type_id} ${body.form_revision_id}`;
    if (!this.held.has(key)) this.held.set(key, submissionRow(this.trx, body));
    return this.held.get(key)!;
  }
}

/** Every check of a new document, before anything is written: answers the revision its answers are valid against. */
export async function checkSubmission(
  reads: SubmissionReads,
  caller: Caller,
  body: { program_id: string; module: DocumentModule; type_id: string; form_revision_id: string; form_data: Record<string, unknown> },
): Promise<RevisionForDocument> {
  const row = await reads.rows(body);
  if (!row) throw problems.documentMismatch({ program_id: 'Program does not exist' });
  assertProgramTakesSubmissions(caller, row, body.module);
  if (!row.forms) throw typeNotAttached(body.module);
  if (!row.revision) throw notARevisionOfType();
  assertValidAnswers(row.revision, body.form_data);
  return row.revision;
}
