/**
 * What every program route starts from: the route kit of the `program` resource, its CRUD
 * flags, its image folder, and the one skeleton every change to a program's own row follows.
 */
import type { FastifyRequest } from 'fastify';
import type { Action } from '@model/generated/index.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import { routeKit } from '../http/route-kit.ts';
import { removeImage, storeImage } from '../uploads/public-uploads.ts';
import { guardProgramWrite, type GuardedProgram } from './program-guard.ts';
import { findProgram } from './program-read.ts';
import { recordProgram, type ProgramChangeOptions } from './program-changes.ts';

/** Program images: `UPLOADS_DIR/programs/<random>.<ext>`, served publicly at /uploads/programs/…. */
export const PHOTO_FOLDER = 'programs';

/** Checks and changes a program's row, answering how its change reads in the log (an action, who or what it was about). */
export type ProgramEdit = (trx: Db, guarded: GuardedProgram) => Promise<ProgramChangeOptions | void>;

export function programKit(ctx: AppContext) {
  const kit = routeKit(ctx, 'program');
  return {
    ...kit,
    db: ctx.db,
    /** The flag of the generic action the route stands for. */
    flag: (action: Action) => needsFlag(mapFlag('program', action)),
    storePhoto: (photo: { content: Buffer; ext: string }) => storeImage(ctx.files, PHOTO_FOLDER, photo.content, photo.ext),
    removePhoto: (photo: string | null | undefined) => removeImage(ctx.files, PHOTO_FOLDER, photo),
    /**
     * One change to the program itself, in one write: the program guarded (404, 423 while locked,
     * 403 outside the editing window), read before and after `edit`, the difference recorded,
     * and the program answered as it now is.
     */
    edit: (request: FastifyRequest, id: string, edit: ProgramEdit) =>
      kit.write(request, async (trx, changes) => {
        const guarded = await guardProgramWrite(trx, request, id, { programChange: true });
        const before = await findProgram(trx, id);
        const options = await edit(trx, guarded);
        const program = await findProgram(trx, id);
        recordProgram(changes, before, program, options ?? {});
        return program;
      }),
  };
}

export type ProgramKit = ReturnType<typeof programKit>;
