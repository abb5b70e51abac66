/**
 * What a program's lists may hold: heads and members are live, active users (the built-in
 * admin never a head), and type ids name records that exist. The rows checked are share-locked
 * until the write commits, so a user deactivated or a type deleted meanwhile waits for it and
 * then sees the program holding them.
 */
import { sql } from 'kysely';
import { withGenericTables, type Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { TYPE_LISTS, typeLabel, type TypeList } from './program-lists.ts';

export const HEAD_REQUIRED = 'Program head is required';
export const BUILTIN_HEAD_MESSAGE = 'The built-in admin account cannot be a program head';

interface UserState {
  id: string;
  status: boolean;
  builtin: boolean;
  deleted_at: Date | null;
}

/** The first problem with these user ids as `field`, if any. */
async function userProblem(trx: Db, ids: string[], asHead: boolean): Promise<string | undefined> {
  if (!ids.length) return undefined;
  const { rows } = await sql<UserState>`select id, status, builtin, deleted_at from users where id = any(${ids}) for share`.execute(trx);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const user = byId.get(id);
    if (!user || user.deleted_at) return 'User does not exist';
    if (!user.status) return 'User is inactive';
    if (asHead && user.builtin) return BUILTIN_HEAD_MESSAGE;
  }
  return undefined;
}

/** Heads and team members as sent: 400 naming the list (or `field`) that holds a user who cannot be there. */
export async function assertPeople(trx: Db, lists: { program_head?: string[]; teams?: string[] }, field?: string): Promise<void> {
  const fields: Record<string, string> = {};
  const heads = await userProblem(trx, lists.program_head ?? [], true);
  if (heads) fields[field ?? 'program_head'] = heads;
  const team = await userProblem(trx, lists.teams ?? [], false);
  if (team) fields[field ?? 'teams'] = team;
  if (lists.program_head && lists.teams && lists.program_head.some((id) => lists.teams!.includes(id)))
    fields.teams ??= 'A user is either a program head or a team member, not both';
  if (Object.keys(fields).length) throw problems.validation(fields);
}

/** Type ids of one list must name records that exist: 400 naming `field` ("Beneficiary Type does not exist"). */
export async function assertTypesExist(trx: Db, list: TypeList, ids: string[], field: string = list): Promise<void> {
  if (!ids.length) return;
  const found = await withGenericTables(trx).selectFrom(TYPE_LISTS[list]).select('id').where('id', 'in', ids).forShare().execute();
  if (found.length < new Set(ids).size) throw problems.validation({ [field]: `${typeLabel(list)} does not exist` });
}

/**
 * A program that has a head keeps one: a change that would take its last head away is refused.
 * (A program added without heads may still change its team until it gets one.)
 */
export function assertKeepsAHead(before: string[], after: string[]): void {
  if (before.length && !after.length) throw problems.validation({ program_head: HEAD_REQUIRED });
}

/** The team routes' form of the same rule; the program's row is locked, so the heads read are the ones the write changes. */
export async function assertNotLastHead(trx: Db, id: string, user: string): Promise<void> {
  const { program_head } = (await trx.selectFrom('programs').select('program_head').where('id', '=', id).executeTakeFirstOrThrow()) as {
    program_head: string[];
  };
  assertKeepsAHead(
    program_head,
    program_head.filter((u) => u !== user),
  );
}
