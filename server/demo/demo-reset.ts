/**
 * Removes the demo data — only what carries the demo marker: the demo programs with their
 * documents, counters, goals and notifications, the demo type records, forms (with their
 * revisions) and users — in one transaction, then the demo documents' attachment files.
 * Something else that still uses a demo record (a document of another program filled in a
 * demo form, say) stops it with a message, and nothing is removed.
 */
import { sql } from 'kysely';
import { DOCUMENT_MODULES, MODULE_KINDS } from '@model/documents/modules.ts';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { ATTACHMENTS_FOLDER } from '../documents/document-attachments.ts';
import { removeStoredFile } from '../uploads/stored-files.ts';
import { DEMO_EMAIL_DOMAIN, DEMO_MARKER } from './demo-catalogue.ts';

export interface ResetResult {
  documents: number;
  programs: number;
  types: number;
  forms: number;
  users: number;
  files: number;
}

const marked = `%${DEMO_MARKER.trim().replace(/[\\%_]/g, '\\$&')}`;

export async function resetDemoData(db: Db, files: FileStore): Promise<ResetResult> {
  try {
    return await removeDemoData(db, files);
  } catch (err) {
    const { code, detail, table } = err as { code?: string; detail?: string; table?: string };
    // 23503: still referenced (foreign key); 23001: restrict (a form revision in use).
    if (code !== '23503' && code !== '23001') throw err;
    throw new Error(
      `Cannot remove the demo data, nothing was removed: ${detail ?? (err as Error).message}${table ? ` (table ${table})` : ''}`,
    );
  }
}

async function removeDemoData(db: Db, files: FileStore): Promise<ResetResult> {
  const { result, names } = await db.transaction().execute(async (trx) => {
    const programIds = (await sql<{ id: string }>`select id from programs where name like ${marked}`.execute(trx)).rows.map((r) => r.id);
    const userIds = (await sql<{ id: string }>`select id from users where email like ${`%@${DEMO_EMAIL_DOMAIN}`}`.execute(trx)).rows.map(
      (r) => r.id,
    );
    const names = (
      await sql<{ name: string }>`select a.name from document_attachments a
        left join documents d on d.id = a.document_id
        where d.program_id = any(${programIds}::text[]) or (a.document_id is null and a.uploaded_by = any(${userIds}::text[]))`.execute(trx)
    ).rows.map((r) => r.name);
    await sql`delete from document_attachments where document_id is null and uploaded_by = any(${userIds}::text[])`.execute(trx);
    const documents = await sql`delete from documents where program_id = any(${programIds}::text[])`.execute(trx);
    await sql`delete from document_counts where program_id = any(${programIds}::text[])`.execute(trx);
    await sql`delete from document_days where program_id = any(${programIds}::text[])`.execute(trx);
    await sql`delete from document_seq_counts where program_id = any(${programIds}::text[])`.execute(trx);
    const programs = await sql`delete from programs where id = any(${programIds}::text[])`.execute(trx);
    let types = 0n;
    for (const module of DOCUMENT_MODULES) {
      const deleted = await sql`delete from ${sql.table(MODULE_KINDS[module].typeResource)} where name like ${marked}`.execute(trx);
      types += deleted.numAffectedRows ?? 0n;
    }
    const forms = await sql`delete from forms where name like ${marked}`.execute(trx);
    const users = await sql`delete from users where id = any(${userIds}::text[])`.execute(trx);
    return {
      names,
      result: {
        documents: Number(documents.numAffectedRows ?? 0n),
        programs: Number(programs.numAffectedRows ?? 0n),
        types: Number(types),
        forms: Number(forms.numAffectedRows ?? 0n),
        users: Number(users.numAffectedRows ?? 0n),
        files: names.length,
      },
    };
  });
  for (const name of names) await removeStoredFile(files, ATTACHMENTS_FOLDER, `${ATTACHMENTS_FOLDER}/${name}`);
  return result;
}
