/**
 * The rows of a workbook's first sheet, one string per cell, read by exceljs from the parts of a
 * checked zip (zip-entries.ts) rather than from the raw upload: exceljs's own streaming reader
 * follows the local headers in file order, which a hostile archive can make disagree with its
 * directory, and would spill sheets met before the shared strings to temporary files. Here the
 * parts are taken by name, in the order they are needed (relationships, workbook, shared
 * strings, the first sheet), each inflated from the bytes the directory points at, counted, and
 * passed through the XML guard (xml-leaf-guard.ts) before exceljs parses it.
 *
 * The shared-strings table is read here, not by exceljs (which would hold any number of strings
 * of any length): at most VIEW_LIST_MAX_SHARED_STRINGS strings, VIEW_LIST_MAX_SHARED_STRING_CHARS
 * characters in all, none longer than a cell may be.
 */
import { createRequire } from 'node:module';
import { pipeline, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { viewListFileProblem } from './file-kind.ts';
import { InflationBudget, notAWorkbook, openEntry, readZipDirectory, type InflatedCounter, type ZipEntry } from './zip-entries.ts';
import { XmlLeafGuard } from './xml-leaf-guard.ts';
import { VIEW_LIST_MAX_CELL_CHARS, VIEW_LIST_MAX_SHARED_STRINGS, VIEW_LIST_MAX_SHARED_STRING_CHARS } from './limits.ts';

type SaxEvent = { eventType: 'opentag' | 'closetag'; value: { name: string } } | { eventType: 'text'; value: string };
// exceljs's own wrapper of its XML parser (saxes), so the strings are parsed as its sheets are.
const parseSax = createRequire(import.meta.url)('exceljs/lib/utils/parse-sax.js') as (
  source: AsyncIterable<unknown>,
) => AsyncIterable<SaxEvent[]>;

/** The parts of exceljs's streaming reader used here (its per-part steps; the zip is ours). */
interface ExcelWorkbookReader {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Iterable<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
  sharedStrings?: string[];
}

/** Text between the tags of a value: far beyond a cell's 1,000 characters or a formula's 8,192, far below harm. */
const MAX_VALUE_TEXT_BYTES = 64 * 1024;
/** A tag, comment or instruction: long attribute lists (a sheet's selection) fit; a 400 MB one does not. */
const MAX_MARKUP_BYTES = 1024 * 1024;
/** The workbook's own description and its relationships: kilobytes in any real workbook. */
const MAX_SMALL_PART_BYTES = 16 * 1024 * 1024;
const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

const cellTooLong = () => viewListFileProblem(`A cell holds more than ${VIEW_LIST_MAX_CELL_CHARS} characters`);

/** One part as text the XML parser may take (strings: UTF-8 decoded across chunk edges, which exceljs does per chunk). */
function openPart(part: InflatedCounter, entry: ZipEntry): Readable {
  const guard = new XmlLeafGuard({
    maxText: MAX_VALUE_TEXT_BYTES,
    maxMarkup: MAX_MARKUP_BYTES,
    textTooLong: cellTooLong,
    markupTooLong: () => viewListFileProblem(`The workbook cannot be read: ${entry.name} holds a tag over 1 MB`),
    doctype: () => viewListFileProblem(`The workbook cannot be read: ${entry.name} declares a document type, which no workbook does`),
  });
  pipeline(part, guard, () => undefined);
  return guard.setEncoding('utf8');
}

/**
 * The first sheet's rows, each cell as text, yielded as soon as each row is read. `progress`
 * follows how much of the sheet has been read (0 to 1).
 */
export async function* workbookRows(zip: Buffer, progress: { fraction: number }): AsyncGenerator<string[]> {
  const parts = readZipDirectory(zip);
  const workbookPart = parts.get('xl/workbook.xml');
  if (!workbookPart) throw notAWorkbook();
  const budget = new InflationBudget();
  const open = (entry: ZipEntry, maxSize?: number) => openPart(openEntry(zip, entry, budget, maxSize), entry);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined as never, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  }) as unknown as ExcelWorkbookReader;
  const rels = parts.get('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(open(rels, MAX_SMALL_PART_BYTES));
  await reader._parseWorkbook(open(workbookPart, MAX_SMALL_PART_BYTES));
  const strings = parts.get('xl/sharedStrings.xml');
  reader.sharedStrings = strings ? await sharedStrings(open(strings)) : [];
  const sheet = firstSheet(reader, parts);
  if (!sheet) return; // no sheet: read as an empty one
  const sheetPart = openEntry(zip, sheet, budget);
  const sheetNo = SHEET_PART.exec(sheet.name)![1]!;
  for (const { eventType, value } of reader._parseWorksheet(openPart(sheetPart, sheet), sheetNo)) {
    if (eventType !== 'worksheet') continue;
    for await (const row of value) {
      progress.fraction = sheet.size ? sheetPart.inflated / sheet.size : 1;
      const values = row.values as unknown[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      while (cells.length && cells[cells.length - 1] === '') cells.pop();
      yield cells;
    }
  }
}

/**
 * A cell as the text it shows: a formula gives its saved result (nothing is evaluated), a date
 * its ISO day (or day and time), an error its code.
 */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, value.getUTCHours() || value.getUTCMinutes() ? 19 : 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; formula?: string; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v || 'formula' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return v.error;
  }
  return '';
}

/** The sheet the workbook lists first (its first tab), else the lowest-numbered sheet part. */
function firstSheet(reader: ExcelWorkbookReader, parts: Map<string, ZipEntry>): ZipEntry | undefined {
  const rId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  if (target) {
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    const listed = parts.get(name);
    if (listed && SHEET_PART.test(name)) return listed;
  }
  const sheets = [...parts.values()].filter((e) => SHEET_PART.test(e.name));
  return sheets.sort((a, b) => Number(SHEET_PART.exec(a.name)![1]) - Number(SHEET_PART.exec(b.name)![1]))[0];
}

/**
 * xl/sharedStrings.xml as plain strings (a rich string's runs joined; phonetic guides left out),
 * refused at the first string or total over its limit, while it streams.
 */
async function sharedStrings(part: Readable): Promise<string[]> {
  const strings: string[] = [];
  let total = 0;
  let current: string[] | undefined;
  let length = 0;
  let inText = false;
  let phonetic = 0;
  for await (const events of parseSax(part)) {
    for (const event of events) {
      if (event.eventType === 'text') {
        if (!inText || !current) continue;
        length += event.value.length;
        total += event.value.length;
        if (length > VIEW_LIST_MAX_CELL_CHARS) throw cellTooLong();
        if (total > VIEW_LIST_MAX_SHARED_STRING_CHARS) {
          throw viewListFileProblem(
            `The workbook's shared strings hold more than ${VIEW_LIST_MAX_SHARED_STRING_CHARS.toLocaleString('en')} characters`,
          );
        }
        current.push(event.value);
        continue;
      }
      const { name } = event.value;
      const opens = event.eventType === 'opentag';
      if (name === 'si') {
        if (opens) {
          current = [];
          length = 0;
        } else if (current) {
          if (strings.length >= VIEW_LIST_MAX_SHARED_STRINGS) {
            throw viewListFileProblem(`The workbook holds more than ${VIEW_LIST_MAX_SHARED_STRINGS.toLocaleString('en')} different texts`);
          }
          strings.push(current.join(''));
          current = undefined;
        }
      } else if (name === 'rPh') phonetic += opens ? 1 : -1;
      else if (name === 't') inText = opens && phonetic === 0;
    }
  }
  return strings;
}
