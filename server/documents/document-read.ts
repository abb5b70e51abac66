/**
 * One document in full, by id: after a write that checked the caller (loadDocument), or for a
 * caller who may read it (readVisibleDocument). Both read through document-wire.ts, as every
 * list of documents does, so the shapes cannot drift.
 */
import { sql } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import type { Db } from '../db/database.ts';
import { executePrepared } from '../db/prepared.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { problems } from '../http/errors.ts';
import { visibleTo } from './document-scope.ts';
import { documentSelect, toWireDocument } from './document-wire.ts';

/** The document in full, read without a visibility rule (after a write that checked it). */
export async function loadDocument(db: Db, id: string): Promise<Document> {
  const [row] = await executePrepared(db, 'document_by_id', documentSelect(db).where('d.id', '=', id));
  if (!row) throw problems.documentNotFound();
  return toWireDocument(row, { full: true });
}

/** The document in full when the caller may read it; else 404 DOCUMENT_NOT_FOUND (its existence is not told). */
export async function readVisibleDocument(db: Db, caller: Pick<SessionUser, 'id' | 'permission'>, id: string): Promise<Document> {
  const [row] = await executePrepared(
    db,
    'visible_document_by_id',
    documentSelect(db)
      .where('d.id', '=', id)
      .where(sql<boolean>`${visibleTo(caller, 'd')}`),
  );
  if (!row) throw problems.documentNotFound();
  return toWireDocument(row, { full: true });
}
