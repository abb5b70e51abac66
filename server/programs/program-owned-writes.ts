/**
 * Writes to a record a program holds (a goal, a notification) share one skeleton: the program
 * locked by its write guard in the write's transaction (404, 423 while locked; the editing window
 * is for changes to the program itself, not to what it holds), the route's own checks and
 * statement, and the change recorded in the program's history. A route keeps only its own part.
 */
import type { FastifyRequest } from 'fastify';
import type { Action } from '@model/generated/index.ts';
import type { EntitySchema } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import type { ChangeSet } from '../changes/change-log.ts';
import type { Row } from '../changes/changed-fields.ts';
import { routeKit } from '../http/route-kit.ts';
import { guardProgramWrite } from './program-guard.ts';
import { recordChanged, type ActionOf } from './program-changes.ts';

/** What a write did to the record: as it was (null when added) and as it is (null when deleted). */
export interface OwnedChange<T> {
  before: T | null;
  after: T | null;
  /** The action it is recorded under, when not the route's (an edit that only pinned a goal: `pin`). */
  action?: ActionOf;
}

interface OwnedResource<T> {
  resource: 'goal' | 'notification';
  schema: EntitySchema;
  /** The record's program, for the guard; 404 naming the record when there is none. */
  programOf: (trx: Db, id: string) => Promise<string>;
  /** The record as the change log keeps it. */
  recordOf: (record: T) => Row;
}

/** The route kit of a kind of record a program holds: the resource's own, its CRUD flags, and its writes. */
export function ownedRecordKit<T extends { _id: string }>(ctx: AppContext, owned: OwnedResource<T>) {
  const kit = routeKit(ctx, owned.resource, owned.schema);
  return {
    ...kit,
    db: ctx.db,
    schema: owned.schema,
    /** The flag of the generic action the route stands for. */
    flag: (action: Action) => needsFlag(mapFlag(owned.resource, action)),
    writes: ownedRecordWrites(kit.write, owned),
  };
}

export type OwnedRecordKit<T extends { _id: string }> = ReturnType<typeof ownedRecordKit<T>>;

type Write = ReturnType<typeof routeKit>['write'];

/** The writes of one kind of record; each answers the record. */
function ownedRecordWrites<T extends { _id: string }>(write: Write, { resource, programOf, recordOf }: OwnedResource<T>) {
  const inProgram = async (
    trx: Db,
    changes: ChangeSet,
    request: FastifyRequest,
    programId: string,
    work: () => Promise<OwnedChange<T>>,
  ) => {
    await guardProgramWrite(trx, request, programId, { programChange: false });
    const { before, after, action } = await work();
    const record = (after ?? before)!;
    recordChanged(changes, resource, record._id, before && recordOf(before), after && recordOf(after), { programId, action });
    return record;
  };
  return {
    /** A record added to the program its body names. */
    add: (request: FastifyRequest, programId: string, insert: (trx: Db) => Promise<T>) =>
      write(request, (trx, changes) =>
        inProgram(trx, changes, request, programId, async () => ({ before: null, after: await insert(trx) })),
      ),
    /** A change to (or the delete of) record `id`, in the program it belongs to. */
    change: (request: FastifyRequest, id: string, work: (trx: Db, programId: string) => Promise<OwnedChange<T>>) =>
      write(request, async (trx, changes) => {
        const programId = await programOf(trx, id);
        return inProgram(trx, changes, request, programId, () => work(trx, programId));
      }),
  };
}
