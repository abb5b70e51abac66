/**
 * Form revisions as submissions check their answers against them, kept in memory once read: a
 * published revision never changes (a new version is a new row), so what was read stays true on
 * every instance. A revision deleted meanwhile is still here, which is harmless: whatever is
 * written with it checks in SQL that the revision is still there (one-statement-submission.ts).
 * Bounded: the least recently used go first.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { RevisionForDocument } from './document-checks.ts';

/** Revisions kept: far more than the forms field staff fill in at once, and a form's fields are kilobytes. */
const KEPT = 200;
const kept = new Map<string, RevisionForDocument>();

/** The revision by id, from memory or read once; undefined when there is none. */
export async function knownRevision(db: Db, id: string): Promise<RevisionForDocument | undefined> {
  const held = kept.get(id);
  if (held) {
    // Most recently used last, so the first is the one to forget.
    kept.delete(id);
    kept.set(id, held);
    return held;
  }
  const { rows } = await sql<RevisionForDocument>`select id, form_id, version, structures from form_revisions where id = ${id}`.execute(db);
  const revision = rows[0];
  if (!revision) return undefined;
  kept.set(id, revision);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return revision;
}
