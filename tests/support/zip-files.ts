/**
 * Zip archives and workbooks built byte by byte in the tests, honest or hostile: an entry may
 * declare a size it does not have, carry a local header that disagrees with the directory, hide
 * from the directory, or end with a data descriptor. Large contents are given as a part repeated
 * many times and deflated as a stream, so a 300 MB entry costs the test a few hundred kilobytes.
 */
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/** Bytes repeated `times` times between an optional prefix and suffix. */
export interface Repeated {
  prefix?: string;
  repeat: string;
  times: number;
  suffix?: string;
}

export interface ZipPart {
  name: string;
  content: string | Buffer | Repeated;
  /** Stored rather than deflated. */
  store?: boolean;
  /** What the directory (and local header) says it unpacks to, instead of the truth. */
  declaredSize?: number;
  /** Sizes and CRC left at zero in the local header, given in a data descriptor after the data. */
  descriptor?: boolean | { size: number };
  /** The name its local header gives, instead of the directory's. */
  localName?: string;
  /** Written as a local entry but left out of the directory. */
  hidden?: boolean;
}

interface Packed {
  part: ZipPart;
  compressed: Buffer;
  crc: number;
  size: number;
}

async function pack(part: ZipPart): Promise<Packed> {
  const { content } = part;
  if (typeof content === 'string' || Buffer.isBuffer(content)) {
    const bytes = Buffer.from(content);
    return { part, compressed: part.store ? bytes : deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
  }
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  const write = async (bytes: Buffer) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  if (content.prefix) await write(Buffer.from(content.prefix));
  // Written in slices of about 1 MB, each a whole number of repeats.
  const block = Buffer.from(content.repeat.repeat(Math.max(1, Math.floor((1 << 20) / Math.max(1, content.repeat.length)))));
  const perBlock = block.length / Buffer.byteLength(content.repeat);
  let left = content.times;
  for (; left >= perBlock; left -= perBlock) await write(block);
  if (left > 0) await write(Buffer.from(content.repeat.repeat(left)));
  if (content.suffix) await write(Buffer.from(content.suffix));
  deflate.end();
  await ended;
  return { part, compressed: Buffer.concat(out), crc, size };
}

export async function buildZip(parts: ZipPart[]): Promise<Buffer> {
  const packed = await Promise.all(parts.map(pack));
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const { part, compressed, crc, size } of packed) {
    const name = Buffer.from(part.name);
    const localName = Buffer.from(part.localName ?? part.name);
    const declared = part.declaredSize ?? size;
    const flags = part.descriptor ? 0x0008 : 0;
    const method = part.store ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    if (!part.descriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(compressed.length, 18);
      local.writeUInt32LE(declared, 22);
    }
    local.writeUInt16LE(localName.length, 26);
    const start = offset;
    chunks.push(local, localName, compressed);
    offset += local.length + localName.length + compressed.length;
    if (part.descriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(compressed.length, 8);
      descriptor.writeUInt32LE(typeof part.descriptor === 'object' ? part.descriptor.size : declared, 12);
      chunks.push(descriptor);
      offset += descriptor.length;
    }
    if (part.hidden) continue;
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(flags, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(compressed.length, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(start, 42);
    central.push(entry, name);
    listed++;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** An inline-string cell, as a workbook writes text without a shared-strings table. */
export const textCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
export const sharedCell = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
export const sheetRow = (n: number, cells: string) => `<row r="${n}">${cells}</row>`;

/** The parts of a one-sheet workbook around the given sheet (and shared strings, when given). */
export function workbookParts(sheet: ZipPart['content'], sharedStrings?: ZipPart['content']): ZipPart[] {
  const parts: ZipPart[] = [
    {
      name: 'xl/workbook.xml',
      content: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Towns" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content:
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
  ];
  if (sharedStrings !== undefined) parts.push({ name: 'xl/sharedStrings.xml', content: sharedStrings });
  parts.push({ name: 'xl/worksheets/sheet1.xml', content: sheet });
  return parts;
}

/** A sheet's XML around its rows (given whole, or as a Repeated run between a header and the end). */
export const sheetXml = (rows: string): string => `${XML}<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;
export const sheetOf = (head: string, repeat: string, times: number, tail = ''): Repeated => ({
  prefix: `${XML}<worksheet xmlns="${MAIN}"><sheetData>${head}`,
  repeat,
  times,
  suffix: `${tail}</sheetData></worksheet>`,
});
export const sharedStringsOf = (repeat: string, times: number, extra = 0): Repeated => ({
  prefix: `${XML}<sst xmlns="${MAIN}" count="${times + extra}" uniqueCount="${times + extra}">`,
  repeat,
  times,
  suffix: '</sst>',
});
