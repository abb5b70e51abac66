/**
 * How a guarded route answers a stored upload (a document's file, a permission file). Opened
 * on its own, the file is a sandboxed document (`Content-Security-Policy: sandbox`): a PDF's
 * /OpenAction script or an HTML page posing as an image runs with no origin and cannot reach
 * the console's or the servers' data. The type is never sniffed, and the answer is not cached
 * by shared caches.
 */
import type { FastifyReply } from 'fastify';

export const STORED_FILE_POLICY = 'sandbox';

/** `inline` or `attachment` with the name, in ASCII and (RFC 6266) in UTF-8. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function sendStoredFile(
  reply: FastifyReply,
  content: Buffer,
  file: { contentType: string; disposition: 'inline' | 'attachment'; fileName: string },
) {
  return reply
    .type(file.contentType)
    .header('Content-Disposition', contentDisposition(file.disposition, file.fileName))
    .header('Content-Security-Policy', STORED_FILE_POLICY)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=0')
    .send(content);
}
