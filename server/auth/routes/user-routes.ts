/**
 * /user routes (spec 1 §7): the list and one user come from the CRUD plugin; adding, changing
 * (password included), the photo and the soft delete are the user service's own rules.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceSchema } from '@model/schema-registry.ts';
import { needsFlag, needsFlagOrSelf } from '../../http/permissions.ts';
import { idParams, writeSchema } from '../../http/body-schemas.ts';
import { problems } from '../../http/errors.ts';
import { crudPlugin, mapFlag } from '../../crud/crud-plugin.ts';
import { userStore, type NewUser } from '../user-store.ts';
import { createUser, deleteUser, replacePhoto, updateUser, type UserPatch } from '../user-service.ts';
import { clientNetwork } from '../login-failures.ts';
import { PHOTO_MAX_BYTES, uploadProblem } from '../photos.ts';
import { userForCaller } from '../permission-visibility.ts';
import type { Row } from '../../crud/crud-store.ts';
import { audited } from '../../changes/audit-declaration.ts';
import { changeContextOf } from '../../changes/change-context.ts';
import { OWN_PASSWORD, PASSWORD_RULES } from '../password-errors.ts';

const schema = resourceSchema('user');
const tags = ['Users'];
const one = { $ref: 'user' };

const createBody = (() => {
  const body = writeSchema(schema, 'create') as { required: string[]; properties: Record<string, unknown> };
  const { current_password: _changesOnly, ...properties } = body.properties;
  return {
    ...body,
    // Spec 1 §7 sends these as null on add; the photo follows with PATCH /user/upload/{id}.
    properties: {
      ...properties,
      photo: { type: 'null', title: 'Photo', 'x-messages': { type: 'Photo is set with PATCH /user/upload/{id}' } },
      preview: { type: 'null', title: 'Preview', 'x-messages': { type: 'Preview is set with PATCH /user/upload/{id}' } },
    },
    required: [...body.required, 'password'], // a password on add only (spec 1 §5)
  };
})();

const updateBody = (() => {
  const body = writeSchema(schema, 'update') as { properties: Record<string, unknown> };
  // The change-password dialog sends _id, email, password and confirm_password (spec 1 §7).
  return {
    ...body,
    properties: {
      ...body.properties,
      _id: { type: 'string', title: 'Id', maxLength: 64 },
      confirm_password: { type: 'string', title: 'Confirm password', maxLength: 256 },
    },
  };
})();

const caller = (request: FastifyRequest) => request.sessionUser!;
/** A user as this caller may see them: another user's role flags only with can_get_permission. */
const answer = (user: Row, request: FastifyRequest) => userForCaller(user, caller(request));

function addUserRoute(app: FastifyInstance, ctx: AppContext) {
  app.post<{ Body: NewUser & { password: string } }>(
    '/user',
    {
      config: {
        permission: needsFlag(mapFlag('user', 'create')),
        audit: audited('create'),
        errors: {
          codes: { 400: ['BAD_REQUEST', 'WEAK_PASSWORD'], 403: ['PRIVILEGE_ESCALATION'] },
          notes: { 400: 'Also a role or designation that does not exist or is inactive (BAD_REQUEST, naming the field)' },
        },
      },
      schema: { tags, summary: 'Add a user', body: createBody, response: { 201: one } },
    },
    async (request, reply) =>
      reply.status(201).send(answer(await createUser(ctx, caller(request), request.body, changeContextOf(request)), request)),
  );
}

function changeUserRoute(app: FastifyInstance, ctx: AppContext) {
  app.patch<{ Params: { id: string }; Body: UserPatch }>(
    '/user/:id',
    {
      // Recorded as `update`, or as what it was above all: password-change, email-change, activate, deactivate.
      config: {
        permission: needsFlagOrSelf(mapFlag('user', 'edit')),
        audit: audited('update'),
        errors: {
          codes: {
            400: ['BAD_REQUEST', ...PASSWORD_RULES, ...OWN_PASSWORD[400]],
            403: ['PRIVILEGE_ESCALATION', 'PASSWORD_CHANGE_FORBIDDEN', 'SELF_CHANGE'],
            409: ['CHANGED_MEANWHILE', 'LAST_ROLE_EDITOR'],
            423: OWN_PASSWORD[423],
          },
          notes: { 423: 'Too many wrong current passwords for this account from this address' },
        },
      },
      schema: {
        tags,
        summary:
          "Change a user; with password and confirm_password, change their password (Admin: anyone's, others: their own). " +
          'Changing your own password or e-mail needs current_password; the previous address is told of an e-mail change.',
        params: idParams,
        body: updateBody,
        response: { 200: one },
      },
    },
    async (request) =>
      answer(
        await updateUser(ctx, caller(request), request.params.id, request.body, clientNetwork(request.ip), changeContextOf(request)),
        request,
      ),
  );
}

/** The bytes of the multipart part named "photo"; anything else (the add screen's "preview") is read and dropped. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw problems.badRequest('Send the photo as multipart/form-data', { photo: 'Choose a photo' });
  let content: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: 2 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'photo' && !content) content = bytes;
    }
  } catch (err) {
    throw uploadProblem(err);
  }
  if (!content) throw problems.badRequest('Choose a photo (PNG, GIF or JPEG)', { photo: 'Choose a photo' });
  return content;
}

function photoRoute(app: FastifyInstance, ctx: AppContext) {
  app.patch<{ Params: { id: string } }>(
    '/user/upload/:id',
    {
      config: {
        permission: needsFlagOrSelf(mapFlag('user', 'edit')),
        audit: audited('photo-change'),
        errors: {
          codes: { 400: ['INVALID_UPLOAD'], 403: ['PRIVILEGE_ESCALATION'], 413: ['PHOTO_TOO_LARGE'], 415: ['UNSUPPORTED_PHOTO'] },
          notes: { 415: 'The photo is not a PNG, GIF or JPEG (told by its first bytes)' },
        },
      },
      schema: {
        tags,
        summary: `Set a user's photo: multipart field "photo", PNG, GIF or JPEG, at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`,
        consumes: ['multipart/form-data'],
        multipartBody: {
          type: 'object',
          required: ['photo'],
          properties: { photo: { type: 'string', format: 'binary', description: 'PNG, GIF or JPEG, told by its first bytes' } },
        },
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const content = await readPhoto(request);
      return answer(await replacePhoto(ctx, caller(request), request.params.id, content, changeContextOf(request)), request);
    },
  );
}

function deleteUserRoute(app: FastifyInstance, ctx: AppContext) {
  app.delete<{ Params: { id: string } }>(
    '/user/:id',
    {
      config: {
        permission: needsFlag(mapFlag('user', 'delete')),
        audit: audited('delete'),
        errors: { codes: { 403: ['PRIVILEGE_ESCALATION', 'SELF_CHANGE'], 409: ['CHANGED_MEANWHILE', 'LAST_ROLE_EDITOR'] } },
      },
      schema: {
        tags,
        summary: 'Delete a user (soft: deactivated, hidden from lists, signed out); answers the updated user',
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => answer(await deleteUser(ctx, caller(request), request.params.id, changeContextOf(request)), request),
  );
}

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  // Everyone may read their own record without can_get_user.
  app.register(crudPlugin, { resource: 'user', only: ['list', 'show'], self: ['show'], store: userStore, hooks: { afterRead: answer } });
  addUserRoute(app, ctx);
  changeUserRoute(app, ctx);
  photoRoute(app, ctx);
  deleteUserRoute(app, ctx);
}
