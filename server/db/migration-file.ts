/**
 * Writes a new migration skeleton (`migrations/NNN-<name>.ts`, the next free number) and lists
 * it in `migrate.ts`, for `npm run migration:new <name>`. The skeleton refuses to run until it is
 * written: an empty migration would be recorded as done, and the real one then never run.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class MigrationNameError extends Error {}

export interface NewMigration {
  /** e.g. 011-fixture-site-kind */
  key: string;
  file: string;
  /** False when migrate.ts did not have the expected shape: `linesToAdd` says what to add by hand. */
  registered: boolean;
  linesToAdd: { import: string; entry: string };
}

/** The command line: the names given, and the project folder (`--root <folder>`, else `projectRoot`). */
export function migrationArgs(args: string[], projectRoot: string): { root: string; names: string[] } {
  const at = args.indexOf('--root');
  if (at < 0) return { root: projectRoot, names: args };
  return { root: path.resolve(args[at + 1] ?? ''), names: args.filter((_, i) => i !== at && i !== at + 1) };
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const MAX_NAME = 60;
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);

export function checkMigrationName(name: string | undefined): string {
  if (!name || !NAME.test(name) || name.length > MAX_NAME) {
    throw new MigrationNameError(
      `Migration name ${JSON.stringify(name ?? '')} refused: use lowercase letters, digits and single hyphens, starting with a letter, at most ${MAX_NAME} characters (e.g. fixture-site-kind).`,
    );
  }
  return name;
}

const camelCase = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function skeleton(key: string): string {
  return `/**
 * ${key}: say what this changes and why (the start message that asked for it, if any).
 *
 * On a fresh database the generic tables are created straight from the schemas before any
 * migration runs: write each step so that it leaves a table that already matches alone.
 */
import type { Kysely } from 'kysely';
// import { sql } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {
  throw new Error('Migration ${key} is a skeleton: write its up() in server/db/migrations/${key}.ts (docs/adding-an-entity.md, "Schema changes"), then restart.');
  // Delete the line above, rename _db to db, import sql, and write the change. For example:
  //   A column of another type:
  //     await sql\`alter table "site" alter column "visits" type bigint using "visits"::bigint\`.execute(db);
  //   Other choices (the CHECK is named <table>_<column>_choices):
  //     await sql\`alter table "site" drop constraint if exists "site_kind_choices"\`.execute(db);
  //     await sql\`alter table "site" add constraint "site_kind_choices" check ("kind" in ('urban', 'rural', 'camp'))\`.execute(db);
  //   Optional now; required now (give the empty rows a value first):
  //     await sql\`alter table "site" alter column "description" drop not null\`.execute(db);
  //     await sql\`update "site" set "code" = 'unknown' where "code" is null\`.execute(db);
  //     await sql\`alter table "site" alter column "code" set not null\`.execute(db);
  //   A new reference (the foreign key is named <table>_<column>_fkey):
  //     await sql\`alter table "site" drop constraint if exists "site_region_fkey"\`.execute(db);
  //     await sql\`alter table "site" add constraint "site_region_fkey" foreign key ("region") references "region" (id) on delete restrict\`.execute(db);
  //   A property removed from the schema:
  //     await sql\`alter table "site" drop column if exists "legacy"\`.execute(db);
}

export async function down(_db: Kysely<unknown>): Promise<void> {
  // The reverse of up, where there is one (Kysely's migrateDown runs it; the start never does).
}
`;
}

const IMPORT_LINE = /^import \* as (\w+) from '\.\/migrations\/[^']+';$/;
const ENTRY_LINE = /^\s*'\d{3}-[^']+': \w+,$/;

/** migrate.ts with the migration added after the last import and the last entry, or undefined when those are not found. */
function register(source: string, importLine: string, entryLine: string): string | undefined {
  const lines = source.split('\n');
  const lastImport = lines.findLastIndex((l) => IMPORT_LINE.test(l));
  const open = lines.findIndex((l) => /^const migrations: Record<string, Migration> = \{$/.test(l));
  const close = lines.findIndex((l, i) => i > open && l === '};');
  if (lastImport < 0 || open < 0 || close < 0) return undefined;
  let lastEntry = close - 1;
  while (lastEntry > open && !ENTRY_LINE.test(lines[lastEntry]!)) lastEntry--;
  if (lastEntry === open && close !== open + 1) return undefined;
  lines.splice(lastEntry + 1, 0, entryLine);
  lines.splice(lastImport + 1, 0, importLine);
  return lines.join('\n');
}

/** `dbDir` holds migrate.ts and migrations/ (server/db in the project). */
export function newMigration(rawName: string | undefined, dbDir: string): NewMigration {
  const name = checkMigrationName(rawName);
  const folder = path.join(dbDir, 'migrations');
  const migrateFile = path.join(dbDir, 'migrate.ts');
  const existing = readdirSync(folder).filter((f) => /^\d{3}-.+\.ts$/.test(f));
  const same = existing.find((f) => f.slice(4, -3) === name);
  if (same) throw new MigrationNameError(`A migration named "${name}" exists already (${same}): choose another name.`);
  const number = Math.max(0, ...existing.map((f) => Number(f.slice(0, 3)))) + 1;
  if (number > 999) throw new MigrationNameError('Migration numbers have run out at 999.');
  const key = `${String(number).padStart(3, '0')}-${name}`;
  const file = path.join(folder, `${key}.ts`);

  const source = readFileSync(migrateFile, 'utf8');
  const taken = new Set([...source.matchAll(/import \* as (\w+) from/g)].map((m) => m[1]));
  let id = camelCase(name);
  if (taken.has(id) || RESERVED.has(id)) id = `${id}${number}`;
  const linesToAdd = { import: `import * as ${id} from './migrations/${key}.ts';`, entry: `  '${key}': ${id},` };

  if (existsSync(file)) throw new MigrationNameError(`${file} exists already.`);
  writeFileSync(file, skeleton(key), { flag: 'wx' });
  const updated = register(source, linesToAdd.import, linesToAdd.entry);
  if (updated) writeFileSync(migrateFile, updated);
  return { key, file, registered: updated !== undefined, linesToAdd };
}
