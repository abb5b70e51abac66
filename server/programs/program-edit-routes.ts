/**
 * Adding, changing and deleting a program. Add and edit are multipart with the form's fields and
 * an optional image (stored before the write, removed again when the write fails); the edit also
 * takes JSON for the status, modules and whole lists. A name taken answers 422.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES } from '@model/rules';
import type { Db } from '../db/database.ts';
import { assertNotHeld, referrersOf } from '../crud/references.ts';
import { audited } from '../changes/audit-declaration.ts';
import type { ChangeSet } from '../changes/change-log.ts';
import type { Row } from '../changes/changed-fields.ts';
import { goalsOfProgram } from '../goals/goal-store.ts';
import { goalRecord } from '../goals/goal-changes.ts';
import { notificationsOfProgram } from '../notifications/notification-store.ts';
import { writeWithStoredFile } from '../uploads/stored-file-write.ts';
import { guardProgramWrite } from './program-guard.ts';
import { readDetails, multipartBody } from './program-details.ts';
import { assertPeople } from './program-checks.ts';
import { findProgram } from './program-read.ts';
import { deleteProgram, insertProgram, nameTakenProblem } from './program-writes.ts';
import { listsBody, programParams } from './program-schemas.ts';
import { recordProgram } from './program-changes.ts';
import type { ProgramKit } from './program-kit.ts';
import { changeDetails, changeLists, type PatchBody } from './program-patch.ts';
import { PROGRAM_ADD, PROGRAM_EDIT, PROGRAM_LOCK } from './program-errors.ts';

const UPLOAD_BODY_LIMIT = PHOTO_MAX_BYTES + 256 * 1024;

export function programEditRoutes(app: FastifyInstance, kit: ProgramKit): void {
  createRoute(app, kit);
  patchRoute(app, kit);
  deleteRoute(app, kit);
}

function createRoute(app: FastifyInstance, kit: ProgramKit): void {
  const { base, tags, one, flag } = kit;
  app.post(
    base,
    {
      config: { permission: flag('create'), audit: audited('create'), errors: PROGRAM_ADD },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: "Add a program (multipart: the form's fields, program_head as a JSON list, an optional image); 422 when the name is taken",
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody('create'),
        response: { 201: one },
      },
    },
    async (request, reply) => reply.status(201).send(await createProgram(kit, request)),
  );
}

async function createProgram(kit: ProgramKit, request: FastifyRequest): Promise<Row> {
  const { details, photo } = await readDetails(request, 'create');
  const stored = photo ? await kit.storePhoto(photo) : null;
  const insert = async (trx: Db, changes: ChangeSet) => {
    const heads = details.program_head ?? [];
    await assertPeople(trx, { program_head: heads });
    const fields = {
      name: details.name!,
      description: details.description!,
      no_of_days_for_edit_program: details.no_of_days_for_edit_program!,
      documentVisible: details.documentVisible!,
      program_head: heads,
      photo: stored,
    };
    const program = await findProgram(trx, await insertProgram(trx, fields, kit.userOf(request), kit.now()));
    recordProgram(changes, null, program);
    return { answer: program };
  };
  try {
    return await writeWithStoredFile(stored, kit.removePhoto, () => kit.write(request, insert));
  } catch (err) {
    throw nameTakenProblem(err);
  }
}

function patchRoute(app: FastifyInstance, kit: ProgramKit): void {
  const { base, tags, one, flag } = kit;
  app.patch<{ Params: { id: string }; Body: PatchBody }>(
    `${base}/:id`,
    {
      config: { permission: flag('edit'), audit: audited('update'), errors: PROGRAM_EDIT },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Change a program: multipart with the form's fields (any of them; program_head not empty) and an optional new image, " +
          'or JSON with status, active_module (the modules sent), or whole lists (heads, team, types). ' +
          'A list of heads sent alone takes its users out of the team, and the other way round. ' +
          'JSON teams or program_head also need can_manage_program_team, a type list can_manage_program_types (403 naming the flag)',
        consumes: ['multipart/form-data', 'application/json'],
        multipartBody: multipartBody('update'),
        body: { content: { 'application/json': { schema: listsBody } } },
        params: programParams,
        response: { 200: one },
      },
    },
    async (request) => (request.isMultipart() ? changeDetails(kit, request) : changeLists(kit, request)),
  );
}

function deleteRoute(app: FastifyInstance, { base, tags, one, flag, write, removePhoto }: ProgramKit): void {
  app.delete<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      config: { permission: flag('delete'), audit: audited('delete'), errors: PROGRAM_LOCK },
      schema: {
        tags,
        summary: 'Delete a program with its goals and notifications; answers the deleted program (423 while locked)',
        params: programParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id } = request.params;
      const deleted = await write(request, async (trx, changes) => {
        await guardProgramWrite(trx, request, id, { programChange: false });
        const program = await findProgram(trx, id);
        // Its documents keep it (409 "3 Documents use this Program"), counted under the row lock the guard took.
        await assertNotHeld(trx, referrersOf('program'), id, 'Program');
        await recordDeleted(trx, changes, program);
        await deleteProgram(trx, id);
        return program;
      });
      await removePhoto(deleted.photo as string | null);
      return deleted;
    },
  );
}

/** A program deleted takes its goals and notifications with it (by cascade): each is recorded deleted. */
async function recordDeleted(trx: Db, changes: ChangeSet, program: Row): Promise<void> {
  const id = String(program._id);
  recordProgram(changes, program, null);
  for (const goal of await goalsOfProgram(trx, id)) changes.record('goal', goal._id, goalRecord(goal), null, { programId: id });
  for (const note of await notificationsOfProgram(trx, id)) changes.record('notification', note._id, { ...note }, null, { programId: id });
}
