/**
 * One document in full, by id: after a write that checked the caller (loadDocument), or for a
 * caller who may read it (readVisibleDocument). Both read through document-wire.ts, as every
 * list of documents does, so the shapes cannot drift.
 */
import type { Document } from '@model/generated/index.ts';
import type { Db } from '../db/database.ts';
import { preparedRead } from '../db/prepared.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { problems } from '../http/errors.ts';
import { callerOfShape, sightShape, visibleTo } from './document-scope.ts';
import { documentSelect, toWireDocument } from './document-wire.ts';

const byId = preparedRead('document_by_id', ['id'], (db, { id }) => documentSelect(db).where('d.id', '=', id));

/** The document in full, read without a visibility rule (after a write that checked it). */
export async function loadDocument(db: Db, id: string): Promise<Document> {
  const [row] = await byId(db, 'any', { id });
  if (!row) throw problems.documentNotFound();
  return toWireDocument(row, { full: true });
}

const visibleById = preparedRead('visible_document_by_id', ['id', 'callerId'], (db, { id, callerId }, sight) =>
  documentSelect(db)
    .where('d.id', '=', id)
    .where(visibleTo(callerOfShape(sight, callerId), 'd')),
);

/** The document in full when the caller may read it; else 404 DOCUMENT_NOT_FOUND (its existence is not told). */
export async function readVisibleDocument(db: Db, caller: Pick<SessionUser, 'id' | 'permission'>, id: string): Promise<Document> {
  const [row] = await visibleById(db, sightShape(caller), { id, callerId: caller.id });
  if (!row) throw problems.documentNotFound();
  return toWireDocument(row, { full: true });
}
