/**
 * A database of its own for tests of the tables derived from the model (no servers), plus ways
 * to change the model in memory for one test and put it back afterwards.
 */
import { inject } from 'vitest';
import { sql } from 'kysely';
import { allSchemas, resourceMap, schemaById, type EntitySchema } from '@model/schema-registry.ts';
import type { ResourceEntry } from '@model/generated';
import { createDb, type Db } from '../../server/db/database.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface ModelDatabase {
  db: Db;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createModelDatabase(): Promise<ModelDatabase> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) throw new Error('No pgAdminUrl: run server tests through the `server` project (vitest run --project server).');
  const database = await createTestDatabase(adminUrl);
  const db = createDb(database.url);
  return {
    db,
    database,
    close: async () => {
      await db.destroy().catch(() => undefined);
      await database.drop();
    },
  };
}

/** Runs SQL written the way a person would type it in psql. */
export const exec = (db: Db, statement: string) => sql.raw(statement).execute(db);

/** The PostgreSQL error a statement fails with (code and constraint), or undefined if it succeeds. */
export async function pgFailure(db: Db, statement: string): Promise<{ code?: string; constraint?: string } | undefined> {
  try {
    await exec(db, statement);
    return undefined;
  } catch (err) {
    const { code, constraint } = err as { code?: string; constraint?: string };
    return { code, constraint };
  }
}

const ROLLBACK = Symbol('rollback');

/** Runs `work` in a transaction that is rolled back afterwards: DDL included, the table is as before. */
export async function rolledBack(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  await db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
}

/** Changes one schema in memory for the duration of `work`, as an edit of its file would. */
export async function withSchemaChange(id: string, change: (schema: EntitySchema) => void, work: () => Promise<void>): Promise<void> {
  const schema = schemaById(id);
  const saved = structuredClone(schema);
  change(schema);
  try {
    await work();
  } finally {
    for (const key of Object.keys(schema)) delete schema[key];
    Object.assign(schema, saved);
  }
}

/** Adds generic resources (schema + map entry) to the model for the duration of `work`, in the order given. */
export async function withGenericResources(schemas: EntitySchema[], work: () => Promise<void>): Promise<void> {
  for (const schema of schemas) {
    allSchemas.push(schema);
    resourceMap[schema.$id] = {
      schema: schema.$id,
      server: 'api',
      path: schema.$id.replace(/_/g, '-'),
      routes: 'generic',
      label: { one: schema.$id, many: schema.$id },
      permissions: {},
    } as unknown as ResourceEntry;
  }
  try {
    await work();
  } finally {
    for (const schema of schemas) {
      allSchemas.splice(allSchemas.indexOf(schema), 1);
      delete resourceMap[schema.$id];
    }
  }
}

/** A minimal entity schema with the managed properties and the ones given. */
export function entitySchema(id: string, properties: EntitySchema['properties'], required: string[] = []): EntitySchema {
  return {
    $id: id,
    type: 'object',
    required,
    properties: {
      _id: { type: 'string', readOnly: true },
      ...properties,
      createdAt: { type: 'string', format: 'date-time', readOnly: true },
      updatedAt: { type: 'string', format: 'date-time', readOnly: true },
    },
  };
}
