/**
 * Notifications on the api server (spec 2 §7 Notifications): a program's list, send, edit and
 * remove for the console, and for the mobile app the signed-in user's own notifications with
 * their read state. Every write goes through the program's write guard in its transaction (404
 * program, 423 while locked); reading one's own notification is not a write to the program.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { answerList, parseListParams, type ListQuery } from '../crud/list-params.ts';
import { needsFlag, signedInMobile } from '../http/permissions.ts';
import { idParams } from '../http/body-schemas.ts';
import { assertTrimmedText } from '../http/text-fields.ts';
import { guardProgramWrite } from '../programs/program-guard.ts';
import {
  findNotification,
  deleteNotification,
  insertNotification,
  markRead,
  notificationsOf,
  notificationsOfProgram,
  programOfNotification,
  updateNotification,
  type NewNotification,
} from './notification-store.ts';
import {
  createBody,
  mineQuery,
  myNotificationAnswer,
  notificationAnswer,
  notificationSchema,
  programParams,
  readAnswer,
  updateBody,
} from './notification-schemas.ts';
import { routeKit } from '../http/route-kit.ts';
import { audited, notAudited } from '../changes/audit-declaration.ts';
import { recordChanged } from '../programs/program-changes.ts';

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Text is trimmed before validation, so a blank title is as missing as none.
  const { base, tags, now, userOf, write, trimBody } = routeKit(ctx, 'notification', notificationSchema);

  app.get<{ Params: { programId: string } }>(
    `${base}/all/:programId`,
    {
      config: { permission: needsFlag(mapFlag('notification', 'list')) },
      schema: {
        tags,
        summary: "A program's notifications, newest first, each with who sent it",
        params: programParams,
        response: { 200: { type: 'array', items: notificationAnswer } },
      },
    },
    async (request) => notificationsOfProgram(ctx.db, request.params.programId),
  );

  app.post<{ Body: NewNotification }>(
    `${base}/add`,
    {
      config: { permission: needsFlag(mapFlag('notification', 'create')), audit: audited('create') },
      schema: {
        tags,
        summary: "Send a notification to a program's team; 423 while the program is locked",
        body: createBody,
        response: { 201: notificationAnswer },
      },
      preValidation: trimBody,
    },
    async (request, reply) => {
      const note = request.body;
      assertTrimmedText(note, notificationSchema);
      const sent = await write(request, async (trx, changes) => {
        await guardProgramWrite(trx, request, note.program, { programChange: false });
        const inserted = await insertNotification(trx, note, userOf(request), now());
        recordChanged(changes, 'notification', inserted._id, null, { ...inserted }, { programId: note.program });
        return inserted;
      });
      return reply.status(201).send(sent);
    },
  );

  app.patch<{ Params: { id: string }; Body: { title?: string; body?: string } }>(
    `${base}/update/:id`,
    {
      config: { permission: needsFlag(mapFlag('notification', 'edit')), audit: audited('update') },
      schema: {
        tags,
        summary: "Change a notification's title or content (the fields sent); 423 while the program is locked",
        params: idParams,
        body: updateBody,
        response: { 200: notificationAnswer },
      },
      preValidation: trimBody,
    },
    async (request) => {
      const { id } = request.params;
      assertTrimmedText(request.body, notificationSchema);
      return write(request, async (trx, changes) => {
        const programId = await programOfNotification(trx, id);
        await guardProgramWrite(trx, request, programId, { programChange: false });
        const before = await findNotification(trx, id);
        const updated = await updateNotification(trx, id, request.body, now());
        recordChanged(changes, 'notification', id, { ...before }, { ...updated }, { programId });
        return updated;
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${base}/delete/:id`,
    {
      config: { permission: needsFlag(mapFlag('notification', 'delete')), audit: audited('delete') },
      schema: {
        tags,
        summary: 'Remove a notification; answers the removed one; 423 while the program is locked',
        params: idParams,
        response: { 200: notificationAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      return write(request, async (trx, changes) => {
        const programId = await programOfNotification(trx, id);
        await guardProgramWrite(trx, request, programId, { programChange: false });
        const deleted = await deleteNotification(trx, id);
        recordChanged(changes, 'notification', id, { ...deleted }, null, { programId });
        return deleted;
      });
    },
  );

  app.get<{ Querystring: ListQuery }>(
    `${base}/mine`,
    {
      config: { permission: signedInMobile },
      schema: {
        tags,
        summary:
          'The signed-in user\'s notifications (the mobile app): of the active programs they head or are a member of, newest first, each with its program and whether they read it; q searches title and content, filter {"read": false} keeps the unread',
        querystring: mineQuery,
        response: { 200: { type: 'array', items: myNotificationAnswer } },
      },
    },
    async (request, reply) => {
      const params = parseListParams(request.query, notificationSchema, { sort: { field: 'created_at', order: 'DESC' } });
      const found = await notificationsOf(ctx.db, userOf(request), params);
      return answerList(reply, 'notification', params, found);
    },
  );

  app.post<{ Params: { id: string } }>(
    `${base}/:id/read`,
    {
      // notification_reads is itself the record of who read what and when; a row per opened message would drown the log.
      config: {
        permission: signedInMobile,
        audit: notAudited("a user's own read mark (housekeeping kept with its time in notification_reads)"),
      },
      schema: {
        tags,
        summary: 'Mark one of my notifications read (again: no change); 404 for one I do not receive',
        params: idParams,
        response: { 200: readAnswer },
      },
    },
    async (request) => {
      await markRead(ctx.db, userOf(request), request.params.id, now());
      return { _id: request.params.id, read: true as const };
    },
  );
}
