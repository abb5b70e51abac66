/**
 * The start path with a table that no longer matches its schema: startServers (what `npm start`
 * and `npm run dev` run) stops before any server listens, and the CLI prints the message alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { migrate } from '../../server/db/migrate.ts';
import { SchemaTableError } from '../../server/db/schema-table-error.ts';
import { startServers } from '../../server/servers.ts';
import { startFailureText } from '../../server/cli/lifecycle.ts';
import { createModelDatabase, exec, type ModelDatabase } from '../support/model-database.ts';

let m: ModelDatabase;
let dataDir: string;
beforeAll(async () => {
  m = await createModelDatabase();
  await migrate(m.db);
  await exec(m.db, `alter table designation add column legacy text`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-drift-start-'));
});
afterAll(async () => {
  await m?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A port held by someone else: a server that got as far as listening would fail on it instead. */
async function takenPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as net.AddressInfo;
  return { port, release: () => new Promise((resolve) => blocker.close(() => resolve())) };
}

describe('a start against a table that does not match its schema', () => {
  it('stops before any server listens, with the message naming table, column and migration', async () => {
    const auth = await takenPort();
    const api = await takenPort();
    try {
      const config = loadConfig(
        { ADMIN_PASSWORD: 'drift-start-passphrase-1' },
        { databaseUrl: m.database.url, dataDir, authPort: auth.port, apiPort: api.port, host: '127.0.0.1', logLevel: 'silent' },
      );
      const failure = startServers(config, { serveConsole: false, log: () => undefined });
      await expect(failure).rejects.toThrow(SchemaTableError);
      await expect(failure).rejects.toThrow(
        'Table "designation" does not match schemas/designation.schema.json:\n' +
          '  column "legacy": the schema has no such property (removed?); the table still has the column (text)\n' +
          'Write a migration: npm run migration:new designation-legacy  (then restart)',
      );
    } finally {
      await auth.release();
      await api.release();
    }
    // Nothing was seeded either: the start stopped at the comparison.
    expect((await exec(m.db, 'select count(*)::int as users from users')).rows).toEqual([{ users: 0 }]);
  });

  it('is printed as its message alone, without a stack', () => {
    const err = new SchemaTableError('Table "designation" does not match schemas/designation.schema.json:\n  column "legacy": ...');
    expect(startFailureText(err)).toBe(`\n${err.message}\n`);
    const other = new Error('something else');
    expect(startFailureText(other)).toBe(other);
  });
});
