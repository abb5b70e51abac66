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
 */
import type { FastifyInstance } from 'fastify';
import { trimText } from '@model/trim-text.ts';
import type { FormField } from '@model/forms/field-definition.ts';
import type { Permission } from '@model/generated/index.ts';
import { diffStructures } from '@model/forms/revision-diff.ts';
import type { AppContext } from '../context.ts';
import { crudPlugin, mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import { idParams } from '../http/body-schemas.ts';
import { problems } from '../http/errors.ts';
import {
  assertFreshDraft,
  deleteForm,
  findForm,
  findRevision,
  findRevisionByNumber,
  formStore,
  insertForm,
  listRevisions,
  lockForm,
  loggedForm,
  publishDraft,
  publishedForProgram,
  saveDraft,
  toggleStatus,
  type Draft,
  type LockedForm,
} from './form-store.ts';
import { assertValidDefinition } from './form-definition.ts';
import { assertKnownPrograms } from './form-programs.ts';
import { keyErrorsByField } from './field-error-keys.ts';
import { createBody, diffAnswer, diffQuery, programParams, publishBody, restoreBody, revisionSchema, updateBody } from './form-schemas.ts';
import { routeKit } from '../http/route-kit.ts';
import { audited } from '../changes/audit-declaration.ts';
import { changedFields } from '../changes/changed-fields.ts';

/** The form's name in the resource map, as the change log records it. */
const RESOURCE = 'custom-form';

/** Publishing is a flag of its own (the map's actions are the five CRUD ones). */
const PUBLISH_FLAG = 'can_publish_form' satisfies keyof Permission;
const EDIT_FLAG = mapFlag('custom-form', 'edit');

interface DraftBody {
  name?: string;
  structures?: FormField[];
  program_ids?: string[];
  programs?: string[];
}

const changesDraft = (body: DraftBody) =>
  body.name !== undefined || body.structures !== undefined || body.program_ids !== undefined || body.programs !== undefined;

/** The draft as it will be: what the body sends over what is stored. `program_ids` wins over its alias `programs`. */
function draftOf(body: DraftBody, stored?: LockedForm): Draft {
  const programs = body.program_ids ?? body.programs;
  return {
    name: body.name !== undefined ? trimText(body.name) : (stored?.name ?? ''),
    structures: body.structures ?? stored?.structures ?? [],
    program_ids: programs ? [...new Set(programs)] : (stored?.program_ids ?? []),
  };
}

export async function formRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    keyErrorsByField(scope);
    await scope.register(crudPlugin, { resource: 'custom-form', only: ['list', 'show'], store: formStore });
    routes(scope, ctx);
  });
}

function routes(app: FastifyInstance, ctx: AppContext): void {
  const { base, tags, one, now, userOf, write } = routeKit(ctx, RESOURCE);

  app.post<{ Body: DraftBody & { parent_id?: string | null } }>(
    base,
    {
      config: { permission: needsFlag(mapFlag('custom-form', 'create')), audit: audited('create') },
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
        changes.record(RESOURCE, String(form._id), null, loggedForm(form), parent ? { action: 'copy' } : {});
        return form;
      });
      return reply.status(201).send(created);
    },
  );

  app.patch<{ Params: { id: string }; Body: DraftBody & { draft_version: number } }>(
    `${base}/:id`,
    {
      config: { permission: needsFlag(mapFlag('custom-form', 'edit')), audit: audited('update') },
      schema: {
        tags,
        summary: 'Save the draft (the fields sent); draft_version is the one it started from: 409 STALE_DRAFT when someone saved since',
        params: idParams,
        body: updateBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!changesDraft(request.body)) throw problems.validation({ name: 'Send at least one field to change' });
      return write(request, async (trx, changes) => {
        const form = await lockForm(trx, id);
        assertFreshDraft(form, request.body.draft_version);
        const draft = draftOf(request.body, form);
        assertValidDefinition(draft);
        await assertKnownPrograms(trx, draft.program_ids, form.program_ids);
        await saveDraft(trx, form, draft, now());
        const saved = await findForm(trx, id);
        changes.record(RESOURCE, id, loggedForm(form), loggedForm(saved));
        return saved;
      });
    },
  );

  app.post<{ Body: DraftBody & { _id: string; draft_version?: number } }>(
    `${base}/publish`,
    {
      config: { permission: needsFlag(PUBLISH_FLAG), audit: audited('publish') },
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
      return write(request, async (trx, changes) => {
        const form = await lockForm(trx, id);
        assertFreshDraft(form, draftVersion);
        const draft = draftOf(request.body, form);
        assertValidDefinition(draft);
        await assertKnownPrograms(trx, draft.program_ids, form.program_ids);
        await publishDraft(trx, form, draft, userOf(request), now());
        const published = await findForm(trx, id);
        // `version` goes to the new revision's number; the draft's fields sent with it show too.
        changes.record(RESOURCE, id, loggedForm(form), loggedForm(published));
        return published;
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${base}/deactivate/:id`,
    {
      config: { permission: needsFlag(mapFlag('custom-form', 'edit')), audit: audited('deactivate') },
      schema: { tags, summary: 'Switch a form between active and inactive', params: idParams, response: { 200: one } },
    },
    async (request) =>
      write(request, async (trx, changes) => {
        const { id } = request.params;
        const form = await lockForm(trx, id);
        const toggled = await toggleStatus(trx, id, now());
        changes.record(RESOURCE, id, loggedForm(form), loggedForm(toggled), { action: toggled.status ? 'activate' : 'deactivate' });
        return toggled;
      }),
  );

  app.delete<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      config: { permission: needsFlag(mapFlag('custom-form', 'delete')), audit: audited('delete') },
      schema: { tags, summary: 'Delete a form and all its revisions; answers the deleted form', params: idParams, response: { 200: one } },
    },
    async (request) =>
      write(request, async (trx, changes) => {
        const deleted = await deleteForm(trx, request.params.id);
        changes.record(RESOURCE, request.params.id, loggedForm(deleted), null);
        return deleted;
      }),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/rev/:id`,
    {
      config: { permission: needsFlag(mapFlag('custom-form', 'show')) },
      schema: {
        tags,
        summary: "A form's published revisions, newest first ({id} is the form's id)",
        params: idParams,
        response: { 200: { type: 'array', items: revisionSchema } },
      },
    },
    async (request) => listRevisions(ctx.db, request.params.id),
  );

  app.get<{ Params: { id: string }; Querystring: { from: string; to: string } }>(
    `${base}/rev/:id/diff`,
    {
      config: { permission: needsFlag(mapFlag('custom-form', 'show')) },
      schema: {
        tags,
        summary: "What changed, field by field, from one revision to another or to the draft ({id} is the form's id)",
        params: idParams,
        querystring: diffQuery,
        response: { 200: diffAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const from = Number(request.query.from);
      const to = request.query.to === 'draft' ? 'draft' : Number(request.query.to);
      const form = await findForm(ctx.db, id);
      const before = await findRevisionByNumber(ctx.db, id, from);
      const after =
        to === 'draft'
          ? { name: form.name as string, structures: form.structures as FormField[] }
          : await findRevisionByNumber(ctx.db, id, to);
      return {
        from,
        to,
        ...(before.name !== after.name ? { name: { before: before.name, after: after.name } } : {}),
        changes: diffStructures(before.structures, after.structures),
      };
    },
  );

  app.post<{ Body: { _id: string; draft_version?: number } }>(
    `${base}/restore`,
    {
      config: { permission: needsFlag(mapFlag('custom-form', 'edit')), audit: audited('restore') },
      schema: {
        tags,
        summary:
          "Copy a revision's name and fields into its form's draft ({_id} is the revision's id); the revisions stay as they are; 409 STALE_DRAFT when draft_version is sent and stale",
        body: restoreBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const revision = await findRevision(ctx.db, request.body._id);
      return write(request, async (trx, changes) => {
        const form = await lockForm(trx, revision.form_id);
        assertFreshDraft(form, request.body.draft_version);
        await saveDraft(trx, form, { name: revision.name, structures: revision.structures, program_ids: form.program_ids }, now());
        const restored = await findForm(trx, form.id);
        changes.add({
          resource: RESOURCE,
          recordId: form.id,
          fields: {
            ...changedFields(loggedForm(form), loggedForm(restored)),
            restored_revision: [null, { _id: revision.id, version: revision.version }],
          },
        });
        return restored;
      });
    },
  );

  app.get<{ Params: { programId: string } }>(
    `${base}/program/:programId`,
    {
      config: { permission: needsFlag(mapFlag('custom-form', 'list')) },
      schema: {
        tags,
        summary:
          'The active, published forms that list the program (in the program_ids the form has now), each with the name and fields of its latest revision',
        params: programParams,
        response: { 200: { type: 'array', items: one } },
      },
    },
    async (request) => publishedForProgram(ctx.db, request.params.programId),
  );
}
