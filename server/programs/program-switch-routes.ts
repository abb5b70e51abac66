/**
 * A program's two switches: the lock (the only write a locked program takes) and one module on or
 * off. Each is recorded under the way it went (`lock`/`unlock`, `module-on`/`module-off`).
 */
import type { FastifyInstance } from 'fastify';
import { needsFlag } from '../http/permissions.ts';
import { audited } from '../changes/audit-declaration.ts';
import { LOCK_FLAG } from './program-flags.ts';
import { findProgram } from './program-read.ts';
import { setModule, toggleLock } from './program-writes.ts';
import type { ProgramModule } from './program-lists.ts';
import { lockAnswer, moduleBody, programParams } from './program-schemas.ts';
import { recordProgram } from './program-changes.ts';
import type { ProgramKit } from './program-kit.ts';
import { PROGRAM_CHANGE } from './program-errors.ts';

export function programSwitchRoutes(app: FastifyInstance, kit: ProgramKit): void {
  lockRoute(app, kit);
  moduleRoute(app, kit);
}

function lockRoute(app: FastifyInstance, { base, tags, write, now }: ProgramKit): void {
  app.patch<{ Params: { id: string } }>(
    `${base}/change/lock/status/:id`,
    {
      // One toggle: its row says which way it went (`lock`, or `unlock` when it unlocked).
      config: { permission: needsFlag(LOCK_FLAG), audit: audited('lock') },
      schema: {
        tags,
        summary: 'Lock an unlocked program, unlock a locked one (the only write a locked program takes)',
        params: programParams,
        response: { 200: lockAnswer },
      },
    },
    async (request) =>
      write(request, async (trx, changes) => {
        const { id } = request.params;
        // Locked first, so the program read is the one toggled (a missing one: 404 Program, as before).
        // Not the write guard: it refuses a locked program, and unlocking is this route's job.
        await trx.selectFrom('programs').select('id').where('id', '=', id).forUpdate().execute();
        const before = await findProgram(trx, id);
        const toggled = await toggleLock(trx, id, now());
        recordProgram(changes, before, await findProgram(trx, id), { action: toggled.lockProgram ? 'lock' : 'unlock' });
        return toggled;
      }),
  );
}

function moduleRoute(app: FastifyInstance, { base, tags, one, flag, edit, now }: ProgramKit): void {
  app.put<{ Params: { id: string }; Body: { module: ProgramModule; status: boolean } }>(
    `${base}/change/status/module/program/:id`,
    {
      // One switch: its row says which way it went (`module-on`, or `module-off`).
      config: { permission: flag('edit'), audit: audited('module-on'), errors: PROGRAM_CHANGE },
      schema: { tags, summary: 'Switch one module on or off', params: programParams, body: moduleBody, response: { 200: one } },
    },
    async (request) =>
      edit(request, request.params.id, async (trx) => {
        await setModule(trx, request.params.id, request.body.module, request.body.status, now());
        return { action: request.body.status ? 'module-on' : 'module-off' };
      }),
  );
}
