/**
 * Notifications on the api server (spec 2 §7 Notifications): a program's list, send, edit and
 * remove for the console, and for the mobile app the signed-in user's own notifications with
 * their read state. Every write goes through the program's write guard in its transaction (404
 * program, 423 while locked); reading one's own notification is not a write to the program.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { answerList, parseListParams, type ListQuery } from '../crud/list-params.ts';
import { signedInMobile } from '../http/permissions.ts';
import { idParams } from '../http/body-schemas.ts';
import { assertTrimmedText } from '../http/text-fields.ts';
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
  type NotificationAnswer,
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
import { audited, notAudited } from '../changes/audit-declaration.ts';
import { ownedRecordKit } from '../programs/program-owned-writes.ts';
import { ownedCreateRoute, ownedDeleteRoute } from '../programs/program-owned-routes.ts';

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const kit = notificationKit(ctx);
  programListRoute(app, kit);
  sendRoute(app, kit);
  updateRoute(app, kit);
  deleteRoute(app, kit);
  mineRoute(app, kit);
  readRoute(app, kit);
}

// Text is trimmed before validation (the kit's trimBody), so a blank title is as missing as none.
const notificationKit = (ctx: AppContext) =>
  ownedRecordKit(ctx, {
    resource: 'notification',
    schema: notificationSchema,
    programOf: programOfNotification,
    recordOf: (note: NotificationAnswer) => ({ ...note }),
  });

type NotificationKit = ReturnType<typeof notificationKit>;

function programListRoute(app: FastifyInstance, { base, tags, flag, db }: NotificationKit): void {
  app.get<{ Params: { programId: string } }>(
    `${base}/all/:programId`,
    {
      config: { permission: flag('list') },
      schema: {
        tags,
        summary: "A program's notifications, newest first, each with who sent it",
        params: programParams,
        response: { 200: { type: 'array', items: notificationAnswer } },
      },
    },
    async (request) => notificationsOfProgram(db, request.params.programId),
  );
}

function sendRoute(app: FastifyInstance, kit: NotificationKit): void {
  ownedCreateRoute(app, kit, {
    url: `${kit.base}/add`,
    errors: { codes: { 404: ['NOT_FOUND'], 423: ['PROGRAM_LOCKED'] }, notes: { 404: 'No such program' } },
    summary: "Send a notification to a program's team; 423 while the program is locked",
    body: createBody,
    answer: notificationAnswer,
    programOf: (note: NewNotification) => note.program,
    insert: (trx, note, request) => insertNotification(trx, note, kit.userOf(request), kit.now()),
  });
}

function deleteRoute(app: FastifyInstance, kit: NotificationKit): void {
  ownedDeleteRoute(app, kit, {
    url: `${kit.base}/delete/:id`,
    errors: { codes: { 423: ['PROGRAM_LOCKED'] } },
    summary: 'Remove a notification; answers the removed one; 423 while the program is locked',
    answer: notificationAnswer,
    remove: deleteNotification,
  });
}

function updateRoute(app: FastifyInstance, { base, tags, flag, trimBody, writes, now }: NotificationKit): void {
  app.patch<{ Params: { id: string }; Body: { title?: string; body?: string } }>(
    `${base}/update/:id`,
    {
      config: { permission: flag('edit'), audit: audited('update'), errors: { codes: { 423: ['PROGRAM_LOCKED'] } } },
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
      return writes.change(request, id, async (trx) => {
        const before = await findNotification(trx, id);
        return { before, after: await updateNotification(trx, id, request.body, now()) };
      });
    },
  );
}

function mineRoute(app: FastifyInstance, { base, tags, db, userOf }: NotificationKit): void {
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
      const found = await notificationsOf(db, userOf(request), params);
      return answerList(reply, 'notification', params, found);
    },
  );
}

function readRoute(app: FastifyInstance, { base, tags, db, userOf, now }: NotificationKit): void {
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
      await markRead(db, userOf(request), request.params.id, now());
      return { _id: request.params.id, read: true as const };
    },
  );
}
