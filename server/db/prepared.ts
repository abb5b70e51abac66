/**
 * Statements on a hot path (sign-in) are parsed and planned once per connection rather than on
 * every run: start their SQL with the comment `/* prepared:<name> *\/`. Right after an argon2
 * verify has flushed the CPU caches, parsing and planning the sign-in statement afresh costs
 * about a millisecond.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { CompiledQuery, type Compilable, type RawBuilder } from 'kysely';
import type { Db } from './database.ts';

const MARK = /^\s*\/\* prepared:([a-z0-9_]+) \*\//;

// A statement's name follows its text, so a changed statement never meets its old preparation.
const names = new Map<string, string | null>();
function preparedName(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    const mark = MARK.exec(text);
    name = mark ? `${mark[1]}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}` : null;
    if (mark) names.set(text, name);
  }
  return name;
}

/** A pg client that runs marked statements as named prepared statements (for `pg.Pool`'s `Client` option). */
export class PreparingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query;
PreparingClient.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  const name = typeof config === 'string' ? preparedName(config) : null;
  const run = plainQuery as (this: pg.Client, ...args: unknown[]) => unknown;
  return name ? run.call(this, { name, text: config, values }, callback) : run.call(this, config, values, callback);
} as typeof plainQuery;

/**
 * Runs a query built with Kysely (a builder, or a sql`` template) as a prepared statement named
 * `name` (plus its text's hash, so each shape of it — a list's sort and filters, a caller's
 * visibility rule — is prepared apart): for reads on every page view, whose few shapes repeat.
 * Only for statements whose tables keep their columns while the server runs (a prepared plan
 * outlives the request).
 */
export async function executePrepared<Row>(db: Db, name: string, query: Compilable<Row> | RawBuilder<Row>): Promise<Row[]> {
  const { sql, parameters } = 'isRawBuilder' in query ? query.compile(db) : query.compile();
  return runStatement<Row>(db, `/* prepared:${name} */ ${sql}`, [...parameters]);
}

/** The pool under each database handle createDb made (not under a transaction's, which holds its own connection). */
const pools = new WeakMap<Db, pg.Pool>();
export function rememberPool(db: Db, pool: pg.Pool): void {
  pools.set(db, pool);
}

/**
 * A statement's rows, on `db`'s pool straight away when `db` is a handle createDb made, through
 * Kysely otherwise (a transaction). The same pool, client and row parsing either way; Kysely's
 * connection provider costs ~40 µs a statement on these machines (five promise hops), which every
 * signed-in call pays on its session lookup and a submission once more.
 */
export async function runStatement<Row>(db: Db, text: string, values: unknown[]): Promise<Row[]> {
  return (await run<Row>(db, text, values)).rows;
}

/** How many rows a statement wrote (its last part's, as `rowCount`), run as runStatement runs it. */
export async function countStatement(db: Db, text: string, values: unknown[]): Promise<number> {
  return (await run(db, text, values)).count;
}

async function run<Row>(db: Db, text: string, values: unknown[]): Promise<{ rows: Row[]; count: number }> {
  const pool = pools.get(db);
  if (pool) {
    const result = await pool.query<Row & pg.QueryResultRow>(text, values);
    return { rows: result.rows, count: result.rowCount ?? 0 };
  }
  const result = await db.executeQuery<Row>(CompiledQuery.raw(text, values));
  return { rows: result.rows, count: Number(result.numAffectedRows ?? 0) };
}

/**
 * What a value is built with in a query built once per shape (`preparedRead`). NUL cannot be in a
 * PostgreSQL text value, so no real value is taken for one; the capital letter shows a value that
 * was lower-cased on its way.
 */
const PLACEHOLDER = (key: string) => `\u0000Placeholder:${key}\u0000`;

interface CompiledShape {
  text: string;
  /** Per parameter: the value's key, or undefined for a constant the build put there itself. */
  slots: Array<string | undefined>;
  constants: unknown[];
}

function compileShape(name: string, keys: readonly string[], query: Compilable<unknown> | RawBuilder<unknown>, db: Db): CompiledShape {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`preparedRead ${name}: a shape is named with a-z, 0-9 and _`);
  const { sql, parameters } = 'isRawBuilder' in query ? query.compile(db) : query.compile();
  const byPlaceholder = new Map(keys.map((key) => [PLACEHOLDER(key), key]));
  const slots = parameters.map((p) => (typeof p === 'string' ? byPlaceholder.get(p) : undefined));
  // A value written into the text, or changed on its way to a parameter, would be the first
  // caller's for every caller: refuse the read rather than run it.
  const altered = (p: unknown, i: number) => slots[i] === undefined && typeof p === 'string' && p.includes('\u0000');
  if (sql.includes('\u0000') || parameters.some(altered))
    throw new Error(`preparedRead ${name}: every value must go to a parameter as it is, not into the text nor changed`);
  return { text: `/* prepared:${name} */ ${sql}`, slots, constants: [...parameters] };
}

/**
 * A read on a hot path whose SQL is built with Kysely once per shape rather than on every call
 * (building and compiling a wide select costs more than running it): `build` is called once per
 * `shape` with a placeholder in place of each value, and each call then runs that text, as a
 * prepared statement (executePrepared), with its own values in the placeholders' parameters.
 *
 * The text may depend on the shape alone (a caller's visibility rule, a module), never on a
 * value: `build` passes every value through to a parameter untouched (checked when it builds).
 */
export function preparedRead<Key extends string, Row>(
  name: string,
  keys: readonly Key[],
  build: (db: Db, values: Record<Key, string>, shape: string) => Compilable<Row> | RawBuilder<Row>,
): (db: Db, shape: string, values: Record<Key, string>) => Promise<Row[]> {
  const shapes = new Map<string, CompiledShape>();
  const placeholders = Object.fromEntries(keys.map((key) => [key, PLACEHOLDER(key)])) as Record<Key, string>;
  return async (db, shape, values) => {
    let compiled = shapes.get(shape);
    if (!compiled) shapes.set(shape, (compiled = compileShape(`${name}_${shape}`, keys, build(db, placeholders, shape), db)));
    const { slots, constants } = compiled;
    const parameters = slots.map((key, i) => (key === undefined ? constants[i] : values[key as Key]));
    return (await db.executeQuery<Row>(CompiledQuery.raw(compiled.text, parameters))).rows;
  };
}
