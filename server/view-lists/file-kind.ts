/**
 * What an uploaded lookup file is, told by its content (never its name or declared type): an
 * .xlsx is a zip (then read as a workbook, which refuses a zip that is not one), anything else
 * must be UTF-8 text, read as CSV. The first bytes decide on the api server's event loop; the
 * reading itself (the text check included) is the import worker's.
 */
import { isUtf8 } from 'node:buffer';
import { problems } from '../http/errors.ts';

export type FileKind = 'xlsx' | 'csv';

const ZIP_LOCAL = 0x04034b50;

/** A refused file, named on the dialog's file field. */
export const viewListFileProblem = (message: string) => problems.validation({ excel_file: message });

export const notSheetFile = () => viewListFileProblem('The file is neither an Excel workbook (.xlsx) nor a CSV text file');

export function fileKind(content: Buffer): FileKind {
  return content.length >= 4 && content.readUInt32LE(0) === ZIP_LOCAL ? 'xlsx' : 'csv';
}

/** A CSV file is UTF-8 text, with no NUL byte (which no text file holds, and PostgreSQL text cannot). */
export function assertText(content: Buffer): void {
  if (content.includes(0) || !isUtf8(content)) throw notSheetFile();
}
