/**
 * Global setup of the `server` test project: a PostgreSQL server for the whole run.
 * TEST_DATABASE_URL (an admin connection that may CREATE DATABASE) is used when set; otherwise
 * the embedded PostgreSQL starts on its own port and data folder, apart from the dev ones.
 * Tests read the admin URL with `inject('pgAdminUrl')`, and the migrated template with
 * `inject('pgTemplate')`. With TEST_FILE_STORE=s3, files go to an S3-compatible server started
 * here (s3rver), each test server under a prefix of its own (`inject('testS3Url')`).
 */
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../server/config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded.ts';
import { TEST_DB_PREFIX } from './test-database.ts';
import { createMigratedTemplate } from './migrated-template.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';

declare module 'vitest' {
  interface ProvidedContext {
    pgAdminUrl: string;
    /** The migrated database each test server's database is copied from (migrated-template.ts). */
    pgTemplate: string;
    /** TEST_FILE_STORE=s3: the in-process S3 server's bucket as an S3_URL; '' for the disk store. */
    testS3Url: string;
  }
}

// TEST_PG_PORT and TEST_PG_DATA_DIR let a nested run (tests/server/test-command.test.ts) keep apart.
export const TEST_PG_PORT = Number(process.env.TEST_PG_PORT || 54339 + Number(process.env.TEST_PORT_OFFSET ?? 0));
export const TEST_DATA_DIR = process.env.TEST_PG_DATA_DIR || path.join(projectRoot, 'data', 'test');

/** Test databases a killed earlier run left behind on our own embedded server. */
async function dropLeftovers(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${TEST_DB_PREFIX}%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: TEST_DATA_DIR, port: TEST_PG_PORT });
    adminUrl = embedded.url;
    await dropLeftovers(adminUrl);
  }
  project.provide('pgAdminUrl', adminUrl);
  let template: Awaited<ReturnType<typeof createMigratedTemplate>>;
  try {
    template = await createMigratedTemplate(adminUrl);
  } catch (err) {
    // No teardown runs when the set-up throws: the embedded PostgreSQL would outlive the run.
    await embedded?.stop();
    throw err;
  }
  project.provide('pgTemplate', template.name);
  const s3: TestS3 | undefined = process.env.TEST_FILE_STORE === 's3' ? await startTestS3() : undefined;
  project.provide('testS3Url', s3?.url ?? '');
  return async function teardown() {
    await s3?.close();
    await template.drop();
    await embedded?.stop();
  };
}
