/**
 * A generic resource's table comes from its schema alone: a reference is a foreign key that
 * refuses to delete a record in use, a labelled choice is a CHECK, an optional property is
 * nullable; tables are created after the tables they point at; a shape no column can hold stops
 * the start naming resource and property.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFixtureModel } from '../support/fixture-model.ts';
import { createModelDatabase, entitySchema, exec, pgFailure, withGenericResources, type ModelDatabase } from '../support/model-database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createGenericTables, syncGenericTables } from '../../server/db/generic-tables.ts';
import { ModelError } from '@model/resource-map.ts';
import { SchemaTableError } from '../../server/db/schema-table-error.ts';
import { constraintProblem, type ConstrainedTable } from '../../server/crud/constraint-problems.ts';

let m: ModelDatabase;
beforeAll(async () => {
  installFixtureModel();
  m = await createModelDatabase();
  await migrate(m.db);
  await exec(m.db, `insert into fixture_region (id, name, code) values ('r1', 'North', 'N'), ('r2', 'South', 'S')`);
  await exec(m.db, `insert into fixture_site (id, name, region, kind) values ('s1', 'Camp One', 'r1', 'camp')`);
});
afterAll(() => m?.close());

const tableExists = async (table: string) => {
  const { rows } = await exec(m.db, `select to_regclass('"${table}"') is not null as found`);
  return (rows[0] as { found: boolean }).found;
};

describe('the fixture tables', () => {
  // ON DELETE RESTRICT fails with 23001 restrict_violation (NO ACTION would be 23503).
  it('refuses to delete a region a site refers to, and keeps the site', async () => {
    expect(await pgFailure(m.db, `delete from fixture_region where id = 'r1'`)).toEqual({
      code: '23001',
      constraint: 'fixture_site_region_fkey',
    });
    const { rows } = await exec(m.db, `select region from fixture_site where id = 's1'`);
    expect(rows).toEqual([{ region: 'r1' }]);
  });

  it('deletes a region nothing refers to', async () => {
    expect(await pgFailure(m.db, `delete from fixture_region where id = 'r2'`)).toBeUndefined();
  });

  it('refuses a site naming a region that does not exist', async () => {
    expect(
      await pgFailure(m.db, `insert into fixture_site (id, name, region, kind) values ('s2', 'Nowhere', 'no-such-region', 'urban')`),
    ).toEqual({
      code: '23503',
      constraint: 'fixture_site_region_fkey',
    });
  });

  it('refuses a kind that is not one of the choices, and takes each choice', async () => {
    expect(await pgFailure(m.db, `insert into fixture_site (id, name, region, kind) values ('s3', 'Other', 'r1', 'other')`)).toEqual({
      code: '23514',
      constraint: 'fixture_site_kind_choices',
    });
    for (const kind of ['urban', 'rural', 'camp']) {
      expect(
        await pgFailure(
          m.db,
          `insert into fixture_site (id, name, region, kind) values ('site-${kind}', 'A ${kind} site', 'r1', '${kind}')`,
        ),
      ).toBeUndefined();
    }
  });

  it('stores an empty description as NULL, and refuses a site without name, region or kind', async () => {
    await exec(m.db, `insert into fixture_site (id, name, region, kind, description) values ('s4', 'Quiet', 'r1', 'rural', null)`);
    const { rows } = await exec(m.db, `select description, status from fixture_site where id = 's4'`);
    expect(rows).toEqual([{ description: null, status: true }]);
    for (const column of ['name', 'region', 'kind']) {
      const values: Record<string, string> = { name: `'Nameless'`, region: `'r1'`, kind: `'urban'`, [column]: 'null' };
      const failure = await pgFailure(
        m.db,
        `insert into fixture_site (id, name, region, kind) values ('s-${column}', ${values.name}, ${values.region}, ${values.kind})`,
      );
      expect(failure?.code, column).toBe('23502');
    }
  });

  it('keeps a unique code unique, case-insensitively', async () => {
    expect(await pgFailure(m.db, `insert into fixture_region (id, name, code) values ('r3', 'Also north', 'n')`)).toEqual({
      code: '23505',
      constraint: 'fixture_region_code_unique',
    });
  });

  it('starts again without a word when the tables match their schemas', async () => {
    await expect(migrate(m.db)).resolves.toBeUndefined();
  });
});

describe('creating the tables', () => {
  it('creates a table after the table it refers to, whatever their order in the map', async () => {
    const child = entitySchema('fixture_child', { parent: { type: 'string', 'x-ref': 'fixture_parent' } }, ['parent']);
    const parent = entitySchema('fixture_parent', { name: { type: 'string' } });
    await withGenericResources([child, parent], async () => {
      await syncGenericTables(m.db);
      await exec(m.db, `insert into fixture_parent (id, name) values ('p1', 'Parent')`);
      await exec(m.db, `insert into fixture_child (id, parent) values ('c1', 'p1')`);
      expect((await pgFailure(m.db, `delete from fixture_parent where id = 'p1'`))?.code).toBe('23001');
    });
  });

  it('lets a table refer to itself (a tree)', async () => {
    const tree = entitySchema('fixture_tree', { name: { type: 'string' }, parent: { type: ['string', 'null'], 'x-ref': 'fixture_tree' } }, [
      'name',
    ]);
    await withGenericResources([tree], async () => {
      await syncGenericTables(m.db);
      await exec(m.db, `insert into fixture_tree (id, name, parent) values ('root', 'Root', null), ('leaf', 'Leaf', 'root')`);
      expect((await pgFailure(m.db, `delete from fixture_tree where id = 'root'`))?.code).toBe('23001');
    });
  });

  it('refuses tables that refer to each other in a circle, naming the properties, and creates neither', async () => {
    const a = entitySchema('fixture_ring_a', { b: { type: ['string', 'null'], 'x-ref': 'fixture_ring_b' } });
    const b = entitySchema('fixture_ring_b', { a: { type: ['string', 'null'], 'x-ref': 'fixture_ring_a' } });
    await withGenericResources([a, b], async () => {
      // The table layer refuses it by itself, whatever checked the model before.
      const failure = createGenericTables(m.db);
      await expect(failure).rejects.toThrow(SchemaTableError);
      await expect(failure).rejects.toThrow(
        'Generic tables refer to each other in a circle: fixture_ring_a.b -> fixture_ring_b, fixture_ring_b.a -> fixture_ring_a.',
      );
    });
    expect(await tableExists('fixture_ring_a')).toBe(false);
    expect(await tableExists('fixture_ring_b')).toBe(false);
  });

  it('refuses a reference written in the id-or-object form on a generic resource, naming resource and property, and creates no table', async () => {
    const broken = entitySchema('fixture_broken', {
      region: {
        title: 'Region',
        'x-ref': 'fixture_region',
        oneOf: [{ type: 'string' }, { type: 'object', required: ['_id'], properties: { _id: { type: 'string' } } }],
      },
    });
    await withGenericResources([broken], async () => {
      // The map check refuses it at start; the table layer refuses it too, on its own.
      await expect(migrate(m.db)).rejects.toThrow(ModelError);
      const failure = createGenericTables(m.db);
      await expect(failure).rejects.toThrow(SchemaTableError);
      await expect(failure).rejects.toThrow(
        /^Resource "fixture_broken", property "region": a reference to "fixture_region" written as .* has no column type\. A generic resource writes a reference as \{ "type": "string", "x-ref": "<resource>" \}/,
      );
    });
    expect(await tableExists('fixture_broken')).toBe(false);
  });

  it.each([
    ['a oneOf of string and object', { oneOf: [{ type: 'string' }, { type: 'object' }] }, /"oneOf":.* has no column type\. A choice is/],
    ['no type', { title: 'Loose' }, /no "type", so no column type/],
    ['two types', { type: ['string', 'integer'] }, /a value of several types \(string, integer\) has no column type/],
    ['an anyOf', { anyOf: [{ type: 'string' }, { type: 'integer' }] }, /"anyOf" .* has no column type/],
    ['an enum of numbers', { type: 'integer', enum: [1, 2] }, /the enum \[1,2\] is not a list of strings/],
    [
      'a reference to nothing',
      { type: 'string', 'x-ref': 'no_such_resource' },
      /"x-ref": "no_such_resource" names no resource whose table a foreign key can point at/,
    ],
  ])('refuses %s, naming resource and property', async (_what, property, message) => {
    await withGenericResources([entitySchema('fixture_odd', { odd: property })], async () => {
      const failure = syncGenericTables(m.db);
      await expect(failure).rejects.toThrow(SchemaTableError);
      await expect(failure).rejects.toThrow(/^Resource "fixture_odd", property "odd": /);
      await expect(failure).rejects.toThrow(message);
    });
    expect(await tableExists('fixture_odd')).toBe(false);
  });

  it('gives long properties that share a 63-byte prefix constraints of their own, named the same on every start', async () => {
    // PostgreSQL cuts names at 63 bytes: cut alone, both CHECKs (and both indexes) would be one name.
    const first = `observation_${'x'.repeat(40)}_first`;
    const second = `observation_${'x'.repeat(40)}_second`;
    const choice = { type: ['string', 'null'], oneOf: [{ const: 'a', title: 'A' }] };
    const long = entitySchema('fixture_long', {
      [first]: { ...choice, title: 'First', 'x-unique': true },
      [second]: { ...choice, title: 'Second', 'x-unique': true },
    });
    await withGenericResources([long], async () => {
      await syncGenericTables(m.db);
      await syncGenericTables(m.db); // the names it compares are the names it created
      const table = { table: 'fixture_long', schema: long, entry: { label: { one: 'Long', many: 'Longs' } }, references: [] };
      const refusal = async (statement: string) => {
        const failure = await pgFailure(m.db, statement);
        expect(failure?.constraint?.length).toBeLessThanOrEqual(63);
        return constraintProblem(table as unknown as ConstrainedTable, failure, 'write')?.toBody();
      };
      expect(await refusal(`insert into fixture_long (id, "${first}") values ('l1', 'b')`)).toMatchObject({
        fields: { [first]: expect.any(String) },
      });
      expect(await refusal(`insert into fixture_long (id, "${second}") values ('l1', 'b')`)).toMatchObject({
        fields: { [second]: expect.any(String) },
      });
      await exec(m.db, `insert into fixture_long (id, "${first}", "${second}") values ('l1', 'a', 'a')`);
      expect(await refusal(`insert into fixture_long (id, "${first}") values ('l2', 'a')`)).toEqual({
        code: 'DUPLICATE',
        message: 'A long with this first already exists',
        fields: { [first]: 'First is already taken' },
      });
      expect(await refusal(`insert into fixture_long (id, "${second}") values ('l2', 'a')`)).toMatchObject({
        fields: { [second]: 'Second is already taken' },
      });
    });
  });

  it('maps each plain type, a plain enum and a reference to a custom resource', async () => {
    const all = entitySchema(
      'fixture_types',
      {
        count: { type: 'integer' },
        ratio: { type: ['number', 'null'] },
        done: { type: 'boolean', default: false },
        seen_at: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
        size: { type: 'string', enum: ['s', 'm', 'l'] },
        owner: { type: ['string', 'null'], 'x-ref': 'user' },
      },
      ['count'],
    );
    await withGenericResources([all], async () => {
      await syncGenericTables(m.db);
      const { rows } = await exec(
        m.db,
        `select attname as column, format_type(atttypid, atttypmod) as type, attnotnull as not_null
         from pg_attribute where attrelid = 'fixture_types'::regclass and attnum > 0 and not attisdropped order by attnum`,
      );
      expect(rows).toEqual([
        { column: 'id', type: 'text', not_null: true },
        { column: 'created_at', type: 'timestamp with time zone', not_null: true },
        { column: 'updated_at', type: 'timestamp with time zone', not_null: true },
        { column: 'count', type: 'bigint', not_null: true },
        { column: 'ratio', type: 'double precision', not_null: false },
        { column: 'done', type: 'boolean', not_null: true },
        { column: 'seen_at', type: 'timestamp with time zone', not_null: false },
        { column: 'tags', type: 'jsonb', not_null: false },
        { column: 'size', type: 'text', not_null: false },
        { column: 'owner', type: 'text', not_null: false },
      ]);
      expect((await pgFailure(m.db, `insert into fixture_types (id, count, size) values ('t1', 1, 'xl')`))?.constraint).toBe(
        'fixture_types_size_choices',
      );
      expect((await pgFailure(m.db, `insert into fixture_types (id, count, owner) values ('t2', 1, 'nobody')`))?.constraint).toBe(
        'fixture_types_owner_fkey',
      );
    });
  });
});
