/**
 * Loads documents with `COPY documents FROM STDIN` (text format) through pg-copy-streams: one
 * COPY per batch, rows streamed with backpressure, never a row-by-row insert. For a load much
 * larger than the table, the documents' secondary indexes and foreign keys are dropped first
 * and made again afterwards with their exact names and definitions as the catalogue states them
 * (one index build, and one validating join per foreign key, beat a million index insertions
 * and four key lookups per row: the load runs about three times faster). The unique indexes
 * stay, so a duplicate id is still refused; it all happens in the load's transaction, so a
 * failure leaves the table with every index and constraint it had.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DemoDocument } from './demo-documents.ts';

const COLUMNS = [
  'id',
  'local_id',
  'program_id',
  'module',
  'type_id',
  'form_revision_id',
  'form_data',
  'created_by',
  'created_at',
  'updated_at',
  'processed_at',
  'processed_by',
] as const;

/** COPY's text format: backslash is its escape character (JSON holds no raw tab or newline). */
const escape = (text: string) => (text.includes('\\') ? text.replaceAll('\\', '\\\\') : text);
const timestamp = (d: Date | null) => (d ? d.toISOString() : '\\N');

export function copyLine(d: DemoDocument): string {
  return `${d.id}\t${d.local_id}\t${d.program_id}\t${d.module}\t${d.type_id}\t${d.form_revision_id}\t${escape(JSON.stringify(d.form_data))}\t${
    d.created_by
  }\t${timestamp(d.created_at)}\t${timestamp(d.updated_at)}\t${timestamp(d.processed_at)}\t${d.processed_by ?? '\\N'}\n`;
}

/** Lines grouped into chunks of about 64 kB, the unit written to the COPY stream. */
function* chunks(documents: Iterator<DemoDocument>, limit: number): Generator<string> {
  let chunk = '';
  for (let n = 0; n < limit; n++) {
    const next = documents.next();
    if (next.done) break;
    chunk += copyLine(next.value);
    if (chunk.length > 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Copies up to `limit` documents from the iterator in one COPY; answers how many it copied. */
export async function copyBatch(client: pg.Client, documents: Iterator<DemoDocument>, limit: number): Promise<number> {
  const copy = client.query(copyFrom(`copy documents (${COLUMNS.join(', ')}) from stdin`));
  await pipeline(Readable.from(chunks(documents, limit)), copy);
  return copy.rowCount;
}

export interface IndexDefinition {
  name: string;
  definition: string;
}

/** The documents' indexes a bulk load drops and builds again: all but the primary key and the unique ones. */
export async function secondaryIndexes(client: pg.Client): Promise<IndexDefinition[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
       from pg_indexes i join pg_index x on x.indexrelid = format('%I.%I', i.schemaname, i.indexname)::regclass
      where i.schemaname = current_schema() and i.tablename = 'documents' and not x.indisunique and not x.indisprimary
      order by i.indexname`,
  );
  return rows;
}

export async function dropIndexes(client: pg.Client, indexes: IndexDefinition[]): Promise<void> {
  for (const index of indexes) await client.query(`drop index ${quote(index.name)}`);
}

export async function buildIndexes(client: pg.Client, indexes: IndexDefinition[]): Promise<void> {
  for (const index of indexes) await client.query(index.definition);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface ConstraintDefinition {
  name: string;
  definition: string;
}

/** The documents' own foreign keys (to programs, form revisions, users). */
export async function foreignKeys(client: pg.Client): Promise<ConstraintDefinition[]> {
  const { rows } = await client.query<ConstraintDefinition>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'documents'::regclass and contype = 'f' order by conname`,
  );
  return rows;
}

export async function dropForeignKeys(client: pg.Client, keys: ConstraintDefinition[]): Promise<void> {
  for (const key of keys) await client.query(`alter table documents drop constraint ${quote(key.name)}`);
}

export async function addForeignKeys(client: pg.Client, keys: ConstraintDefinition[]): Promise<void> {
  if (keys.length === 0) return;
  await client.query(`alter table documents ${keys.map((k) => `add constraint ${quote(k.name)} ${k.definition}`).join(', ')}`);
}
