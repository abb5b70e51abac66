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

export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { base, tags, one, now, inTransaction } = routeKit(ctx, 'program');
  const programChange = (trx: Db, request: FastifyRequest, id: string) => guardProgramWrite(trx, request, id, { programChange: true });

  app.post<{ Params: { id: string; list: TypeList }; Body: { type_id: string } }>(
    `${base}/:id/types/:list`,
    {
      config: { permission: needsFlag(TYPES_FLAG) },
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
      return inTransaction(async (trx) => {
        await programChange(trx, request, id);
        await assertTypesExist(trx, list, [request.body.type_id], 'type_id');
        await attachType(trx, id, list, request.body.type_id, now());
        return findProgram(trx, id);
      });
    },
  );

  app.delete<{ Params: { id: string; list: TypeList; typeId: string } }>(
    `${base}/:id/types/:list/:typeId`,
    {
      config: { permission: needsFlag(TYPES_FLAG) },
      schema: {
        tags,
        summary: 'Detach a type record from one of the program’s lists (the record itself stays)',
        params: typeParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id, list, typeId } = request.params;
      return inTransaction(async (trx) => {
        await programChange(trx, request, id);
        await detachType(trx, id, list, typeId, now());
        return findProgram(trx, id);
      });
    },
  );

  app.post<{ Params: { id: string }; Body: { user: string; is_program_head?: boolean } }>(
    `${base}/:id/team`,
    {
      config: { permission: needsFlag(TEAM_FLAG) },
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
      return inTransaction(async (trx) => {
        await programChange(trx, request, id);
        await assertPeople(trx, asHead ? { program_head: [user] } : { teams: [user] }, 'user');
        await addMember(trx, id, user, asHead, now());
        return findProgram(trx, id);
      });
    },
  );

  app.patch<{ Params: { id: string; userId: string }; Body: { is_program_head: boolean } }>(
    `${base}/:id/team/:userId`,
    {
      config: { permission: needsFlag(TEAM_FLAG) },
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
      return inTransaction(async (trx) => {
        await programChange(trx, request, id);
        if (!request.body.is_program_head) await assertNotLastHead(trx, id, userId);
        await moveMember(trx, id, userId, request.body.is_program_head, now());
        if (request.body.is_program_head) await assertPeople(trx, { program_head: [userId] }, 'user');
        return findProgram(trx, id);
      });
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>(
    `${base}/:id/team/:userId`,
    {
      config: { permission: needsFlag(TEAM_FLAG) },
      schema: { tags, summary: 'Remove a user from the team or the heads', params: memberParams, response: { 200: one } },
    },
    async (request) => {
      const { id, userId } = request.params;
      return inTransaction(async (trx) => {
        await programChange(trx, request, id);
        await assertNotLastHead(trx, id, userId);
        await removeMember(trx, id, userId, now());
        return findProgram(trx, id);
      });
    },
  );
}
