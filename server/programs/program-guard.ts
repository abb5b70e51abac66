/**
 * The checks every write to a program, or to what belongs to it (goals, notifications, team,
 * types, modules), passes first, inside the write's transaction: the program exists, it is not
 * locked, and — for a change to the program itself — the editing window is open for this role.
 * The row is locked (`for update`) so a lock toggled meanwhile is seen before this write commits.
 */
import type { FastifyRequest } from 'fastify';
import { editingWindowClosedMessage, programEditable } from '@model/programs/editing-window.ts';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { noteProgram } from '../changes/change-context.ts';

export interface GuardedProgram {
  id: string;
  name: string;
  name_slug: string;
  lock_program: 0 | 1;
  created_at: Date;
  no_of_days_for_edit_program: number;
}

export interface GuardOptions {
  /** The write changes the program itself (not one of its goals or notifications): the editing window applies. */
  programChange: boolean;
}

/** The program, locked for this transaction; 404 when it does not exist, 423 when locked, 403 outside the window. */
export async function guardProgramWrite(trx: Db, request: FastifyRequest, programId: string, opts: GuardOptions): Promise<GuardedProgram> {
  const program = (await trx
    .selectFrom('programs')
    .select(['id', 'name', 'name_slug', 'lock_program', 'created_at', 'no_of_days_for_edit_program'])
    .where('id', '=', programId)
    .forUpdate()
    .executeTakeFirst()) as GuardedProgram | undefined;
  if (!program) throw problems.notFound('Program');
  noteProgram(request, program.id);
  if (program.lock_program === 1) throw problems.programLocked();
  if (opts.programChange) {
    const roleMayAlways = request.sessionUser?.permission.edit_document_after_no_of_days === true;
    const days = program.no_of_days_for_edit_program;
    // The servers' clock (a test moves it by hand), not the machine's.
    const now = request.server.appContext.config.clock.now();
    if (!programEditable({ createdAt: program.created_at, days, roleMayAlways, now }))
      throw problems.editWindowClosed(editingWindowClosedMessage(days));
  }
  return program;
}
