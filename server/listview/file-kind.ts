/**
 * What an uploaded lookup file is, told by its content (never its name or declared type): an
 * .xlsx is a zip holding xl/workbook.xml, a CSV is UTF-8 text. The zip's central directory is
 * read to refuse a workbook that would unpack beyond the limit before any of it is inflated.
 */
import { problems } from '../http/errors.ts';
import { LISTVIEW_MAX_UNZIPPED_BYTES } from './limits.ts';

export type FileKind = 'xlsx' | 'csv';

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

/** A refused file, named on the dialog's file field. */
export const listviewFileProblem = (message: string) => problems.validation({ excel_file: message });

export function fileKind(content: Buffer): FileKind {
  if (content.length >= 4 && content.readUInt32LE(0) === ZIP_LOCAL) {
    checkWorkbookZip(content);
    return 'xlsx';
  }
  if (isText(content)) return 'csv';
  throw listviewFileProblem('The file is neither an Excel workbook (.xlsx) nor a CSV text file');
}

function isText(content: Buffer): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/** The zip's entries as its central directory declares them; a workbook without xl/workbook.xml, or too big unpacked, is refused. */
function checkWorkbookZip(content: Buffer): void {
  const notWorkbook = () => listviewFileProblem('The file is a zip archive but not an Excel workbook (.xlsx)');
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let i = content.length - 22; i >= Math.max(0, content.length - 22 - 0xffff); i--) {
    if (content.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notWorkbook();
  const entries = content.readUInt16LE(end + 10);
  let at = content.readUInt32LE(end + 16);
  let unzipped = 0;
  let hasWorkbook = false;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > content.length || content.readUInt32LE(at) !== ZIP_CENTRAL) throw notWorkbook();
    unzipped += content.readUInt32LE(at + 24);
    const nameLength = content.readUInt16LE(at + 28);
    const name = content.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === 'xl/workbook.xml') hasWorkbook = true;
    at += 46 + nameLength + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
  }
  if (!hasWorkbook) throw notWorkbook();
  if (unzipped > LISTVIEW_MAX_UNZIPPED_BYTES) {
    throw listviewFileProblem(`The workbook unpacks to more than ${LISTVIEW_MAX_UNZIPPED_BYTES / 1024 / 1024} MB`);
  }
}
