/**
 * How a program's changes read in the change log. A program is recorded as it is answered, with
 * each module's switch as a field of its own (`active_module.events: [true, false]`), so a row
 * names the module that changed rather than showing the whole object twice. A change to the team
 * or the type lists names the person or the type record as well as the ids in the list, so the
 * log still reads once the person is renamed or the record deleted. Every row carries the
 * program's id, so a program's whole history is read with `GET /audit?program=<id>`.
 */
import { withGenericTables, type Db } from '../db/database.ts';
import type { ChangeSet } from '../changes/change-log.ts';
import { changedFields, type ChangedFields, type Row } from '../changes/changed-fields.ts';
import { TYPE_LISTS, type ProgramModule, type TypeList } from './program-lists.ts';

/** The module whose records each type list attaches (permission files belong to `permission`). */
export const MODULE_OF_LIST: Record<TypeList, ProgramModule> = {
  beneficiary_types: 'beneficiaries',
  location_types: 'locations',
  event_types: 'events',
  survey_types: 'surveys',
  case_types: 'cases',
  permission_files: 'permission',
};

/** A program answer as the log keeps it: `active_module` spread into one field per module. */
export function programRecord(program: Row | null): Row | null {
  if (!program) return null;
  const { active_module: modules, ...rest } = program;
  const spread = Object.entries((modules ?? {}) as Record<string, boolean>).map(([m, on]) => [`active_module.${m}`, on]);
  return { ...rest, ...Object.fromEntries(spread) };
}

/** The entry's own action, or one read from what changed; the route's declared action otherwise. */
export type ActionOf = string | ((fields: ChangedFields) => string | undefined);

/**
 * Records a record's change (null before a create, null after a delete) in its program, and
 * nothing when the write changed nothing (a type attached twice, a head made head again, a goal
 * given the target it had): a row in the log is a change someone made.
 */
export function recordChanged(
  changes: ChangeSet,
  resource: string,
  recordId: string,
  before: Row | null,
  after: Row | null,
  options: { programId: string; action?: ActionOf; about?: ChangedFields },
): void {
  const fields = changedFields(before, after);
  if (!Object.keys(fields).length) return;
  const action = typeof options.action === 'function' ? options.action(fields) : options.action;
  changes.add({ resource, recordId, programId: options.programId, fields: { ...fields, ...options.about }, ...(action ? { action } : {}) });
}

export interface ProgramChangeOptions {
  action?: ActionOf;
  /** Who or what the change was about, as `[before, after]` (`member: [null, {…}]`): kept only beside a real change. */
  about?: ChangedFields;
}

/** Records the program's change (null before a create, null after a delete), its modules one field each. */
export function recordProgram(changes: ChangeSet, before: Row | null, after: Row | null, options: ProgramChangeOptions = {}): void {
  const id = String((after ?? before)!._id);
  recordChanged(changes, 'program', id, programRecord(before), programRecord(after), { programId: id, ...options });
}

/**
 * The action an edit reads as when it did one thing with a name of its own: `activate` or
 * `deactivate` when only the status changed, `module-on` or `module-off` when only modules were
 * switched, all the same way.
 */
export function editAction(fields: ChangedFields): string | undefined {
  const names = Object.keys(fields);
  if (names.length === 1 && names[0] === 'status') return fields.status![1] ? 'activate' : 'deactivate';
  if (names.length && names.every((n) => n.startsWith('active_module.'))) {
    const states = new Set(names.map((n) => fields[n]![1]));
    if (states.size === 1) return states.has(true) ? 'module-on' : 'module-off';
  }
  return undefined;
}

/** A person as the log names them: id and name (only the id when no user row is left). */
export async function personRef(trx: Db, userId: string): Promise<Row> {
  const user = await trx.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  return user ? { _id: user.id, first_name: user.first_name, last_name: user.last_name } : { _id: userId };
}

/** A type record as the log names it: its module, list, id and name (no name once it is deleted). */
export async function typeRef(trx: Db, list: TypeList, typeId: string): Promise<Row> {
  const record = await withGenericTables(trx)
    .selectFrom(TYPE_LISTS[list])
    .select(['id', 'name'])
    .where('id', '=', typeId)
    .executeTakeFirst();
  return { module: MODULE_OF_LIST[list], list, _id: typeId, ...(record ? { name: record.name as string } : {}) };
}
