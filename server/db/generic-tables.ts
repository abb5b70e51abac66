/**
 * Tables of the schema-driven ("generic") resources are derived from their schemas at start:
 * created when missing, new properties added as columns. Adding a simple entity therefore
 * needs no migration. Dropping or retyping a column is a real migration's job (never automatic).
 */
import { sql, type Kysely } from 'kysely';
import { resourceMap, resourceSchema, type PropertySchema } from '@model/schema-registry.ts';
import { toColumn } from './columns.ts';

const MANAGED = new Set(['_id', 'createdAt', 'updatedAt']);

function sqlType(p: PropertySchema): string {
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  if (p.format === 'date-time') return 'timestamptz';
  switch (type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'bigint';
    case 'number':
      return 'double precision';
    case 'string':
      return 'text';
    default:
      return 'jsonb';
  }
}

function literal(value: unknown): string {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The DDL statements that bring one generic resource's table up to its schema. */
export function genericTableDdl(resource: string): string[] {
  const schema = resourceSchema(resource);
  const table = ident(resource);
  const required = new Set(schema.required ?? []);
  const statements = [
    `create table if not exists ${table} (id text primary key, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  ];
  for (const [name, p] of Object.entries(schema.properties)) {
    if (MANAGED.has(name)) continue;
    const column = ident(toColumn(name));
    const def = p.default !== undefined ? ` default ${literal(p.default)}` : '';
    const notNull = required.has(name) || p.default !== undefined ? ' not null' : '';
    const target = typeof p['x-ref'] === 'string' ? resourceMap[p['x-ref']] : undefined;
    const references = target?.routes === 'generic' ? ` references ${ident(p['x-ref'] as string)}(id) on delete restrict` : '';
    statements.push(`alter table ${table} add column if not exists ${column} ${sqlType(p)}${def}${notNull}${references}`);
    if (p['x-unique']) {
      const expr = sqlType(p) === 'text' ? `lower(${column})` : column;
      statements.push(`create unique index if not exists ${ident(`${resource}_${name}_unique`)} on ${table} (${expr})`);
    }
  }
  return statements;
}

export function genericResources(): string[] {
  return Object.entries(resourceMap)
    .filter(([, entry]) => entry.routes === 'generic')
    .map(([name]) => name);
}

export async function syncGenericTables(db: Kysely<any>): Promise<void> {
  for (const resource of genericResources()) {
    for (const statement of genericTableDdl(resource)) await sql.raw(statement).execute(db);
  }
}
