/** One throw-away database per test file, created and dropped through the admin connection. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DB_PREFIX = 'fieldbase_test_';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty database; with `template`, a copy of that database (PostgreSQL copies its files). */
export async function createTestDatabase(adminUrl: string, options: { template?: string } = {}): Promise<TestDatabase> {
  const name = `${TEST_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"${options.template ? ` template "${options.template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}
