/**
 * The Data Explorer's cascade (spec 1 §2 /data-explorer): the programs one may explore, a
 * program's modules, the type records attached to one module, and one document found by its id
 * or local id. A caller whose role sees every document explores every program; anyone else the
 * programs they are on (a head or a member). Which documents they then see is document-scope.ts's.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import { DOCUMENT_MODULES, MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../../db/database.ts';
import { preparedRead } from '../../db/prepared.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { problems } from '../../http/errors.ts';
import { callerOfShape, onTeamSql, seesAllDocuments, sightShape, visibleTo, type ProgramAudience } from '../document-scope.ts';
import { documentSelect, toWireDocument } from '../document-wire.ts';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

export interface ExplorerProgram {
  _id: string;
  name: string;
  name_slug: string;
  active_module: Record<DocumentModule, boolean>;
}

/** A program as the explorer reads it, with who is on it (for the caller's sight of its documents). */
export interface ExploredProgram extends ExplorerProgram, ProgramAudience {}

interface ProgramRow extends ProgramAudience {
  id: string;
  name: string;
  name_slug: string;
  active_module: Partial<Record<string, boolean>>;
}

/** SQL: the caller may explore the program under `p`. */
function explorable(caller: Caller): RawBuilder<boolean> {
  if (seesAllDocuments(caller)) return sql<boolean>`true`;
  return onTeamSql(caller.id, 'p');
}

/** The five document modules, each on unless the program switched it off. */
const documentModules = (stored: Partial<Record<string, boolean>>) =>
  Object.fromEntries(DOCUMENT_MODULES.map((m) => [m, stored[m] !== false])) as Record<DocumentModule, boolean>;

const toExplored = (row: ProgramRow): ExploredProgram => ({
  _id: row.id,
  name: row.name,
  name_slug: row.name_slug,
  active_module: documentModules(row.active_module),
  document_visible: row.document_visible,
  program_head: row.program_head,
  teams: row.teams,
});

export const toExplorerProgram = ({ _id, name, name_slug, active_module }: ExploredProgram): ExplorerProgram => ({
  _id,
  name,
  name_slug,
  active_module,
});

type ProgramsBy = 'all' | 'id' | 'slug';

/** The programs the caller may explore: every one, or the one with this id (`key`) or slug. */
const explorableProgramRows = preparedRead('explorable_programs', ['callerId', 'key'], (_db, { callerId, key }, shape) => {
  const [sight, by] = shape.split('_') as [string, ProgramsBy];
  const condition = by === 'id' ? sql<boolean>`p.id = ${key}` : by === 'slug' ? sql<boolean>`p.name_slug = ${key}` : sql<boolean>`true`;
  return sql<ProgramRow>`
    select p.id, p.name, p.name_slug, p.active_module, p.document_visible, p.program_head, p.teams
    from programs p where ${explorable(callerOfShape(sight, callerId))} and ${condition}
    order by lower(p.name), p.id`;
});

async function explorablePrograms(db: Db, caller: Caller, by: ProgramsBy, key = ''): Promise<ExploredProgram[]> {
  const rows = await explorableProgramRows(db, `${sightShape(caller)}_${by}`, { callerId: caller.id, key });
  return rows.map(toExplored);
}

export const programsToExplore = async (db: Db, caller: Caller): Promise<ExplorerProgram[]> =>
  (await explorablePrograms(db, caller, 'all')).map(toExplorerProgram);

/** One program the caller may explore, by id or by slug; 404 otherwise (whether it exists or not). */
export async function programToExplore(db: Db, caller: Caller, by: { id: string } | { slug: string }): Promise<ExploredProgram> {
  const [program] = await ('id' in by ? explorablePrograms(db, caller, 'id', by.id) : explorablePrograms(db, caller, 'slug', by.slug));
  if (!program) throw problems.notFound('Program');
  return program;
}

export interface TypeChoice {
  _id: string;
  name: string;
}

const moduleTypeRows = preparedRead('module_types', ['programId'], (_db, { programId }, module) => {
  const { typeList, typeResource } = MODULE_KINDS[module as DocumentModule];
  return sql<TypeChoice>`
    select t.id as "_id", t.name
    from programs p cross join jsonb_array_elements_text(p.${sql.ref(typeList)}) with ordinality as a(type_id, position)
    join ${sql.table(typeResource)} t on t.id = a.type_id
    where p.id = ${programId}
    order by a.position`;
});

/** The type records attached to one module of the program, in the program's order: `{ beneficiary_types: [...] }`. */
export async function moduleTypes(db: Db, programId: string, module: DocumentModule): Promise<Record<string, TypeChoice[]>> {
  return { [MODULE_KINDS[module].typeList]: await moduleTypeRows(db, module, { programId }) };
}

/** Whether the type record is one of the module's kind (a type id of another kind matches no document of the module). */
export async function isTypeOfModule(db: Db, module: DocumentModule, typeId: string): Promise<boolean> {
  const { rows } = await sql`select 1 from ${sql.table(MODULE_KINDS[module].typeResource)} where id = ${typeId}`.execute(db);
  return rows.length > 0;
}

const byIdOrLocalId = preparedRead('document_by_id_or_local_id', ['id', 'callerId'], (db, { id, callerId }, sight) =>
  documentSelect(db)
    .where((eb) => eb.or([eb('d.id', '=', id), eb('d.local_id', '=', id)]))
    .where(visibleTo(callerOfShape(sight, callerId), 'd'))
    .orderBy(sql`d.id = ${id}`, 'desc')
    .limit(1),
);

/** The Data Explorer's search: the document whose id, or else whose local id, this is — if the caller may read it. */
export async function documentByIdOrLocalId(db: Db, caller: Caller, id: string): Promise<Document> {
  const [row] = await byIdOrLocalId(db, sightShape(caller), { id, callerId: caller.id });
  if (!row) throw problems.documentNotFound();
  return toWireDocument(row, { full: true });
}

export interface Submitter {
  _id: string;
  name: string;
}

const submitterRows = preparedRead(
  'program_submitters',
  ['programId', 'callerId'],
  (_db, { programId, callerId }, sight) =>
    sql<Submitter>`
    select u.id as "_id", trim(u.first_name || ' ' || u.last_name) as name
    from users u
    where exists (select 1 from document_counts c where c.program_id = ${programId} and c.created_by = u.id and c.n > 0
      and ${visibleTo(callerOfShape(sight, callerId), 'c')})
    order by lower(u.first_name), lower(u.last_name), u.id`,
);

/** Who submitted documents of the program that the caller may read, by name (from the counters: no document is read). */
export async function programSubmitters(db: Db, caller: Caller, programId: string): Promise<Submitter[]> {
  return submitterRows(db, sightShape(caller), { programId, callerId: caller.id });
}
