/**
 * A database migrated once per server test run, which every test server's database is copied
 * from. Migrating a new database took about 0.4 s of each of the ~90 test servers a run starts;
 * a copy plus a `migrate` that finds everything done takes about half that. The copy still goes
 * through `migrate` (startTestServer), as the servers' every start does, and the tests of a
 * migration from nothing make their own empty databases.
 */
import { createDb } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { installFixtureModel } from './fixture-model.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export async function createMigratedTemplate(adminUrl: string): Promise<TestDatabase> {
  // The test files' model: their entities' tables are made here too (server-setup.ts).
  installFixtureModel();
  const template = await createTestDatabase(adminUrl);
  const db = createDb(template.url);
  try {
    await migrate(db);
  } finally {
    // A database is copied only while nobody is connected to it.
    await db.destroy();
  }
  return template;
}
