/**
 * The console's view of conflicts (conflicts.ts): a program's documents edited on two devices
 * offline, each with its versions side by side, and "keep this one", recorded in the change log
 * as the document's `keep-version`. Both need can_edit_document (keeping a version is an edit,
 * and passes every check of one); the list holds only documents the caller may read.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { needsFlag } from '../http/permissions.ts';
import { audited } from '../changes/audit-declaration.ts';
import { inWriteTransaction } from '../changes/change-log.ts';
import { changeContextOf } from '../changes/change-context.ts';
import { removeAttachmentFiles } from '../documents/document-attachments.ts';
import { findProgram } from '../programs/program-read.ts';
import { keepVersion, programConflicts } from './conflicts.ts';
import { conflictList, conflictsQuery, keepBody, keepParams, kept } from './sync-schemas.ts';

const TAGS = ['Offline sync'];

export function conflictRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { program_id: string } }>(
    '/sync/conflicts',
    {
      config: { permission: needsFlag('can_edit_document'), errors: { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No such program' } } },
      schema: {
        tags: TAGS,
        summary:
          "A program's documents edited on two devices offline, each with its versions (the current one first); at most 100, newest first",
        querystring: conflictsQuery,
        response: { 200: conflictList },
      },
    },
    async (request) => {
      await findProgram(ctx.db, request.query.program_id);
      return programConflicts(ctx.db, request.sessionUser!, request.query.program_id);
    },
  );
  app.post<{ Params: { local_id: string }; Body: { rev: string } }>(
    '/sync/conflicts/:local_id',
    {
      config: {
        permission: needsFlag('can_edit_document'),
        audit: audited('keep-version'),
        errors: {
          codes: {
            403: ['FORBIDDEN', 'EDIT_WINDOW_CLOSED'],
            404: ['DOCUMENT_NOT_FOUND'],
            409: ['SYNC_VERSION_GONE', 'MODULE_INACTIVE'],
            422: ['INVALID_DOCUMENT'],
            423: ['PROGRAM_LOCKED'],
          },
          notes: { 409: 'SYNC_VERSION_GONE: the version is no longer one of the live ones (resolved meanwhile)' },
        },
      },
      schema: {
        tags: TAGS,
        summary:
          'Keep one version of a conflicted document: it becomes the document (as an edit), the others are deleted on their branches',
        params: keepParams,
        body: keepBody,
        response: { 200: kept },
      },
    },
    async (request) => {
      const caller = request.sessionUser!;
      const { released, rev } = await inWriteTransaction(ctx.db, changeContextOf(request), (trx, changes) =>
        keepVersion(trx, changes, caller, request.params.local_id, request.body.rev, ctx.config.clock.now()),
      );
      await removeAttachmentFiles(ctx.files, released);
      return { local_id: request.params.local_id, rev };
    },
  );
}
