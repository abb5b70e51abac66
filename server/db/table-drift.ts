/**
 * Compares each generic table, as PostgreSQL's catalog describes it, with the table its schema
 * asks for: column types, NOT NULL, the foreign key of a reference, the CHECK of a choice, the
 * unique indexes of "x-unique", and columns no property holds any more. Any difference stops the start with one message naming
 * the table, the column, what the schema says, what the table has, and the migration to write:
 * the servers never run against a table that does not match.
 */
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { SchemaTableError } from './schema-table-error.ts';
import { constraintName, MANAGED_COLUMNS, type ColumnShape, type TableShape } from './table-shape.ts';

interface ActualColumn {
  name: string;
  type: string;
  not_null: boolean;
}

interface ActualForeignKey {
  column: string;
  target: string;
  target_column: string;
  /** pg_constraint.confdeltype: a no action, r restrict, c cascade, n set null, d set default. */
  on_delete: string;
}

interface ActualIndex {
  name: string;
  unique: boolean;
  /** The table columns the index reads, as a plain key or inside an expression such as lower(). */
  columns: string[];
}

interface ActualTable {
  columns: Map<string, ActualColumn>;
  foreignKeys: ActualForeignKey[];
  checks: Map<string, string>;
  /** Indexes named as the start code names its unique indexes: `<table>_…_unique`. */
  uniqueIndexes: Map<string, ActualIndex>;
}

const ON_DELETE: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

async function readTable(db: Db, table: string): Promise<ActualTable> {
  const relation = `"${table.replace(/"/g, '""')}"`;
  const columns = await sql<ActualColumn>`
    select attname as name, format_type(atttypid, atttypmod) as type, attnotnull as not_null
    from pg_attribute
    where attrelid = to_regclass(${relation}) and attnum > 0 and not attisdropped
    order by attnum`.execute(db);
  const foreignKeys = await sql<ActualForeignKey>`
    select a.attname as column, t.relname as target, ta.attname as target_column, c.confdeltype as on_delete
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_class t on t.oid = c.confrelid
    join pg_attribute ta on ta.attrelid = c.confrelid and ta.attnum = c.confkey[1]
    where c.conrelid = to_regclass(${relation}) and c.contype = 'f' and cardinality(c.conkey) = 1`.execute(db);
  const checks = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint where conrelid = to_regclass(${relation}) and contype = 'c'`.execute(db);
  // pg_depend records the columns of an index, key columns and those inside expressions alike.
  const indexes = await sql<ActualIndex>`
    select i.relname as name, x.indisunique as unique,
      array(select a.attname from pg_depend d
            join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
            where d.classid = 'pg_class'::regclass and d.objid = x.indexrelid
              and d.refclassid = 'pg_class'::regclass and d.refobjid = x.indrelid and d.refobjsubid > 0
            order by a.attnum)::text[] as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = to_regclass(${relation}) and not x.indisprimary`.execute(db);
  return {
    columns: new Map(columns.rows.map((c) => [c.name, c])),
    foreignKeys: foreignKeys.rows,
    checks: new Map(checks.rows.map((c) => [c.name, c.definition])),
    uniqueIndexes: new Map(
      indexes.rows.filter((i) => i.name.startsWith(`${table}_`) && i.name.endsWith('_unique')).map((i) => [i.name, i]),
    ),
  };
}

/**
 * The values a choices CHECK allows. PostgreSQL keeps `"kind" in ('a', 'b')` as
 * `CHECK ((kind = ANY (ARRAY['a'::text, 'b'::text])))`, and a single value as `(kind = 'a'::text)`.
 */
export function checkedValues(definition: string): string[] {
  return [...definition.matchAll(/'((?:[^']|'')*)'::/g)].map((m) => m[1]!.replace(/''/g, "'"));
}

const list = (values: string[]) => values.join(', ');
const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

function describeReference(c: ColumnShape): string {
  return `references "${c.references!.table}" (foreign key on delete restrict)`;
}

function describeForeignKey(fk: ActualForeignKey): string {
  return `"${fk.target}"(${fk.target_column}) on delete ${ON_DELETE[fk.on_delete] ?? fk.on_delete}`;
}

/** The differences of one expected column, each as "what the schema says; what the table has". */
function columnDifferences(table: string, c: ColumnShape, actual: ActualTable, tableHasRows: boolean): string[] {
  const column = actual.columns.get(c.column);
  if (!column) {
    if (c.notNull && c.default === undefined && tableHasRows) {
      return [
        `the schema has the required property "${c.property}" (${c.type}, NOT NULL, no default); the table has rows and no such column, and cannot be given one without a value for those rows`,
      ];
    }
    return [`the schema has the property "${c.property}" (${c.type}); the table has no such column`];
  }
  const out: string[] = [];
  if (column.type !== c.type) out.push(`the schema says ${c.type}; the table's column is ${column.type}`);
  if (column.not_null !== c.notNull) {
    out.push(
      c.notNull
        ? 'the schema says required (NOT NULL); the table allows NULL'
        : 'the schema says optional (nullable); the table says NOT NULL',
    );
  }
  const keys = actual.foreignKeys.filter((fk) => fk.column === c.column);
  const matches = (fk: ActualForeignKey) => fk.target === c.references?.table && fk.target_column === 'id' && fk.on_delete === 'r';
  if (c.references && !(keys.length === 1 && matches(keys[0]!))) {
    out.push(
      `the schema ${describeReference(c)}; ${keys.length ? `the table's foreign key references ${keys.map(describeForeignKey).join(' and ')}` : 'the table has no foreign key'}`,
    );
  } else if (!c.references && keys.length) {
    out.push(`the schema has no reference ("x-ref"); the table's foreign key references ${keys.map(describeForeignKey).join(' and ')}`);
  }
  const checkName = constraintName(table, c.column, 'choices');
  const check = actual.checks.get(checkName);
  const allowed = check === undefined ? undefined : checkedValues(check);
  if (c.choices && !(allowed && sameSet(allowed, c.choices))) {
    out.push(
      `the schema allows ${list(c.choices)}; ${allowed ? `the table's CHECK allows ${list(allowed)}` : `the table has no CHECK "${checkName}"`}`,
    );
  } else if (!c.choices && allowed) {
    out.push(`the schema allows any value; the table's CHECK "${checkName}" allows ${list(allowed)}`);
  }
  return out;
}

/**
 * The unique indexes, both ways. A missing one for an "x-unique" property is no difference: the
 * start creates it next (and stops if rows already share a value). One the schema no longer asks
 * for would go on refusing values the schema allows, so it is a difference like the others.
 */
function uniqueDifferences(shape: TableShape, actual: ActualTable): Array<[name: string, difference: string, what: string]> {
  const out: Array<[string, string, string]> = [];
  const expected = new Map(shape.columns.filter((c) => c.unique).map((c) => [constraintName(shape.table, c.property, 'unique'), c]));
  for (const [name, c] of expected) {
    const index = actual.uniqueIndexes.get(name);
    if (!index) continue;
    if (!index.unique) out.push([c.column, `the schema says unique ("x-unique"); the table's index "${name}" is not unique`, 'column']);
    else if (index.columns.length !== 1 || index.columns[0] !== c.column) {
      const covers = index.columns.join(', ') || 'no column';
      out.push([c.column, `the schema says unique ("x-unique"); the table's index "${name}" covers ${covers}`, 'column']);
    }
  }
  for (const index of actual.uniqueIndexes.values()) {
    if (!index.unique || expected.has(index.name)) continue;
    const difference = `the schema does not say unique ("x-unique"); the table has the unique index "${index.name}"`;
    out.push(index.columns.length === 1 ? [index.columns[0]!, difference, 'column'] : [index.name, difference, 'index']);
  }
  return out;
}

function migrationName(table: string, columns: string[]): string {
  const parts = columns.length && columns.length <= 3 ? [table, ...columns] : [table, 'schema'];
  return parts
    .join('-')
    .replace(/_/g, '-')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '');
}

/** Differences of one table, as the block of the message that names them; undefined when it matches. */
export async function tableDifferences(db: Db, shape: TableShape): Promise<string | undefined> {
  const actual = await readTable(db, shape.table);
  if (!actual.columns.size) {
    return `Table "${shape.table}" (${shape.schemaFile}) does not exist: a foreign key it needs names a table that does not exist either.`;
  }
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from ${sql.table(shape.table)}) as found`.execute(db);
  const tableHasRows = rows[0]!.found;
  const lines: string[] = [];
  const differing: string[] = [];
  const note = (column: string, differences: string[], what = 'column') => {
    if (!differences.length) return;
    if (!differing.includes(column)) differing.push(column);
    for (const d of differences) lines.push(`  ${what} "${column}": ${d}`);
  };
  for (const c of shape.columns) note(c.column, columnDifferences(shape.table, c, actual, tableHasRows));
  const expected = new Set([...MANAGED_COLUMNS, ...shape.columns].map((c) => c.column));
  for (const column of actual.columns.values()) {
    if (!expected.has(column.name))
      note(column.name, [`the schema has no such property (removed?); the table still has the column (${column.type})`]);
  }
  for (const [name, difference, what] of uniqueDifferences(shape, actual)) note(name, [difference], what);
  if (!lines.length) return undefined;
  return [
    `Table "${shape.table}" does not match ${shape.schemaFile}:`,
    ...lines,
    `Write a migration: npm run migration:new ${migrationName(shape.table, differing)}  (then restart)`,
  ].join('\n');
}

/** Throws one SchemaTableError listing every difference of every generic table. */
export async function checkGenericTables(db: Db, shapes: TableShape[]): Promise<void> {
  const blocks: string[] = [];
  for (const shape of shapes) {
    const block = await tableDifferences(db, shape);
    if (block) blocks.push(block);
  }
  if (!blocks.length) return;
  throw new SchemaTableError(
    `${blocks.join('\n\n')}\n\n` +
      'The servers did not start: they never run against a table that does not match its schema. ' +
      'See docs/adding-an-entity.md, "Schema changes" for how to write the migration.',
  );
}
