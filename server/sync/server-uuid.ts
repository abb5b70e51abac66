/** The sync server's uuid: made once, kept in app_secrets, the same for every process and restart (PouchDB names its checkpoints by it). */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

const known = new WeakMap<Db, string>();

export async function serverUuid(db: Db): Promise<string> {
  const held = known.get(db);
  if (held) return held;
  await db
    .insertInto('app_secrets')
    .values({ name: 'sync_uuid', value: randomUUID().replaceAll('-', '') })
    .onConflict((c) => c.doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'sync_uuid').executeTakeFirstOrThrow();
  known.set(db, row.value);
  return row.value;
}
