/** Statements marked `/* prepared:<name> *\/` run as named prepared statements, once parsed per connection. */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { executePrepared, preparedRead } from '../../server/db/prepared.ts';
import { createDb, type Db } from '../../server/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase(inject('pgAdminUrl'));
  db = createDb(database.url);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

it('prepares marked statements once per connection and leaves the others alone', async () => {
  await db.connection().execute(async (conn) => {
    const run = (text: string, parameters: unknown[]) => conn.executeQuery<{ x: number }>(CompiledQuery.raw(text, parameters));
    for (const n of [1, 2, 3]) expect((await run('/* prepared:probe */ select $1::int as x', [n])).rows).toEqual([{ x: n }]);
    // The same name on another text is another statement, not a clash.
    expect((await run('/* prepared:probe */ select $1::int + 1 as x', [1])).rows).toEqual([{ x: 2 }]);
    expect((await run('select $1::int as x', [7])).rows).toEqual([{ x: 7 }]);

    const { rows } = await conn.executeQuery<{ name: string; statement: string }>(
      CompiledQuery.raw('select name, statement from pg_prepared_statements order by statement'),
    );
    expect(rows.map((r) => r.statement)).toEqual([
      '/* prepared:probe */ select $1::int + 1 as x',
      '/* prepared:probe */ select $1::int as x',
    ]);
    expect(rows.every((r) => r.name.startsWith('probe_'))).toBe(true);
  });
});

it('runs a Kysely query as a prepared statement, each shape of it apart', async () => {
  await db.connection().execute(async (conn) => {
    const shape = (n: number, plusOne: boolean) =>
      conn.selectNoFrom(plusOne ? sql<number>`${n}::int + 1`.as('x') : sql<number>`${n}::int`.as('x'));
    expect(await executePrepared(conn, 'shape', shape(4, false))).toEqual([{ x: 4 }]);
    expect(await executePrepared(conn, 'shape', shape(5, false))).toEqual([{ x: 5 }]);
    expect(await executePrepared(conn, 'shape', shape(5, true))).toEqual([{ x: 6 }]);
    const { rows } = await conn.executeQuery<{ name: string }>(
      CompiledQuery.raw(`select name from pg_prepared_statements where statement like '/* prepared:shape */%'`),
    );
    expect(rows).toHaveLength(2);
  });
});

it("builds a read once per shape and fills each call's values into its parameters", async () => {
  let builds = 0;
  const greeting = preparedRead('greeting', ['name', 'place'], (rdb, { name, place }, shape) => {
    builds++;
    const word = shape === 'loud' ? sql<string>`upper(${name})` : sql<string>`${name}::text`;
    return rdb.selectNoFrom([word.as('who'), sql<string>`${place}::text`.as('place'), sql<number>`${41}::int + 1`.as('n')]);
  });
  expect(await greeting(db, 'plain', { name: 'ada', place: 'Lagos' })).toEqual([{ who: 'ada', place: 'Lagos', n: 42 }]);
  expect(await greeting(db, 'plain', { name: 'grace', place: 'Quito' })).toEqual([{ who: 'grace', place: 'Quito', n: 42 }]);
  expect(await greeting(db, 'loud', { name: 'ada', place: 'Pune' })).toEqual([{ who: 'ADA', place: 'Pune', n: 42 }]);
  expect(builds).toBe(2);
});

it('refuses a read that writes a value into its text or changes it on the way', async () => {
  const inText = preparedRead('in_text', ['name'], (rdb, { name }) => rdb.selectNoFrom(sql.lit(name).as('x')));
  await expect(inText(db, 'plain', { name: 'ada' })).rejects.toThrow(/as it is/);
  const changed = preparedRead('changed', ['name'], (rdb, { name }) => rdb.selectNoFrom(sql`${name.toLowerCase()}::text`.as('x')));
  await expect(changed(db, 'plain', { name: 'Ada' })).rejects.toThrow(/as it is/);
});
