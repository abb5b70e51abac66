/**
 * Files a document carries (an image, a signature, a PDF…). The app uploads each one first
 * (POST /document/attachment) and names it in its answers; the submission then claims the
 * caller's unclaimed uploads it names, in its own transaction. A file is told by its content
 * (PNG, JPEG, GIF, WebP or PDF), never by its name; an image is re-encoded (only its pixels are
 * kept: image-reencode.ts), and the file is stored as `documents/<uuid>.<ext>` (the file
 * store: server/files/): never served statically, only by
 * GET /document/{id}/attachment/{name} to a caller who may read the document.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { reencodeImage } from '../uploads/image-reencode.ts';
import { fileKindOf, GIF, JPEG, PDF, PNG, WEBP, type FileKind } from '../uploads/file-kinds.ts';
import { removeStoredFile } from '../uploads/stored-files.ts';
import type { FileStore } from '../files/file-store.ts';
import type { AttachmentAnswer } from './document-answers.ts';
import type { AttachmentFact } from './document-changes.ts';

export const ATTACHMENTS_FOLDER = 'documents';
export const ATTACHMENT_KIND_NAMES = 'PNG, JPEG, GIF, WebP or PDF';

export const ATTACHMENT_KINDS: readonly FileKind[] = [PNG, JPEG, GIF, WEBP, PDF];

/** What the file is, by its first bytes; undefined for anything else (a .png that is text). */
export function attachmentKindOf(content: Buffer): FileKind | undefined {
  return fileKindOf(content, ATTACHMENT_KINDS);
}

/** An attachment's stored name: a UUID and the extension of what it is. */
export const ATTACHMENT_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|pdf)$/;

/** Uploads no document has claimed yet that one user may hold at once (an app sends and then submits). */
export const MAX_UNCLAIMED_UPLOADS = 50;

type AttachmentConfig = Pick<Config, 'documentAttachmentMaxBytes' | 'documentUploadQuotaBytes'>;

/**
 * Writes the file (an image re-encoded first: 400 naming `file` when it does not decode) under a
 * new name, never overwriting one, and records it as the caller's, unclaimed. Refused with 429
 * when the caller already holds MAX_UNCLAIMED_UPLOADS unclaimed files (UPLOADS_BUSY), or when
 * this one would take their unclaimed files over DOCUMENT_UPLOAD_QUOTA_BYTES as stored
 * (UPLOAD_QUOTA_FULL). Both are counted under a lock of the caller's, so two uploads at once
 * cannot both take the last place.
 */
export async function storeAttachment(
  db: Db,
  files: FileStore,
  config: AttachmentConfig,
  uploadedBy: string,
  upload: Buffer,
  kind: FileKind,
  now: Date,
) {
  const maxBytes = config.documentAttachmentMaxBytes;
  // Decoding is the slow part: done before the lock and the transaction are taken.
  const content = kind.image
    ? await reencodeImage(upload, kind, { field: 'file', maxBytes, tooLarge: () => problems.attachmentTooLarge(maxBytes) })
    : upload;
  const name = `${randomUUID()}.${kind.ext}`;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`document-uploads:${uploadedBy}`}))`.execute(trx);
    // Unclaimed rows are few: the index on document_id finds them (nulls included).
    const { rows } = await sql<{ n: number; bytes: string }>`select count(*)::int as n, coalesce(sum(size), 0)::text as bytes
      from document_attachments where document_id is null and uploaded_by = ${uploadedBy}`.execute(trx);
    if (rows[0]!.n >= MAX_UNCLAIMED_UPLOADS) throw problems.uploadsBusy(MAX_UNCLAIMED_UPLOADS);
    if (Number(rows[0]!.bytes) + content.length > config.documentUploadQuotaBytes)
      throw problems.uploadQuotaFull(config.documentUploadQuotaBytes);
    await files.put(`${ATTACHMENTS_FOLDER}/${name}`, content);
    try {
      await sql`insert into document_attachments (name, document_id, uploaded_by, content_type, size, created_at)
        values (${name}, null, ${uploadedBy}, ${kind.contentType}, ${content.length}, ${now})`.execute(trx);
    } catch (err) {
      await removeAttachmentFiles(files, [name]);
      throw err;
    }
  });
  return { name, content_type: kind.contentType, size: content.length };
}

/**
 * Deletes the uploads no document claimed within `ttlHours` (an app that uploaded and never
 * submitted): rows first, files after, so a claim racing the sweep either wins (the row is
 * claimed, not deleted) or finds no upload (400). Safe from several processes at once.
 */
export async function removeUnclaimedUploads(db: Db, files: FileStore, ttlHours: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ttlHours * 3600 * 1000);
  const { rows } = await sql<{ name: string }>`delete from document_attachments
    where document_id is null and created_at < ${before} returning name`.execute(db);
  await removeAttachmentFiles(
    files,
    rows.map((r) => r.name),
  );
  return rows.length;
}

export async function removeAttachmentFiles(files: FileStore, names: string[]): Promise<void> {
  await Promise.all(names.map((name) => removeStoredFile(files, ATTACHMENTS_FOLDER, `${ATTACHMENTS_FOLDER}/${name}`)));
}

/** The files a document names once claimed (`named`), and those of them it held already (`held`). */
export interface ClaimedFiles {
  named: AttachmentFact[];
  held: AttachmentFact[];
}

/**
 * Claims for the document every file its answers name: each must be an upload of the caller's
 * that no document holds yet, or one this document holds already (a change keeps its files).
 * Locked `for update`, so two submissions naming one upload cannot both take it. 400 naming
 * the field otherwise: "<Label> is not an uploaded file". A parked upload enters the change log
 * here, by name and size in its document's change, when it becomes part of the document.
 */
export async function claimAttachments(trx: Db, callerId: string, documentId: string, named: AttachmentAnswer[]): Promise<ClaimedFiles> {
  const names = [...new Set(named.map((a) => a.name))];
  if (!names.length) return { named: [], held: [] };
  const { rows } = await sql<{ name: string; size: number; document_id: string | null; uploaded_by: string }>`
    select name, size, document_id, uploaded_by from document_attachments where name = any(${names}::text[]) order by name for update`.execute(
    trx,
  );
  const found = new Map(rows.map((r) => [r.name, r]));
  const fields: Record<string, string> = {};
  for (const answer of named) {
    const row = found.get(answer.name);
    const usable = row && (row.document_id === documentId || (row.document_id === null && row.uploaded_by === callerId));
    if (!usable) fields[answer.field] ??= `${answer.label} is not an uploaded file`;
  }
  if (Object.keys(fields).length) throw problems.validation(fields);
  await sql`update document_attachments set document_id = ${documentId}
    where name = any(${names}::text[]) and document_id is null`.execute(trx);
  const fact = ({ name, size }: AttachmentFact) => ({ name, size });
  return { named: rows.map(fact), held: rows.filter((r) => r.document_id === documentId).map(fact) };
}

/** A change's files no longer named by its answers: their rows go now, their files once the change commits. */
export async function releaseUnnamed(trx: Db, documentId: string, named: AttachmentAnswer[]): Promise<AttachmentFact[]> {
  const kept = [...new Set(named.map((a) => a.name))];
  const { rows } = await sql<AttachmentFact>`delete from document_attachments
    where document_id = ${documentId} and not (name = any(${kept}::text[])) returning name, size`.execute(trx);
  return rows;
}

/** The document's attachment with this name, if it has it. */
export async function attachmentOf(db: Db, documentId: string, name: string) {
  return db
    .selectFrom('document_attachments')
    .select(['name', 'content_type', 'size'])
    .where('document_id', '=', documentId)
    .where('name', '=', name)
    .executeTakeFirst();
}
