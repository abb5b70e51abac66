/**
 * A submission in ONE statement, the mobile app's hot path: the checks that read the database,
 * the row, its counters, its change row and the rows its answer shows, all in one round trip and
 * one implicit transaction (no BEGIN, no COMMIT, no read-back).
 *
 * The statement re-states every check of checkSubmission in SQL (the program takes documents and
 * the caller is on its team, the type is attached to the module, the revision is one of the type's
 * forms), locking the rows in the same order as the transaction does (program `for share`, type
 * and form `for key share`), and inserts only when all hold. The answers are checked beforehand
 * against the revision, read once per process (revisions never change, revision-cache.ts).
 *
 * Anything short of the plain case answers undefined and the caller takes the transaction, which
 * says precisely what is wrong in the order it always has: a check that fails, answers the
 * revision refuses, files named in the answers (their claims need the transaction), a local id
 * already taken (a retry: answered with the stored document), a revision unknown here. A
 * submission refused on this path has written nothing.
 */
import { randomUUID } from 'node:crypto';
import { MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import type { Document } from '@model/generated/index.ts';
import type { Db } from '../db/database.ts';
import { runStatement } from '../db/prepared.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { ChangeSet, changeRowParameters, withChangeRow, type ChangeContext } from '../changes/change-log.ts';
import { assertValidAnswers, typeFormsSql } from './document-checks.ts';
import { attachmentAnswers } from './document-answers.ts';
import { countingCtes } from './document-counters.ts';
import { recordSubmitted } from './document-changes.ts';
import { seesAllDocuments } from './document-scope.ts';
import { toWireDocument, type DocumentRow } from './document-wire.ts';
import type { NewDocument } from './document-store.ts';
import { knownRevision } from './revision-cache.ts';

/** The statement's parameters before the change row's: $1 … $10. */
const CHANGE_ROW_FROM = 11;

/**
 * Whether the statement writes the change row: always, but for bench/change-cost.ts, which turns
 * it off to weigh what the row costs (as it skips ChangeSet.flush for writes in a transaction).
 */
export const oneStatementLog = { changeRow: true };

/**
 * $1 id, $2 local id, $3 program, $4 module, $5 type, $6 revision, $7 answers, $8 caller,
 * $9 now, $10 whether the caller sees every document (not on the team, then, and still allowed).
 */
function statementText(db: Db, module: DocumentModule, changeRow: boolean): string {
  const kind = MODULE_KINDS[module];
  const counting = countingCtes('inserted').compile(db).sql;
  return `/* prepared:submit_document_${module}${changeRow ? '' : '_unlogged'} */
  with program_row as (
    select id, name, name_slug from programs
    where id = $3 and status and lock_program = 0
      and (active_module -> $4::text) is distinct from 'false'::jsonb
      and ${kind.typeList} ? $5::text
      and ($10::boolean or teams @> jsonb_build_array($8::text) or program_head @> jsonb_build_array($8::text))
    for share
  ),
  type_row as (
    select t.name, ${typeFormsSql(module).compile(db).sql} as forms from ${kind.typeResource} t, program_row
    where t.id = $5 for key share of t
  ),
  form_row as (
    select f.id from form_revisions r join forms f on f.id = r.form_id, type_row
    where r.id = $6 and r.form_id = any(type_row.forms) for key share of f
  ),
  inserted as (
    insert into documents (id, local_id, program_id, module, type_id, form_revision_id, form_data, created_by, created_at, updated_at)
    select $1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $9 from form_row
    on conflict (local_id) do nothing
    returning id, seq, program_id, module, type_id, created_by, created_at
  ),
  ${counting},
  -- The change log's order lock after the counters' row locks, as a transaction takes them.
  written as (select id from inserted where (select count(*) from stretches) >= 0)
  ${changeRow ? withChangeRow('written', CHANGE_ROW_FROM, 'logged') : ', logged as (select id from written)'}
  select d.seq, p.name_slug as program_slug, p.name as program_name, t.name as type_name, u.first_name, u.last_name
  from inserted d join users u on u.id = d.created_by, program_row p, type_row t, logged`;
}

/** What the statement answers beyond what it was given: the row's place, and the names the answer shows. */
type StatementRow = Pick<DocumentRow, 'seq' | 'program_slug' | 'program_name' | 'type_name' | 'first_name' | 'last_name'>;

const texts = new Map<string, string>();

/** The stored document as GET answers it, or undefined when the submission needs the transaction. */
export async function submitInOneStatement(
  db: Db,
  caller: SessionUser,
  body: NewDocument,
  context: ChangeContext,
  now: Date,
): Promise<Document | undefined> {
  const revision = await knownRevision(db, body.form_revision_id);
  if (!revision) return undefined;
  if (attachmentAnswers(revision.structures, body.form_data).length) return undefined;
  try {
    assertValidAnswers(revision, body.form_data);
  } catch {
    return undefined;
  }
  const id = randomUUID();
  const { changeRow } = oneStatementLog;
  const changes = new ChangeSet();
  recordSubmitted(changes, id, body, caller.id, []);
  const key = `${body.module} ${changeRow}`;
  let text = texts.get(key);
  if (!text) texts.set(key, (text = statementText(db, body.module, changeRow)));
  const rows = await runStatement<StatementRow>(db, text, [
    id,
    body.local_id,
    body.program_id,
    body.module,
    body.type_id,
    body.form_revision_id,
    JSON.stringify(body.form_data),
    caller.id,
    now,
    seesAllDocuments(caller),
    ...(changeRow ? changeRowParameters(changes.entries[0]!, context) : []),
  ]);
  const row = rows[0];
  if (!row) return undefined;
  // The rest of the stored row is what was sent to be stored: the answers as parsed from the body
  // (the revision's fields, in its order, so jsonb's order of keys never shows), `now`, no processing.
  return toWireDocument(
    {
      ...row,
      id,
      local_id: body.local_id,
      program_id: body.program_id,
      module: body.module,
      type_id: body.type_id,
      form_revision_id: body.form_revision_id,
      form_data: body.form_data,
      created_by: caller.id,
      created_at: now,
      updated_at: now,
      processed_at: null,
      form_id: revision.form_id,
      form_version: revision.version,
      structures: revision.structures,
    },
    { full: true },
  );
}
