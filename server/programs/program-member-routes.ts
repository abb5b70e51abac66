/**
 * Who and what is on a program: attaching and detaching type records, and the team (add, make
 * or unmake a program head, remove). Each is one statement on the program's jsonb lists, after
 * the program's row is locked (program-guard.ts: 404, 423 locked, 403 outside the editing window),
 * so two admins changing the team at the same moment both keep their change.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { needsFlag } from '../http/permissions.ts';
import { routeKit } from '../http/route-kit.ts';
import { guardProgramWrite } from './program-guard.ts';
import { TEAM_FLAG, TYPES_FLAG } from './program-flags.ts';
import { assertNotLastHead, assertPeople, assertTypesExist } from './program-checks.ts';
import { findProgram } from './program-read.ts';
import { addMember, attachType, detachType, moveMember, removeMember } from './program-writes.ts';
import type { TypeList } from './program-lists.ts';
import { headBody, memberBody, memberParams, programParams, typeBody, typeListParams, typeParams } from './program-schemas.ts';
import { audited } from '../changes/audit-declaration.ts';
import { personRef, recordProgram, typeRef } from './program-changes.ts';

export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { base, tags, one, now, write } = routeKit(ctx, 'program');
  const programChange = (trx: Db, request: FastifyRequest, id: string) => guardProgramWrite(trx, request, id, { programChange: true });

  app.post<{ Params: { id: string; list: TypeList }; Body: { type_id: string } }>(
    `${base}/:id/types/:list`,
    {
      config: { permission: needsFlag(TYPES_FLAG), audit: audited('type-attach') },
      schema: {
        tags,
        summary: 'Attach an existing type record to one of the program’s lists (one already attached stays as it is)',
        params: typeListParams,
        body: typeBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id, list } = request.params;
      const typeId = request.body.type_id;
      return write(request, async (trx, changes) => {
        await programChange(trx, request, id);
        await assertTypesExist(trx, list, [typeId], 'type_id');
        const before = await findProgram(trx, id);
        await attachType(trx, id, list, typeId, now());
        const program = await findProgram(trx, id);
        recordProgram(changes, before, program, { about: { type: [null, await typeRef(trx, list, typeId)] } });
        return program;
      });
    },
  );

  app.delete<{ Params: { id: string; list: TypeList; typeId: string } }>(
    `${base}/:id/types/:list/:typeId`,
    {
      config: { permission: needsFlag(TYPES_FLAG), audit: audited('type-detach') },
      schema: {
        tags,
        summary: 'Detach a type record from one of the program’s lists (the record itself stays)',
        params: typeParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id, list, typeId } = request.params;
      return write(request, async (trx, changes) => {
        await programChange(trx, request, id);
        const before = await findProgram(trx, id);
        await detachType(trx, id, list, typeId, now());
        const program = await findProgram(trx, id);
        recordProgram(changes, before, program, { about: { type: [await typeRef(trx, list, typeId), null] } });
        return program;
      });
    },
  );

  app.post<{ Params: { id: string }; Body: { user: string; is_program_head?: boolean } }>(
    `${base}/:id/team`,
    {
      config: { permission: needsFlag(TEAM_FLAG), audit: audited('member-add') },
      schema: {
        tags,
        summary: 'Add a user to the team, or as a program head; 409 ALREADY_ON_TEAM when they are on it either way',
        params: programParams,
        body: memberBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user, is_program_head: asHead = false } = request.body;
      return write(request, async (trx, changes) => {
        await programChange(trx, request, id);
        await assertPeople(trx, asHead ? { program_head: [user] } : { teams: [user] }, 'user');
        const before = await findProgram(trx, id);
        await addMember(trx, id, user, asHead, now());
        const program = await findProgram(trx, id);
        recordProgram(changes, before, program, { about: { member: [null, await personRef(trx, user)] } });
        return program;
      });
    },
  );

  app.patch<{ Params: { id: string; userId: string }; Body: { is_program_head: boolean } }>(
    `${base}/:id/team/:userId`,
    {
      // One switch: its row says which way it went (`head`, or `head-remove` when a head went back to the team).
      config: { permission: needsFlag(TEAM_FLAG), audit: audited('head') },
      schema: {
        tags,
        summary: 'Make a member a program head, or a head a team member (moved between the lists in one statement)',
        params: memberParams,
        body: headBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const toHead = request.body.is_program_head;
      return write(request, async (trx, changes) => {
        await programChange(trx, request, id);
        if (!toHead) await assertNotLastHead(trx, id, userId);
        const before = await findProgram(trx, id);
        await moveMember(trx, id, userId, toHead, now());
        if (toHead) await assertPeople(trx, { program_head: [userId] }, 'user');
        const program = await findProgram(trx, id);
        const person = await personRef(trx, userId);
        recordProgram(changes, before, program, {
          action: toHead ? 'head' : 'head-remove',
          about: { head: toHead ? [null, person] : [person, null] },
        });
        return program;
      });
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>(
    `${base}/:id/team/:userId`,
    {
      config: { permission: needsFlag(TEAM_FLAG), audit: audited('member-remove') },
      schema: { tags, summary: 'Remove a user from the team or the heads', params: memberParams, response: { 200: one } },
    },
    async (request) => {
      const { id, userId } = request.params;
      return write(request, async (trx, changes) => {
        await programChange(trx, request, id);
        await assertNotLastHead(trx, id, userId);
        const before = await findProgram(trx, id);
        await removeMember(trx, id, userId, now());
        const program = await findProgram(trx, id);
        recordProgram(changes, before, program, { about: { member: [await personRef(trx, userId), null] } });
        return program;
      });
    },
  );
}
