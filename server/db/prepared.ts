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
  return (await db.executeQuery<Row>(CompiledQuery.raw(`/* prepared:${name} */ ${sql}`, [...parameters]))).rows;
}
