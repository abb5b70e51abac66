/**
 * Goals on the api server (spec 2 §7 Goals). A program has at most one goal per type record;
 * the type must be attached to the program in the list of its kind. Every write goes through
 * the program's write guard in its transaction (404 program, 423 while locked); goals are not
 * program edits, so the editing window does not apply.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import { idParams } from '../http/body-schemas.ts';
import { problems } from '../http/errors.ts';
import { assertTrimmedText } from '../http/text-fields.ts';
import { GOAL_KINDS, kindLabel, type DocumentType } from './goal-kinds.ts';
import {
  assertAttachedType,
  assertNoGoalFor,
  attachedTypes,
  deleteGoal,
  findGoal,
  goalsOfProgram,
  insertGoal,
  isDuplicateGoal,
  programBySlug,
  documentsOfType,
  programOfGoal,
  programRef,
  typeRecord,
  updateGoal,
  type GoalChange,
  type NewGoal,
} from './goal-store.ts';
import {
  createBody,
  fullGoalAnswer,
  goalAnswer,
  goalOptionsAnswer,
  goalSchema,
  programParams,
  targetAnswer,
  targetBody,
  updateBody,
} from './goal-schemas.ts';
import { audited, notAudited } from '../changes/audit-declaration.ts';
import { ownedRecordKit } from '../programs/program-owned-writes.ts';
import { ownedCreateRoute, ownedDeleteRoute } from '../programs/program-owned-routes.ts';
import { goalEditAction, goalRecord } from './goal-changes.ts';

/** Progress is read per program: it asks what the program holds, so it needs the program read flag. */
const READ_PROGRAM_FLAG = mapFlag('program', 'show');

type TargetBody = { program_slug: string; type: DocumentType } & Record<string, string | undefined>;

export function goalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const kit = goalKit(ctx);
  optionsRoute(app, kit);
  fullRoute(app, kit);
  createRoute(app, kit);
  updateRoute(app, kit);
  deleteRoute(app, kit);
  targetRoute(app, kit);
}

function goalKit(ctx: AppContext) {
  return {
    ...ownedRecordKit(ctx, { resource: 'goal', schema: goalSchema, programOf: programOfGoal, recordOf: goalRecord }),
    /** Two writers who both passed the check: the unique (program_id, goal_type) refused the second. */
    duplicateAnswer: async (err: unknown, type: DocumentType, typeId: string) => {
      if (!isDuplicateGoal(err)) return err;
      const record = await typeRecord(ctx.db, type, typeId);
      return problems.goalExists(record?.name ?? kindLabel(type));
    },
  };
}

type GoalKit = ReturnType<typeof goalKit>;

function optionsRoute(app: FastifyInstance, { base, tags, flag, db }: GoalKit): void {
  app.get<{ Params: { programId: string } }>(
    `${base}/:programId/obj`,
    {
      config: { permission: flag('list') },
      schema: {
        tags,
        summary: "A program's goals, and per record kind the types attached to it (the choices of the goal form)",
        params: programParams,
        response: { 200: goalOptionsAnswer },
      },
    },
    async (request) => {
      const types = await attachedTypes(db, request.params.programId);
      return { goals: await goalsOfProgram(db, request.params.programId), types };
    },
  );
}

function fullRoute(app: FastifyInstance, { base, tags, flag, db }: GoalKit): void {
  app.get<{ Params: { id: string } }>(
    `${base}/:id/full`,
    {
      config: { permission: flag('show') },
      schema: { tags, summary: 'One goal, with its program and its type record', params: idParams, response: { 200: fullGoalAnswer } },
    },
    async (request) => {
      const goal = await findGoal(db, request.params.id);
      const [program, type] = await Promise.all([programRef(db, goal.program_id), typeRecord(db, goal.document_type, goal.goal_type)]);
      return { ...goal, program, type: type ?? null };
    },
  );
}

function createRoute(app: FastifyInstance, kit: GoalKit): void {
  ownedCreateRoute(app, kit, {
    url: kit.base,
    errors: {
      codes: { 404: ['NOT_FOUND'], 409: ['GOAL_EXISTS'], 423: ['PROGRAM_LOCKED'] },
      notes: { 404: 'No such program', 409: 'GOAL_EXISTS: the program already has a goal for this type' },
    },
    summary:
      'Set a goal for a type attached to the program (400 naming goal_type otherwise); 409 GOAL_EXISTS when the program has one for that type; 423 while the program is locked',
    body: createBody,
    answer: goalAnswer,
    programOf: (goal: NewGoal) => goal.program_id,
    insert: async (trx, goal, request) => {
      const type = await assertAttachedType(trx, goal.program_id, goal.document_type, goal.goal_type);
      await assertNoGoalFor(trx, goal.program_id, type);
      return insertGoal(trx, goal, kit.userOf(request), kit.now());
    },
    refusal: (err, goal) => kit.duplicateAnswer(err, goal.document_type, goal.goal_type),
  });
}

function updateRoute(app: FastifyInstance, { base, tags, flag, trimBody, writes, now, duplicateAnswer }: GoalKit): void {
  app.patch<{ Params: { id: string }; Body: GoalChange }>(
    `${base}/:id`,
    {
      config: {
        permission: flag('edit'),
        audit: audited('update'),
        errors: { codes: { 409: ['GOAL_EXISTS'], 423: ['PROGRAM_LOCKED'] }, notes: { 404: 'No such goal, or its program is gone' } },
      },
      schema: {
        tags,
        summary:
          'Change a goal (the fields sent): a new type must be attached to the program and have no goal yet (409 GOAL_EXISTS); 423 while the program is locked',
        params: idParams,
        body: updateBody,
        response: { 200: goalAnswer },
      },
      preValidation: trimBody,
    },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      assertTrimmedText(change, goalSchema);
      let counted: { type: DocumentType; typeId: string } | undefined;
      try {
        return await writes.change(request, id, async (trx, programId) => {
          const goal = await findGoal(trx, id);
          const type = change.document_type ?? goal.document_type;
          const typeId = change.goal_type ?? goal.goal_type;
          // Only a new type is checked: a goal whose type was detached can still have its target changed.
          if (type !== goal.document_type || typeId !== goal.goal_type) {
            counted = { type, typeId };
            const record = await assertAttachedType(trx, programId, type, typeId);
            await assertNoGoalFor(trx, programId, record, id);
          }
          return { before: goal, after: await updateGoal(trx, id, change, now()), action: goalEditAction };
        });
      } catch (err) {
        throw counted ? await duplicateAnswer(err, counted.type, counted.typeId) : err;
      }
    },
  );
}

function deleteRoute(app: FastifyInstance, kit: GoalKit): void {
  ownedDeleteRoute(app, kit, {
    url: `${kit.base}/:id`,
    errors: { codes: { 423: ['PROGRAM_LOCKED'] } },
    summary: 'Delete a goal; answers the deleted goal; 423 while the program is locked',
    answer: goalAnswer,
    remove: deleteGoal,
  });
}

function targetRoute(app: FastifyInstance, { base, tags, db }: GoalKit): void {
  app.post<{ Body: TargetBody }>(
    `${base}/target`,
    {
      config: {
        permission: needsFlag(READ_PROGRAM_FLAG),
        audit: notAudited('a count read by POST (the mobile app sends a body); nothing changes'),
        errors: { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No program with this slug, or no such type record' } },
      },
      schema: {
        tags,
        summary:
          'How many documents of a type a program holds (type names the kind, its *_type_id field the type record), from the exact counters',
        body: targetBody,
        response: { 200: targetAnswer },
      },
    },
    async (request) => {
      const { program_slug: slug, type } = request.body;
      const idField = GOAL_KINDS[type].idField;
      const typeId = request.body[idField]?.trim();
      if (!slug.trim()) throw problems.validation({ program_slug: 'Program is required' });
      if (!typeId) throw problems.validation({ [idField]: `${kindLabel(type)} is required` });
      const program = await programBySlug(db, slug.trim());
      if (!(await typeRecord(db, type, typeId))) throw problems.notFound(kindLabel(type));
      return { achieve: await documentsOfType(db, program.id, type, typeId), achieve_counted: true };
    },
  );
}
