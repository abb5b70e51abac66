/**
 * Loads documents with `COPY documents FROM STDIN` (text format) through pg-copy-streams: one
 * COPY per batch, rows streamed with backpressure, never a row-by-row insert. For a load much
 * larger than the table, the documents' secondary indexes are dropped first and built again
 * afterwards with their exact definitions as pg_indexes states them (one index build beats
 * millions of index insertions); the unique ones stay, so a duplicate id is still refused.
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
