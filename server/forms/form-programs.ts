/**
 * The programs a form is linked to (`program_ids`) must name programs: a link added by a write
 * that names no program is refused (400 on `program_ids`), so a typo or a stale id does not leave
 * a form waiting for a program that never lists it. Links the form already has are not checked
 * again: a program deleted since then does not block saving the form.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';

export async function assertKnownPrograms(db: Db, programIds: string[], stored: string[] = []): Promise<void> {
  const added = programIds.filter((id) => !stored.includes(id));
  if (added.length === 0) return;
  const { rows } = await sql<{ id: string }>`select id from programs where id = any(${added}::text[])`.execute(db);
  const known = new Set(rows.map((r) => r.id));
  const missing = added.filter((id) => !known.has(id));
  if (missing.length) throw problems.validation({ program_ids: `No program has the id ${missing[0]}` });
}
