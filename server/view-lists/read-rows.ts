/**
 * The rows of an uploaded lookup file, one string per cell, streamed: an .xlsx through
 * workbook-rows.ts (exceljs on the checked parts of the zip), a CSV through @fast-csv/parse behind
 * a byte guard. Memory stays bounded by a row at a time plus the workbook's capped shared strings.
 * Every cell is text: a value that looks like a formula ("=SUM(A1)", "+1", "-x", "@x") is kept
 * as the characters it is, and a formula cell gives its saved result, so nothing is ever
 * evaluated.
 *
 * Every row met counts towards the row limit, empty ones too (they are skipped, not stored): a
 * file of a million empty rows is refused at the limit, not read to its end.
 */
import { pipeline, Readable } from 'node:stream';
import { parse as parseCsv } from '@fast-csv/parse';
import { assertText, viewListFileProblem, type FileKind } from './file-kind.ts';
import { workbookRows } from './workbook-rows.ts';
import { CsvRowGuard } from './csv-row-guard.ts';
import { Problem } from '../http/errors.ts';
import { VIEW_LIST_MAX_CELL_CHARS, VIEW_LIST_MAX_COLUMNS, VIEW_LIST_MAX_ROWS } from './limits.ts';

/** How much of the file has been read, 0 to 1 (of the sheet's bytes for a workbook). */
export interface ReadProgress {
  fraction: number;
}

export async function* readRows(content: Buffer, kind: FileKind, progress: ReadProgress = { fraction: 0 }): AsyncGenerator<string[]> {
  const source = kind === 'xlsx' ? workbookRows(content, progress) : csvRows(content, progress);
  let rows = 0;
  let stored = 0;
  try {
    for await (const raw of source) {
      if (++rows > VIEW_LIST_MAX_ROWS) {
        throw viewListFileProblem(`The sheet has more than ${VIEW_LIST_MAX_ROWS} rows (empty rows count too)`);
      }
      if (raw.length > VIEW_LIST_MAX_COLUMNS) throw viewListFileProblem(`The sheet has more than ${VIEW_LIST_MAX_COLUMNS} columns`);
      const cells = raw.map((c, i) => (stored === 0 && i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
      if (cells.every((c) => c === '')) continue;
      if (cells.some((c) => c.length > VIEW_LIST_MAX_CELL_CHARS)) {
        throw viewListFileProblem(`A cell holds more than ${VIEW_LIST_MAX_CELL_CHARS} characters`);
      }
      stored++;
      yield cells;
    }
  } catch (error) {
    if (error instanceof Problem) throw error;
    throw kind === 'xlsx'
      ? viewListFileProblem('The workbook cannot be read: it is damaged or not an Excel (.xlsx) file')
      : viewListFileProblem('The CSV file cannot be read: check its quotes');
  }
  progress.fraction = 1;
}

function csvRows(content: Buffer, progress: ReadProgress): AsyncIterable<string[]> {
  assertText(content);
  const guard = new CsvRowGuard(content.length, progress);
  // Empty lines come through as rows of one empty cell, so they count like any other row. A
  // refusal of the guard destroys the parser with it, and the reading below ends with it.
  const parser = parseCsv<string[], string[]>({ ignoreEmpty: false, trim: false, discardUnmappedColumns: false });
  pipeline(Readable.from(guard.chunks(content), { objectMode: false }), parser, () => undefined);
  return parser;
}
