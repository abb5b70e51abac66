/**
 * The CSV the console and the servers write: RFC 4180 with a byte-order mark (so Excel reads
 * accents right) and CRLF line ends. A cell that a spreadsheet would run as a formula
 * (= + - @, tab, return) is prefixed with an apostrophe. Shared, so a file streamed by a server
 * and one made in the browser follow the same rules.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_NEWLINE = '\r\n';

/** What a cell a spreadsheet would run as a formula starts with (the server's exports defuse these in SQL). */
export const FORMULA_START_CHARACTERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

export function csvCell(raw: string): string {
  const value = FORMULA_START_CHARACTERS.includes(raw.charAt(0)) ? `'${raw}` : raw;
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (cells: string[]) => cells.map(csvCell).join(',');

export function toCsv(header: string[], rows: string[][]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join(CSV_NEWLINE);
}

/** Spec 1 §9: a file name has its punctuation replaced with underscores. */
export const safeFilename = (name: string) => name.replace(/[\s!"#$%&'()*+,./:;<=>?@[\\\]^`{|}~-]+/g, '_');
