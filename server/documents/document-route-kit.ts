/**
 * What every document route starts from: the database, the configuration, the servers' clock,
 * and one write runner (documents are not in the resource map, so they have no routeKit of
 * their own): the work and the change rows it gathers in one transaction, under the route's
 * declared action.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { inWriteTransaction, type ChangeSet } from '../changes/change-log.ts';
import { changeContextOf } from '../changes/change-context.ts';

/** The OpenAPI tag of every document route. */
export const DOCUMENT_TAGS = ['Documents'];

export function documentKit(ctx: AppContext) {
  const { db, config } = ctx;
  return {
    db,
    config,
    files: ctx.files,
    now: () => config.clock.now(),
    write: <T>(request: FastifyRequest, work: (trx: Db, changes: ChangeSet) => Promise<T>) =>
      inWriteTransaction(db, changeContextOf(request), work),
  };
}

export type DocumentKit = ReturnType<typeof documentKit>;
