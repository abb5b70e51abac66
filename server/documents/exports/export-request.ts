/**
 * Turning a request into an export: which documents (a program's type or module, or one
 * document), in the caller's sight (document-scope.ts: all of the program's documents, or only
 * their own), recorded and queued in one transaction. Asking again for an export that is still
 * queued or running answers that one; a caller has at most MAX_PENDING exports pending. A new
 * export's request is recorded in the change log (`export-request`, what was asked for) in the
 * transaction that records and queues it; an export found pending records nothing.
 */
import { MODULE_KINDS, moduleOfDocType, type DocumentModule } from '@model/documents/modules.ts';
import { safeFilename } from '@model/csv.ts';
import type { ExportJob } from '@model/generated/index.ts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import type { Db } from '../../db/database.ts';
import { sightOf, type ProgramAudience } from '../document-scope.ts';
import { programToExplore } from '../dashboard/explorer-read.ts';
import { sql } from 'kysely';
import { problems } from '../../http/errors.ts';
import { findMine, insertExport, pendingTwin } from '../../exports/export-store.ts';
import { queueExport } from '../../exports/export-queue.ts';
import { expectedRows, type ExportSpec } from './export-sql.ts';
import type { ChangeContext } from '../../changes/change-log.ts';

export interface ExportRequest {
  doc_type: string;
  program_slug?: string;
  /** The type record's id (export-all of one type). */
  doc_id?: string;
  /** Its name: informational. */
  module_type_name?: string;
  /** One document. */
  document_id?: string;
}

type Caller = Pick<SessionUser, 'id' | 'permission'>;

interface ProgramRow extends ProgramAudience {
  id: string;
  name: string;
}

async function typeNameOf(db: Db, module: DocumentModule, typeId: string): Promise<string | undefined> {
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(MODULE_KINDS[module].typeResource)} where id = ${typeId}`.execute(db);
  return rows[0]?.name;
}

/** The type record's name when it is attached to that module of the program. */
async function attachedTypeName(db: Db, programId: string, module: DocumentModule, typeId: string): Promise<string | undefined> {
  const kind = MODULE_KINDS[module];
  const { rows } = await sql<{ name: string }>`
    select t.name from ${sql.table(kind.typeResource)} t join programs p on p.id = ${programId}
    where t.id = ${typeId} and ${sql.ref(`p.${kind.typeList}`)} @> jsonb_build_array(${typeId}::text)`.execute(db);
  return rows[0]?.name;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** `<program>-<type or module>-<YYYY-MM-DD>.csv`, the names with their punctuation made `_` (spec 1 §9). */
export const exportFileName = (program: string, what: string, date: Date) =>
  `${safeFilename(program)}-${safeFilename(what)}-${day(date)}.csv`;

async function resolve(
  db: Db,
  caller: Caller,
  input: ExportRequest,
  now: Date,
): Promise<{ spec: Omit<ExportSpec, 'id'>; fileName: string }> {
  const module = moduleOfDocType(input.doc_type);
  if (!module) throw problems.validation({ doc_type: 'Choose a module' });
  const kind = MODULE_KINDS[module];
  // Spec 1 §7 words the one-document export as { doc_type, doc_id }: without a program, doc_id names the document.
  const documentId = input.document_id ?? (input.program_slug === undefined ? input.doc_id : undefined);
  if (documentId !== undefined) {
    // p.id: the program's id (the document's is the one asked for).
    const { rows } = await sql<ProgramRow & { created_by: string; type_id: string; module: string }>`
      select p.id, p.name, p.document_visible, p.program_head, p.teams, d.created_by, d.type_id, d.module from documents d join programs p on p.id = d.program_id
      where d.id = ${documentId}`.execute(db);
    const doc = rows[0];
    const sight = doc && sightOf(caller, doc);
    if (!doc || doc.module !== module || (sight === 'own' && doc.created_by !== caller.id)) throw problems.documentNotFound();
    const typeName = (await typeNameOf(db, module, doc.type_id)) ?? kind.label;
    return {
      spec: {
        requested_by: caller.id,
        scope: sight!,
        program_id: doc.id,
        module,
        type_id: doc.type_id,
        document_id: documentId,
      },
      fileName: exportFileName(doc.name, `${typeName} ${documentId}`, now),
    };
  }
  if (!input.program_slug) throw problems.validation({ program_slug: 'Choose a program' });
  // The Data Explorer's gate: a program the caller may not explore is 404, as it is there.
  const program = await programToExplore(db, caller, { slug: input.program_slug });
  let what: string = kind.label;
  const typeId = input.doc_id ?? null;
  if (typeId !== null) {
    const name = await attachedTypeName(db, program._id, module, typeId);
    if (name === undefined) throw problems.validation({ doc_id: `This document type is not in the program's ${kind.label} module` });
    what = name;
  }
  return {
    spec: { requested_by: caller.id, scope: sightOf(caller, program), program_id: program._id, module, type_id: typeId, document_id: null },
    fileName: exportFileName(program.name, what, now),
  };
}

/** Records and queues the export (or finds the same one pending); answers it. */
export async function requestExport(ctx: AppContext, caller: Caller, input: ExportRequest, context: ChangeContext): Promise<ExportJob> {
  const { db } = ctx;
  const { spec, fileName } = await resolve(db, caller, input, ctx.config.clock.now());
  const twin = await pendingTwin(db, spec);
  // Counted only for a new export: a twin's count was taken when it was asked for.
  const rowsTotal = twin === undefined ? await expectedRows(db, caller, { ...spec, id: '' }) : 0;
  const { program_id, module, type_id, document_id, scope } = spec;
  const id = await queueExport(ctx, caller.id, context, {
    twin,
    insert: (trx, id) => insertExport(trx, { ...spec, id, file_name: fileName, rows_total: rowsTotal, created_at: ctx.config.clock.now() }),
    asked: { program_id, module, type_id, document_id, scope, file_name: fileName, rows_total: rowsTotal },
    programId: program_id,
  });
  const found = await findMine(db, id, caller.id);
  return found!.answer;
}
