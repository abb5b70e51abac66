/**
 * Custom forms on the api server: list and show through the CRUD plugin; the draft's writes,
 * publishing, revisions, their diff and restore here. A form keeps one id for life; its row is
 * the draft, and each publish adds an immutable revision numbered 1, 2, 3…
 *
 * Every write to a draft locks the form's row and carries the draft_version it started from: a
 * stale one is refused with 409 STALE_DRAFT and changes nothing, so two people editing one form
 * never overwrite each other unseen.
 *
 * Each write records its change in the change log, in its own transaction: the form's stored
 * fields before and after (a 500-field form's `structures` whole, when they changed), under
 * `create` (or `copy`, naming the form it came from), `update`, `publish` (version: the new
 * revision's number), `restore` (which revision), `deactivate`/`activate` and `delete`.
 *
 * Here: the wiring, the draft's writes and the forms of a program; the revisions have their own file.
 */
import type { FastifyInstance } from 'fastify';
import type { Permission } from '@model/generated/index.ts';
import type { AppContext } from '../context.ts';
import { crudPlugin, mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import { idParams } from '../http/body-schemas.ts';
import { problems } from '../http/errors.ts';
import {
  deleteForm,
  formStore,
  insertForm,
  lockForm,
  loggedForm,
  publishDraft,
  publishedForProgram,
  saveDraft,
  toggleStatus,
} from './form-store.ts';
import { assertValidDefinition } from './form-definition.ts';
import { assertKnownPrograms } from './form-programs.ts';
import { keyErrorsByField } from './field-error-keys.ts';
import { createBody, programParams, publishBody, updateBody } from './form-schemas.ts';
import { audited } from '../changes/audit-declaration.ts';
import { changesDraft, draftOf, type DraftBody } from './form-draft.ts';
import { FORM_RESOURCE, formKit, STALE_DRAFT_NOTE, type FormKit } from './form-kit.ts';
import { diffRoute, restoreRoute, revisionsRoute } from './form-revision-routes.ts';

/** Publishing is a flag of its own (the map's actions are the five CRUD ones). */
const PUBLISH_FLAG = 'can_publish_form' satisfies keyof Permission;
const EDIT_FLAG = mapFlag(FORM_RESOURCE, 'edit');

export async function formRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    keyErrorsByField(scope);
    await scope.register(crudPlugin, { resource: FORM_RESOURCE, only: ['list', 'show'], store: formStore });
    routes(scope, formKit(ctx));
  });
}

function routes(app: FastifyInstance, kit: FormKit): void {
  createRoute(app, kit);
  saveRoute(app, kit);
  publishRoute(app, kit);
  statusRoute(app, kit);
  deleteRoute(app, kit);
  revisionsRoute(app, kit);
  diffRoute(app, kit);
  restoreRoute(app, kit);
  programFormsRoute(app, kit);
}

function createRoute(app: FastifyInstance, { base, tags, one, now, userOf, write, flag }: FormKit): void {
  app.post<{ Body: DraftBody & { parent_id?: string | null } }>(
    base,
    {
      config: { permission: flag('create'), audit: audited('create') },
      schema: {
        tags,
        summary: 'Add a form (a draft: version 0, draft_version 0); parent_id names the form it is a copy of',
        body: createBody,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const draft = draftOf(request.body);
      assertValidDefinition(draft);
      const parent = request.body.parent_id?.trim() || null;
      const created = await write(request, async (trx, changes) => {
        await assertKnownPrograms(trx, draft.program_ids);
        const form = await insertForm(trx, { ...draft, parent_id: parent }, userOf(request), now());
        // A copy is the new form's create, its parent_id naming the form it came from.
        changes.record(FORM_RESOURCE, String(form._id), null, loggedForm(form), parent ? { action: 'copy' } : {});
        return form;
      });
      return reply.status(201).send(created);
    },
  );
}

function saveRoute(app: FastifyInstance, { base, tags, one, now, writeDraft, flag }: FormKit): void {
  app.patch<{ Params: { id: string }; Body: DraftBody & { draft_version: number } }>(
    `${base}/:id`,
    {
      config: {
        permission: flag('edit'),
        audit: audited('update'),
        errors: { codes: { 409: ['STALE_DRAFT'] }, notes: { 409: STALE_DRAFT_NOTE } },
      },
      schema: {
        tags,
        summary: 'Save the draft (the fields sent); draft_version is the one it started from: 409 STALE_DRAFT when someone saved since',
        params: idParams,
        body: updateBody,
        response: { 200: one },
      },
    },
    async (request) => {
      if (!changesDraft(request.body)) throw problems.validation({ name: 'Send at least one field to change' });
      return writeDraft(request, request.params.id, request.body, (trx, form, draft) => saveDraft(trx, form, draft, now()));
    },
  );
}

function publishRoute(app: FastifyInstance, { base, tags, one, now, userOf, writeDraft }: FormKit): void {
  app.post<{ Body: DraftBody & { _id: string; draft_version?: number } }>(
    `${base}/publish`,
    {
      config: {
        permission: needsFlag(PUBLISH_FLAG),
        audit: audited('publish'),
        errors: { codes: { 404: ['NOT_FOUND'], 409: ['STALE_DRAFT'] }, notes: { 409: STALE_DRAFT_NOTE } },
      },
      schema: {
        tags,
        summary:
          'Publish the draft as the next revision (1, 2, 3…), saving the draft fields sent first, in one transaction (sending name, structures or program_ids needs can_edit_form too); 409 STALE_DRAFT when draft_version is stale',
        body: publishBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const { _id: id, draft_version: draftVersion } = request.body;
      // Publishing alone is not editing: a publish that also rewrites the draft needs both flags.
      if (changesDraft(request.body) && request.sessionUser!.permission[EDIT_FLAG] !== true) throw problems.forbidden(EDIT_FLAG);
      if (changesDraft(request.body) && draftVersion === undefined)
        throw problems.validation({ draft_version: 'Send the draft_version of the form this change started from' });
      // `version` goes to the new revision's number; the draft's fields sent with it show too.
      return writeDraft(request, id, request.body, (trx, form, draft) => publishDraft(trx, form, draft, userOf(request), now()));
    },
  );
}

function statusRoute(app: FastifyInstance, { base, tags, one, now, write, flag }: FormKit): void {
  app.delete<{ Params: { id: string } }>(
    `${base}/deactivate/:id`,
    {
      config: { permission: flag('edit'), audit: audited('deactivate') },
      schema: { tags, summary: 'Switch a form between active and inactive', params: idParams, response: { 200: one } },
    },
    async (request) =>
      write(request, async (trx, changes) => {
        const { id } = request.params;
        const form = await lockForm(trx, id);
        const toggled = await toggleStatus(trx, id, now());
        changes.record(FORM_RESOURCE, id, loggedForm(form), loggedForm(toggled), { action: toggled.status ? 'activate' : 'deactivate' });
        return toggled;
      }),
  );
}

function deleteRoute(app: FastifyInstance, { base, tags, one, write, flag }: FormKit): void {
  app.delete<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      config: { permission: flag('delete'), audit: audited('delete') },
      schema: { tags, summary: 'Delete a form and all its revisions; answers the deleted form', params: idParams, response: { 200: one } },
    },
    async (request) =>
      write(request, async (trx, changes) => {
        const deleted = await deleteForm(trx, request.params.id);
        changes.record(FORM_RESOURCE, request.params.id, loggedForm(deleted), null);
        return deleted;
      }),
  );
}

function programFormsRoute(app: FastifyInstance, { base, tags, one, db, flag }: FormKit): void {
  app.get<{ Params: { programId: string } }>(
    `${base}/program/:programId`,
    {
      config: { permission: flag('list') },
      schema: {
        tags,
        summary:
          'The active, published forms that list the program (in the program_ids the form has now), each with the name and fields of its latest revision',
        params: programParams,
        response: { 200: { type: 'array', items: one } },
      },
    },
    async (request) => publishedForProgram(db, request.params.programId),
  );
}
