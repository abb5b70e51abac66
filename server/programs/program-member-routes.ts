/**
 * Who and what is on a program: attaching and detaching type records, and the team (add, make
 * or unmake a program head, remove). Each is one statement on the program's jsonb lists, after
 * the program's row is locked (program-guard.ts: 404, 423 locked, 403 outside the editing window),
 * so two admins changing the team at the same moment both keep their change.
 */
import type { FastifyInstance } from 'fastify';
import { needsFlag } from '../http/permissions.ts';
import { TEAM_FLAG, TYPES_FLAG } from './program-flags.ts';
import { assertNotLastHead, assertPeople, assertTypesExist } from './program-checks.ts';
import { addMember, attachType, detachType, moveMember, removeMember } from './program-writes.ts';
import type { TypeList } from './program-lists.ts';
import { headBody, memberBody, memberParams, programParams, typeBody, typeListParams, typeParams } from './program-schemas.ts';
import { audited } from '../changes/audit-declaration.ts';
import { personRef, typeRef } from './program-changes.ts';
import type { ProgramKit } from './program-kit.ts';
import { PROGRAM_CHANGE } from './program-errors.ts';

export function memberRoutes(app: FastifyInstance, kit: ProgramKit): void {
  attachTypeRoute(app, kit);
  detachTypeRoute(app, kit);
  addMemberRoute(app, kit);
  headRoute(app, kit);
  removeMemberRoute(app, kit);
}

function attachTypeRoute(app: FastifyInstance, { base, tags, one, edit, now }: ProgramKit): void {
  app.post<{ Params: { id: string; list: TypeList }; Body: { type_id: string } }>(
    `${base}/:id/types/:list`,
    {
      config: { permission: needsFlag(TYPES_FLAG), audit: audited('type-attach'), errors: PROGRAM_CHANGE },
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
      return edit(request, id, async (trx) => {
        await assertTypesExist(trx, list, [typeId], 'type_id');
        await attachType(trx, id, list, typeId, now());
        return { about: { type: [null, await typeRef(trx, list, typeId)] } };
      });
    },
  );
}

function detachTypeRoute(app: FastifyInstance, { base, tags, one, edit, now }: ProgramKit): void {
  app.delete<{ Params: { id: string; list: TypeList; typeId: string } }>(
    `${base}/:id/types/:list/:typeId`,
    {
      config: { permission: needsFlag(TYPES_FLAG), audit: audited('type-detach'), errors: PROGRAM_CHANGE },
      schema: {
        tags,
        summary: 'Detach a type record from one of the program’s lists (the record itself stays)',
        params: typeParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id, list, typeId } = request.params;
      return edit(request, id, async (trx) => {
        await detachType(trx, id, list, typeId, now());
        return { about: { type: [await typeRef(trx, list, typeId), null] } };
      });
    },
  );
}

function addMemberRoute(app: FastifyInstance, { base, tags, one, edit, now }: ProgramKit): void {
  app.post<{ Params: { id: string }; Body: { user: string; is_program_head?: boolean } }>(
    `${base}/:id/team`,
    {
      config: {
        permission: needsFlag(TEAM_FLAG),
        audit: audited('member-add'),
        errors: {
          codes: { ...PROGRAM_CHANGE.codes, 409: ['ALREADY_ON_TEAM'] },
          notes: { ...PROGRAM_CHANGE.notes, 409: 'ALREADY_ON_TEAM: the user is a program head or team member already' },
        },
      },
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
      return edit(request, id, async (trx) => {
        await assertPeople(trx, asHead ? { program_head: [user] } : { teams: [user] }, 'user');
        await addMember(trx, id, user, asHead, now());
        return { about: { member: [null, await personRef(trx, user)] } };
      });
    },
  );
}

function headRoute(app: FastifyInstance, { base, tags, one, edit, now }: ProgramKit): void {
  app.patch<{ Params: { id: string; userId: string }; Body: { is_program_head: boolean } }>(
    `${base}/:id/team/:userId`,
    {
      // One switch: its row says which way it went (`head`, or `head-remove` when a head went back to the team).
      config: { permission: needsFlag(TEAM_FLAG), audit: audited('head'), errors: PROGRAM_CHANGE },
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
      return edit(request, id, async (trx) => {
        if (!toHead) await assertNotLastHead(trx, id, userId);
        await moveMember(trx, id, userId, toHead, now());
        if (toHead) await assertPeople(trx, { program_head: [userId] }, 'user');
        const person = await personRef(trx, userId);
        return { action: toHead ? 'head' : 'head-remove', about: { head: toHead ? [null, person] : [person, null] } };
      });
    },
  );
}

function removeMemberRoute(app: FastifyInstance, { base, tags, one, edit, now }: ProgramKit): void {
  app.delete<{ Params: { id: string; userId: string } }>(
    `${base}/:id/team/:userId`,
    {
      config: { permission: needsFlag(TEAM_FLAG), audit: audited('member-remove'), errors: PROGRAM_CHANGE },
      schema: { tags, summary: 'Remove a user from the team or the heads', params: memberParams, response: { 200: one } },
    },
    async (request) => {
      const { id, userId } = request.params;
      return edit(request, id, async (trx) => {
        await assertNotLastHead(trx, id, userId);
        await removeMember(trx, id, userId, now());
        return { about: { member: [await personRef(trx, userId), null] } };
      });
    },
  );
}
