/**
 * What every form route starts from: the route kit of the `custom-form` resource, its CRUD
 * flags, and the one skeleton that saving and publishing a draft share.
 */
import type { FastifyRequest } from 'fastify';
import type { Action } from '@model/generated/index.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import { routeKit } from '../http/route-kit.ts';
import { assertFreshDraft, findForm, lockForm, loggedForm, type Draft, type LockedForm } from './form-store.ts';
import { assertValidDefinition } from './form-definition.ts';
import { assertKnownPrograms } from './form-programs.ts';
import { draftOf, type DraftBody } from './form-draft.ts';

/** The form's name in the resource map, as the change log records it. */
export const FORM_RESOURCE = 'custom-form';
/** Said beside 409 on the routes that take a draft_version. */
export const STALE_DRAFT_NOTE = 'STALE_DRAFT: someone saved the draft since draft_version';

/** Writes the checked draft to the locked form (saved as the draft, or published). */
export type DraftSave = (trx: Db, form: LockedForm, draft: Draft) => Promise<void>;

export function formKit(ctx: AppContext) {
  const kit = routeKit(ctx, FORM_RESOURCE);
  return {
    ...kit,
    db: ctx.db,
    /** The flag of the generic action the route stands for. */
    flag: (action: Action) => needsFlag(mapFlag(FORM_RESOURCE, action)),
    /**
     * One write to a form's draft: the form's row locked, a stale draft_version refused (409
     * STALE_DRAFT), the draft as it will be checked (fields, programs), `save` run, and the form
     * before and after recorded; answers the form as it now is.
     */
    writeDraft: (request: FastifyRequest, id: string, body: DraftBody & { draft_version?: number }, save: DraftSave) =>
      kit.write(request, async (trx, changes) => {
        const form = await lockForm(trx, id);
        assertFreshDraft(form, body.draft_version);
        const draft = draftOf(body, form);
        assertValidDefinition(draft);
        await assertKnownPrograms(trx, draft.program_ids, form.program_ids);
        await save(trx, form, draft);
        const saved = await findForm(trx, id);
        changes.record(FORM_RESOURCE, id, loggedForm(form), loggedForm(saved));
        return saved;
      }),
  };
}

export type FormKit = ReturnType<typeof formKit>;
