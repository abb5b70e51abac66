/**
 * The rows of an uploaded lookup file, one string per cell, streamed: an .xlsx through exceljs's
 * streaming reader (first worksheet only), a CSV through @fast-csv/parse. Memory stays bounded by
 * a row at a time plus the workbook's shared strings. Every cell is text: a value that looks
 * like a formula ("=SUM(A1)", "+1", "-x", "@x") is kept as the characters it is, and a formula
 * cell gives its saved result, so nothing is ever evaluated.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from '@fast-csv/parse';
import type { FileKind } from './file-kind.ts';
import { listviewFileProblem } from './file-kind.ts';
import { Problem } from '../http/errors.ts';
import { LISTVIEW_MAX_CELL_CHARS, LISTVIEW_MAX_COLUMNS, LISTVIEW_MAX_ROWS } from './limits.ts';

export async function* readRows(content: Buffer, kind: FileKind): AsyncGenerator<string[]> {
  const source = kind === 'xlsx' ? xlsxRows(content) : csvRows(content);
  let count = 0;
  for await (const raw of source) {
    if (raw.length > LISTVIEW_MAX_COLUMNS) throw listviewFileProblem(`The sheet has more than ${LISTVIEW_MAX_COLUMNS} columns`);
    const cells = raw.map((c, i) => (count === 0 && i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
    if (cells.every((c) => c === '')) continue;
    if (cells.some((c) => c.length > LISTVIEW_MAX_CELL_CHARS)) {
      throw listviewFileProblem(`A cell holds more than ${LISTVIEW_MAX_CELL_CHARS} characters`);
    }
    if (++count > LISTVIEW_MAX_ROWS) throw listviewFileProblem(`The sheet has more than ${LISTVIEW_MAX_ROWS} rows`);
    yield cells;
  }
}

async function* xlsxRows(content: Buffer): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        while (cells.length && cells[cells.length - 1] === '') cells.pop();
        yield cells;
      }
      return; // the first worksheet is the list
    }
  } catch (err) {
    if (err instanceof Problem) throw err;
    throw listviewFileProblem('The workbook cannot be read: it is damaged or not an Excel (.xlsx) file');
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, value.getUTCHours() || value.getUTCMinutes() ? 19 : 10);
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      formula?: string;
      error?: string;
    };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v || 'formula' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return v.error;
  }
  return '';
}

async function* csvRows(content: Buffer): AsyncGenerator<string[]> {
  const rows = Readable.from([content]).pipe(parseCsv({ ignoreEmpty: true, trim: false, discardUnmappedColumns: false }));
  try {
    for await (const row of rows) yield row as string[];
  } catch {
    throw listviewFileProblem('The CSV file cannot be read: check its quotes');
  }
}
