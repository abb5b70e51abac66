/**
 * Sending a finished export's file to its requester (any kind of export): only when it is done,
 * unexpired and its file is still there, and for a document export only while the requester still
 * sees all of the program's documents if that is what it holds. The download is recorded in the
 * change log (`export-download`, a GET recorded all the same) once the file is found and before
 * it is sent.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { changeContextOf } from '../changes/change-context.ts';
import { inWriteTransaction } from '../changes/change-log.ts';
import { sightOf } from '../documents/document-scope.ts';
import { programToExplore } from '../documents/dashboard/explorer-read.ts';
import { problems } from '../http/errors.ts';
import { EXPORT_RESOURCE } from './export-queue.ts';
import { exportKey } from './export-runner.ts';
import type { ExportRow } from './export-store.ts';

/** A header value naming the file: plain ASCII for old clients, and the exact name in UTF-8 (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers an export's file, when it is finished, unexpired, and still in the requester's sight. */
export async function sendExportFile(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, row: ExportRow) {
  if (row.status === 'expired') throw problems.exportExpired();
  if (row.status !== 'done') throw problems.exportNotReady(row.status);
  if (row.expires_at && new Date(row.expires_at) <= ctx.config.clock.now()) throw problems.exportExpired();
  if (row.kind === 'documents' && row.scope === 'all') {
    const program = await programToExplore(ctx.db, request.sessionUser!, { id: row.program_id! }).catch(() => undefined);
    if (!program || sightOf(request.sessionUser!, program) !== 'all') throw problems.exportScopeLost();
  }
  const file = await ctx.exportFiles.get(exportKey(row.id));
  if (!file) throw problems.exportExpired();
  const size = row.file_size;
  const fileName = row.file_name ?? `${row.id}.csv`;
  try {
    await inWriteTransaction(ctx.db, changeContextOf(request), async (_trx, changes) =>
      changes.add({
        resource: EXPORT_RESOURCE,
        recordId: row.id,
        action: 'export-download',
        ...(row.program_id ? { programId: row.program_id } : {}),
        fields: { file_name: [null, fileName], file_size: [null, size] },
      }),
    );
  } catch (err) {
    file.destroy(); // not sent: the open file (or the store's answer) is let go
    throw err;
  }
  if (size !== null) reply.header('Content-Length', size);
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachment(fileName))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file);
}
