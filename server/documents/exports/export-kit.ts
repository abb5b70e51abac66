/**
 * What every document-export route starts from: the one flag, the caller's own exports (another
 * caller's is answered 404, as if it did not exist), and asking for an export as the caller.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { needsFlag } from '../../http/permissions.ts';
import { changeContextOf } from '../../changes/change-context.ts';
import { problems } from '../../http/errors.ts';
import { findMine } from '../../exports/export-store.ts';
import { requestExport, type ExportRequest } from './export-request.ts';

const FLAG = 'can_explore_data';

export function exportKit(ctx: AppContext) {
  return {
    ctx,
    db: ctx.db,
    permission: needsFlag(FLAG),
    callerOf: (request: FastifyRequest) => request.sessionUser!,
    /** One of the caller's exports, or 404. */
    mine: async (request: FastifyRequest, id: string) => {
      const found = await findMine(ctx.db, id, request.sessionUser!.id);
      if (!found) throw problems.notFound('Export');
      return found;
    },
    /** Asks for an export as the caller, recorded under the route's action. */
    ask: (request: FastifyRequest, input: ExportRequest) => requestExport(ctx, request.sessionUser!, input, changeContextOf(request)),
  };
}

export type ExportKit = ReturnType<typeof exportKit>;
