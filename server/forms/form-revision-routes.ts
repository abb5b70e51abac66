/** A form's published revisions: the list, what changed between two of them (or to the draft), and a restore into the draft. */
import type { FastifyInstance } from 'fastify';
import type { FormField } from '@model/forms/field-definition.ts';
import { diffStructures } from '@model/forms/revision-diff.ts';
import { idParams } from '../http/body-schemas.ts';
import { audited } from '../changes/audit-declaration.ts';
import { changedFields } from '../changes/changed-fields.ts';
import {
  assertFreshDraft,
  findForm,
  findRevision,
  findRevisionByNumber,
  listRevisions,
  lockForm,
  loggedForm,
  saveDraft,
} from './form-store.ts';
import { diffAnswer, diffQuery, restoreBody, revisionSchema } from './form-schemas.ts';
import { FORM_RESOURCE, STALE_DRAFT_NOTE, type FormKit } from './form-kit.ts';

export function revisionsRoute(app: FastifyInstance, { base, tags, db, flag }: FormKit): void {
  app.get<{ Params: { id: string } }>(
    `${base}/rev/:id`,
    {
      config: { permission: flag('show') },
      schema: {
        tags,
        summary: "A form's published revisions, newest first ({id} is the form's id)",
        params: idParams,
        response: { 200: { type: 'array', items: revisionSchema } },
      },
    },
    async (request) => listRevisions(db, request.params.id),
  );
}

export function diffRoute(app: FastifyInstance, { base, tags, db, flag }: FormKit): void {
  app.get<{ Params: { id: string }; Querystring: { from: string; to: string } }>(
    `${base}/rev/:id/diff`,
    {
      config: { permission: flag('show') },
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
      const form = await findForm(db, id);
      const before = await findRevisionByNumber(db, id, from);
      const after =
        to === 'draft' ? { name: form.name as string, structures: form.structures as FormField[] } : await findRevisionByNumber(db, id, to);
      return {
        from,
        to,
        ...(before.name !== after.name ? { name: { before: before.name, after: after.name } } : {}),
        changes: diffStructures(before.structures, after.structures),
      };
    },
  );
}

export function restoreRoute(app: FastifyInstance, { base, tags, one, db, now, write, flag }: FormKit): void {
  app.post<{ Body: { _id: string; draft_version?: number } }>(
    `${base}/restore`,
    {
      config: {
        permission: flag('edit'),
        audit: audited('restore'),
        errors: {
          codes: { 404: ['NOT_FOUND'], 409: ['STALE_DRAFT'] },
          notes: { 404: 'No such revision, or its form was deleted meanwhile', 409: STALE_DRAFT_NOTE },
        },
      },
      schema: {
        tags,
        summary:
          "Copy a revision's name and fields into its form's draft ({_id} is the revision's id); the revisions stay as they are; 409 STALE_DRAFT when draft_version is sent and stale",
        body: restoreBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const revision = await findRevision(db, request.body._id);
      return write(request, async (trx, changes) => {
        const form = await lockForm(trx, revision.form_id);
        assertFreshDraft(form, request.body.draft_version);
        await saveDraft(trx, form, { name: revision.name, structures: revision.structures, program_ids: form.program_ids }, now());
        const restored = await findForm(trx, form.id);
        changes.add({
          resource: FORM_RESOURCE,
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
}
