/**
 * The servers check the model before they build anything from it: a typo in the resource map
 * stops `npm start` before PostgreSQL is started, and any migration (the test servers' start
 * included) before a table is built, with the message naming the entry and the key. The model
 * with the tests' fixture entities added at run time starts as usual.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/servers.ts';
import { createDb } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { ModelError } from '@model/resource-map.ts';
import { resourceMap } from '@model/schema-registry.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { installFixtureModel } from '../support/fixture-model.ts';

const TYPO = 'schemas/resources.json: designation.permissions.list: "can_get_designaton" is not a flag of schemas/permission.schema.json';

/** Runs `work` with a typo in the designation's list flag, then puts the map back. */
async function withFlagTypo<T>(work: () => Promise<T>): Promise<T> {
  const permissions = resourceMap.designation!.permissions;
  const list = permissions.list;
  permissions.list = 'can_get_designaton';
  try {
    return await work();
  } finally {
    permissions.list = list;
  }
}

let database: TestDatabase | undefined;
let server: TestServer | undefined;
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('a broken map', () => {
  it('stops `npm start` before the embedded PostgreSQL is started', async () => {
    // An embedded PostgreSQL started first would have made its data folder.
    const dataDir = path.join(os.tmpdir(), `fieldbase-never-created-${process.pid}`);
    const config = loadConfig({}, { databaseUrl: undefined, dataDir });
    const failure = await withFlagTypo(() =>
      openDatabase(config, () => undefined).then(
        () => undefined,
        (err: unknown) => err,
      ),
    );
    expect(failure).toBeInstanceOf(ModelError);
    expect((failure as Error).message).toBe(TYPO);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('stops the migration before any table is built', async () => {
    database = await createTestDatabase(inject('pgAdminUrl'));
    const db = createDb(database.url);
    try {
      await withFlagTypo(() => expect(migrate(db)).rejects.toThrow(TYPO));
      const tables = await sql<{ count: string }>`select count(*) from information_schema.tables where table_schema = 'public'`.execute(db);
      expect(Number(tables.rows[0]!.count)).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});

describe('the model with the fixture entities', () => {
  it('passes the check and starts', async () => {
    installFixtureModel();
    server = await startTestServer();
    const routes = server.api.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(routes).toContain('GET /fixture-site');
  });
});
