/**
 * On start each generic table is compared with its schema. New properties become columns; any
 * other difference (a table changed by hand, or a schema changed without a migration) stops the
 * start with one message naming table, column, what the schema says, what the table has, and
 * the migration to write. Each case runs in a transaction rolled back afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFixtureModel } from '../support/fixture-model.ts';
import { createModelDatabase, exec, rolledBack, withSchemaChange, type ModelDatabase } from '../support/model-database.ts';
import type { Db } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { syncGenericTables } from '../../server/db/generic-tables.ts';
import { SchemaTableError } from '../../server/db/schema-table-error.ts';

let m: ModelDatabase;
beforeAll(async () => {
  installFixtureModel();
  m = await createModelDatabase();
  await migrate(m.db);
  await exec(m.db, `insert into fixture_region (id, name, code) values ('r1', 'North', 'N')`);
  await exec(m.db, `insert into fixture_site (id, name, region, kind) values ('s1', 'Camp One', 'r1', 'camp')`);
});
afterAll(() => m?.close());

/** The message the start stops with (failing the test when it does not stop). */
async function stopMessage(db: Db): Promise<string> {
  try {
    await syncGenericTables(db);
  } catch (err) {
    expect(err).toBeInstanceOf(SchemaTableError);
    return (err as Error).message;
  }
  throw new Error('The tables were accepted, but they do not match their schemas');
}

async function columnOf(db: Db, table: string, column: string) {
  const { rows } = await exec(
    db,
    `select format_type(atttypid, atttypmod) as type, attnotnull as not_null from pg_attribute
     where attrelid = '${table}'::regclass and attname = '${column}' and not attisdropped`,
  );
  return rows[0];
}

describe('a table changed by hand', () => {
  it('stops on choices that differ, with the migration to write', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `alter table fixture_site drop constraint fixture_site_kind_choices`);
      await exec(trx, `delete from fixture_site where kind = 'camp'`);
      await exec(trx, `alter table fixture_site add constraint fixture_site_kind_choices check (kind in ('urban', 'rural'))`);
      expect(await stopMessage(trx)).toBe(
        'Table "fixture_site" does not match schemas/fixture_site.schema.json:\n' +
          '  column "kind": the schema allows urban, rural, camp; the table\'s CHECK allows urban, rural\n' +
          'Write a migration: npm run migration:new fixture-site-kind  (then restart)\n\n' +
          'The servers did not start: they never run against a table that does not match its schema. See docs/adding-an-entity.md, "Schema changes" for how to write the migration.',
      );
    });
  });

  it('goes on once the migration the message asks for has run', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `alter table fixture_site drop constraint fixture_site_kind_choices`);
      await exec(
        trx,
        `alter table fixture_site add constraint fixture_site_kind_choices check (kind in ('urban', 'rural', 'camp', 'other'))`,
      );
      await expect(syncGenericTables(trx)).rejects.toThrow(SchemaTableError);
      // What docs/adding-an-entity.md, "Schema changes" tells the migration to do for new choices:
      await exec(trx, `alter table "fixture_site" drop constraint if exists "fixture_site_kind_choices"`);
      await exec(trx, `alter table "fixture_site" add constraint "fixture_site_kind_choices" check ("kind" in ('urban', 'rural', 'camp'))`);
      await expect(syncGenericTables(trx)).resolves.toBeUndefined();
    });
  });

  it('stops on a choice without its CHECK', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `alter table fixture_site drop constraint fixture_site_kind_choices`);
      expect(await stopMessage(trx)).toContain(
        '  column "kind": the schema allows urban, rural, camp; the table has no CHECK "fixture_site_kind_choices"\n' +
          'Write a migration: npm run migration:new fixture-site-kind  (then restart)',
      );
    });
  });

  it('stops on a column of another type', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `alter table fixture_region alter column description type varchar(500)`);
      expect(await stopMessage(trx)).toContain(
        'Table "fixture_region" does not match schemas/fixture_region.schema.json:\n' +
          '  column "description": the schema says text; the table\'s column is character varying(500)\n' +
          'Write a migration: npm run migration:new fixture-region-description  (then restart)',
      );
    });
  });

  it('stops on a required column that allows NULL, and an optional one that does not', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `alter table fixture_site alter column name drop not null`);
      await exec(trx, `update fixture_site set description = 'set'`);
      await exec(trx, `alter table fixture_site alter column description set not null`);
      expect(await stopMessage(trx)).toContain(
        '  column "name": the schema says required (NOT NULL); the table allows NULL\n' +
          '  column "description": the schema says optional (nullable); the table says NOT NULL\n' +
          'Write a migration: npm run migration:new fixture-site-name-description  (then restart)',
      );
    });
  });

  it('stops on a reference without its foreign key', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `alter table fixture_site drop constraint fixture_site_region_fkey`);
      expect(await stopMessage(trx)).toContain(
        '  column "region": the schema references "fixture_region" (foreign key on delete restrict); the table has no foreign key\n',
      );
    });
  });

  it('stops on a foreign key that cascades, or points elsewhere', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `alter table fixture_site drop constraint fixture_site_region_fkey`);
      await exec(
        trx,
        `alter table fixture_site add constraint fixture_site_region_fkey foreign key (region) references fixture_region (id) on delete cascade`,
      );
      expect(await stopMessage(trx)).toContain(
        '  column "region": the schema references "fixture_region" (foreign key on delete restrict); the table\'s foreign key references "fixture_region"(id) on delete cascade\n',
      );
    });
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `insert into designation (id, name) values ('r1', 'Same id as the region')`);
      await exec(trx, `alter table fixture_site drop constraint fixture_site_region_fkey`);
      await exec(
        trx,
        `alter table fixture_site add constraint fixture_site_region_fkey foreign key (region) references designation (id) on delete restrict`,
      );
      expect(await stopMessage(trx)).toContain('the table\'s foreign key references "designation"(id) on delete restrict\n');
    });
  });

  it('stops on a column no property holds', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `alter table fixture_region add column legacy_code text`);
      expect(await stopMessage(trx)).toContain(
        '  column "legacy_code": the schema has no such property (removed?); the table still has the column (text)\n' +
          'Write a migration: npm run migration:new fixture-region-legacy-code  (then restart)',
      );
    });
  });

  it('lists every difference of every table in one message', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `alter table fixture_region add column legacy_code text`);
      await exec(trx, `alter table fixture_site drop constraint fixture_site_region_fkey`);
      await exec(trx, `alter table fixture_site drop constraint fixture_site_kind_choices`);
      const message = await stopMessage(trx);
      expect(message).toMatch(
        /^Table "fixture_region" does not match .*\n {2}column "legacy_code": .*\nWrite a migration: .*\n\nTable "fixture_site" does not match .*\n {2}column "region": .*\n {2}column "kind": .*\nWrite a migration: npm run migration:new fixture-site-region-kind {2}\(then restart\)\n\nThe servers did not start/,
      );
    });
  });
});

describe('a schema changed without a migration', () => {
  it('stops on choices the table does not allow', async () => {
    await withSchemaChange(
      'fixture_site',
      (s) => (s.properties.kind!.oneOf as unknown[]).push({ const: 'island', title: 'Island' }),
      async () => {
        expect(await stopMessage(m.db)).toContain(
          `  column "kind": the schema allows urban, rural, camp, island; the table's CHECK allows urban, rural, camp\n`,
        );
      },
    );
  });

  it('stops on a property of another type', async () => {
    await withSchemaChange(
      'fixture_region',
      (s) => (s.properties.description = { type: ['integer', 'null'], title: 'Description' }),
      async () => {
        expect(await stopMessage(m.db)).toContain(`  column "description": the schema says bigint; the table's column is text\n`);
      },
    );
  });

  it('stops on a removed property, whose column still holds data', async () => {
    await withSchemaChange(
      'fixture_site',
      (s) => delete s.properties.description,
      async () => {
        expect(await stopMessage(m.db)).toContain(
          `  column "description": the schema has no such property (removed?); the table still has the column (text)\n`,
        );
      },
    );
  });

  it('stops on a property made required, or no longer a reference, or no longer a choice', async () => {
    await withSchemaChange(
      'fixture_site',
      (s) => {
        s.required = [...(s.required ?? []), 'description'];
        delete s.properties.region!['x-ref'];
        delete s.properties.kind!.oneOf;
      },
      async () => {
        const message = await stopMessage(m.db);
        expect(message).toContain(`  column "description": the schema says required (NOT NULL); the table allows NULL\n`);
        expect(message).toContain(
          `  column "region": the schema has no reference ("x-ref"); the table's foreign key references "fixture_region"(id) on delete restrict\n`,
        );
        expect(message).toContain(
          `  column "kind": the schema allows any value; the table's CHECK "fixture_site_kind_choices" allows urban, rural, camp\n`,
        );
      },
    );
  });

  it('stops on a new required property without a default when the table has rows, before touching it', async () => {
    await withSchemaChange(
      'fixture_site',
      (s) => {
        s.properties.code = { type: 'string', title: 'Code' };
        s.required = [...(s.required ?? []), 'code'];
      },
      async () => {
        expect(await stopMessage(m.db)).toContain(
          '  column "code": the schema has the required property "code" (text, NOT NULL, no default); the table has rows and no such column, and cannot be given one without a value for those rows\n' +
            'Write a migration: npm run migration:new fixture-site-code  (then restart)',
        );
        expect(await columnOf(m.db, 'fixture_site', 'code')).toBeUndefined();
      },
    );
  });
});

describe('unique indexes', () => {
  it('stop the start when a property is no longer unique, and go on once the migration drops the index', async () => {
    await rolledBack(m.db, async (trx) => {
      await withSchemaChange(
        'fixture_region',
        (s) => delete s.properties.code!['x-unique'],
        async () => {
          expect(await stopMessage(trx)).toBe(
            'Table "fixture_region" does not match schemas/fixture_region.schema.json:\n' +
              '  column "code": the schema does not say unique ("x-unique"); the table has the unique index "fixture_region_code_unique"\n' +
              'Write a migration: npm run migration:new fixture-region-code  (then restart)\n\n' +
              'The servers did not start: they never run against a table that does not match its schema. See docs/adding-an-entity.md, "Schema changes" for how to write the migration.',
          );
          // What docs/adding-an-entity.md, "Schema changes" tells the migration to do:
          await exec(trx, `drop index if exists "fixture_region_code_unique"`);
          await expect(syncGenericTables(trx)).resolves.toBeUndefined();
          await exec(trx, `insert into fixture_region (id, name, code) values ('r2', 'Also North', 'N')`);
        },
      );
    });
  });

  it('stop the start when a unique property is removed, naming its column and its index', async () => {
    await withSchemaChange(
      'fixture_region',
      (s) => {
        delete s.properties.code;
        s.required = s.required!.filter((r) => r !== 'code');
      },
      async () => {
        expect(await stopMessage(m.db)).toContain(
          '  column "code": the schema has no such property (removed?); the table still has the column (text)\n' +
            '  column "code": the schema does not say unique ("x-unique"); the table has the unique index "fixture_region_code_unique"\n' +
            'Write a migration: npm run migration:new fixture-region-code  (then restart)',
        );
      },
    );
  });

  it('stop the start on an index of that name that is not unique, or covers another column', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `drop index fixture_region_code_unique`);
      await exec(trx, `create index fixture_region_code_unique on fixture_region (lower(code))`);
      expect(await stopMessage(trx)).toContain(
        '  column "code": the schema says unique ("x-unique"); the table\'s index "fixture_region_code_unique" is not unique\n',
      );
    });
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `drop index fixture_region_code_unique`);
      await exec(trx, `create unique index fixture_region_code_unique on fixture_region (lower(name))`);
      expect(await stopMessage(trx)).toContain(
        '  column "code": the schema says unique ("x-unique"); the table\'s index "fixture_region_code_unique" covers name\n',
      );
    });
  });

  it('are created when missing, and then refuse a value already there', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `drop index fixture_region_code_unique`);
      await expect(syncGenericTables(trx)).resolves.toBeUndefined();
      await expect(exec(trx, `insert into fixture_region (id, name, code) values ('r2', 'South', 'n')`)).rejects.toMatchObject({
        code: '23505',
        constraint: 'fixture_region_code_unique',
      });
    });
  });

  it('a unique index a migration added under another name is left alone', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `create unique index fixture_region_name_key on fixture_region (name)`);
      await expect(syncGenericTables(trx)).resolves.toBeUndefined();
    });
  });
});

describe('a schema that grew', () => {
  it('adds an optional property as a nullable column and goes on', async () => {
    await rolledBack(m.db, async (trx) => {
      await withSchemaChange(
        'fixture_site',
        (s) => (s.properties.notes = { type: ['string', 'null'], title: 'Notes' }),
        async () => {
          await expect(syncGenericTables(trx)).resolves.toBeUndefined();
          expect(await columnOf(trx, 'fixture_site', 'notes')).toEqual({ type: 'text', not_null: false });
        },
      );
    });
  });

  it('adds a new reference and a new choice with their foreign key and CHECK', async () => {
    await rolledBack(m.db, async (trx) => {
      await withSchemaChange(
        'fixture_site',
        (s) => {
          s.properties.home_region = { type: ['string', 'null'], title: 'Home region', 'x-ref': 'fixture_region' };
          s.properties.size = {
            type: ['string', 'null'],
            title: 'Size',
            oneOf: [
              { const: 'small', title: 'Small' },
              { const: 'large', title: 'Large' },
            ],
          };
        },
        async () => {
          await syncGenericTables(trx);
          await expect(exec(trx, `update fixture_site set home_region = 'nowhere'`)).rejects.toMatchObject({
            code: '23503',
            constraint: 'fixture_site_home_region_fkey',
          });
        },
      );
    });
    await rolledBack(m.db, async (trx) => {
      await withSchemaChange(
        'fixture_site',
        (s) =>
          (s.properties.size = {
            type: ['string', 'null'],
            title: 'Size',
            oneOf: [
              { const: 'small', title: 'Small' },
              { const: 'large', title: 'Large' },
            ],
          }),
        async () => {
          await syncGenericTables(trx);
          await expect(exec(trx, `update fixture_site set size = 'huge'`)).rejects.toMatchObject({
            code: '23514',
            constraint: 'fixture_site_size_choices',
          });
        },
      );
    });
  });

  it('adds a required property with a default to a table with rows, filling them', async () => {
    await rolledBack(m.db, async (trx) => {
      await withSchemaChange(
        'fixture_site',
        (s) => {
          s.properties.visits = { type: 'integer', title: 'Visits', default: 0 };
          s.required = [...(s.required ?? []), 'visits'];
        },
        async () => {
          await syncGenericTables(trx);
          expect(await columnOf(trx, 'fixture_site', 'visits')).toEqual({ type: 'bigint', not_null: true });
          expect((await exec(trx, `select visits from fixture_site`)).rows).toEqual([{ visits: 0 }]);
        },
      );
    });
  });

  it('adds a required property without a default to an empty table', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `delete from fixture_site`);
      await withSchemaChange(
        'fixture_site',
        (s) => {
          s.properties.code = { type: 'string', title: 'Code' };
          s.required = [...(s.required ?? []), 'code'];
        },
        async () => {
          await syncGenericTables(trx);
          expect(await columnOf(trx, 'fixture_site', 'code')).toEqual({ type: 'text', not_null: true });
        },
      );
    });
  });

  it('stops, naming the column, when a property made unique holds the same value twice', async () => {
    await rolledBack(m.db, async (trx) => {
      await exec(trx, `insert into fixture_site (id, name, region, kind) values ('s2', 'camp one', 'r1', 'urban')`);
      await withSchemaChange(
        'fixture_site',
        (s) => (s.properties.name!['x-unique'] = true),
        async () => {
          expect(await stopMessage(trx)).toMatch(
            /^Table "fixture_site" does not match schemas\/fixture_site\.schema\.json:\n {2}column "name": the schema says unique \("x-unique"\); rows of the table share a value .*\nWrite a migration that makes the values unique: npm run migration:new fixture-site-name-unique {2}\(then restart\)$/,
          );
        },
      );
    });
  });
});

describe('tables that match', () => {
  it('start without a word', async () => {
    await expect(syncGenericTables(m.db)).resolves.toBeUndefined();
    await expect(migrate(m.db)).resolves.toBeUndefined();
  });
});

describe('tables the earlier start code created', () => {
  // What the start code before foreign keys and CHECKs wrote, statement for statement.
  const OLD_DESIGNATION = [
    `create table if not exists "designation" (id text primary key, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
    `alter table "designation" add column if not exists "name" text not null`,
    `create unique index if not exists "designation_name_unique" on "designation" (lower("name"))`,
    `alter table "designation" add column if not exists "status" boolean default true not null`,
  ];

  it('accept the designation table as it was, rows and all', async () => {
    const old = await createModelDatabase();
    try {
      for (const statement of OLD_DESIGNATION) await exec(old.db, statement);
      await exec(old.db, `insert into designation (id, name) values ('d1', 'Surveyor')`);
      await expect(migrate(old.db)).resolves.toBeUndefined();
      expect((await exec(old.db, `select name, status from designation`)).rows).toEqual([{ name: 'Surveyor', status: true }]);
    } finally {
      await old.close();
    }
  });

  it('stop on a site table whose reference became jsonb, naming each column to repair', async () => {
    const old = await createModelDatabase();
    try {
      for (const statement of OLD_DESIGNATION) await exec(old.db, statement);
      await exec(
        old.db,
        `create table "fixture_region" (id text primary key, created_at timestamptz not null default now(), updated_at timestamptz not null default now(), "name" text not null, "code" text not null, "description" text, "status" boolean default true not null)`,
      );
      await exec(
        old.db,
        `create table "fixture_site" (id text primary key, created_at timestamptz not null default now(), updated_at timestamptz not null default now(), "name" text not null, "region" jsonb not null, "kind" text not null, "description" text, "status" boolean default true not null)`,
      );
      const failure = migrate(old.db);
      await expect(failure).rejects.toThrow(SchemaTableError);
      await expect(failure).rejects.toThrow(
        'Table "fixture_site" does not match schemas/fixture_site.schema.json:\n' +
          '  column "region": the schema says text; the table\'s column is jsonb\n' +
          '  column "region": the schema references "fixture_region" (foreign key on delete restrict); the table has no foreign key\n' +
          '  column "kind": the schema allows urban, rural, camp; the table has no CHECK "fixture_site_kind_choices"\n' +
          'Write a migration: npm run migration:new fixture-site-region-kind  (then restart)',
      );
    } finally {
      await old.close();
    }
  });
});
