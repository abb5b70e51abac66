/**
 * A workbook's zip archive, believed only where it is consistent. The central directory is read
 * and every entry's local header is checked against it (name, method, flags, sizes and CRC, or
 * the data descriptor after the data); the entries must tile the archive from its first byte to
 * the directory with no gap or overlap, so no part can hide from the directory or be read twice.
 * An entry is then inflated from the bytes the directory points at, counting what actually comes
 * out: more than the directory declared (or more than the archive's whole allowance) stops the
 * inflation at once, and less, or a wrong CRC, refuses the file when the entry ends.
 *
 * Only what a workbook needs is accepted: stored or deflated entries, no encryption, no zip64
 * (a workbook under VIEW_LIST_MAX_UNZIPPED_BYTES never needs it).
 */
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import { viewListFileProblem } from './file-kind.ts';
import { VIEW_LIST_MAX_UNZIPPED_BYTES, VIEW_LIST_MAX_ZIP_ENTRIES } from './limits.ts';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;
const STORED = 0;
const DEFLATED = 8;
/** Encrypted (bit 0), strongly encrypted (bit 6), masked local headers (bit 13). */
const REFUSED_FLAGS = 0x0001 | 0x0040 | 0x2000;
const HAS_DESCRIPTOR = 0x0008;
const CHUNK = 64 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  /** What the directory says the entry unpacks to: believed only as an upper bound, then checked. */
  size: number;
  /** Where the entry's compressed bytes start. */
  dataStart: number;
}

const damaged = (why: string) => viewListFileProblem(`The workbook is damaged: ${why}`);
export const notAWorkbook = () => viewListFileProblem('The file is a zip archive but not an Excel workbook (.xlsx)');

/** The archive's entries by name, once the whole archive has been checked. */
export function readZipDirectory(zip: Buffer): Map<string, ZipEntry> {
  const end = findEndRecord(zip);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryStart = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryStart === 0xffffffff) {
    throw viewListFileProblem(`The workbook unpacks to more than ${VIEW_LIST_MAX_UNZIPPED_BYTES / 1024 / 1024} MB`);
  }
  if (zip.readUInt16LE(end + 4) !== 0 || zip.readUInt16LE(end + 6) !== 0 || zip.readUInt16LE(end + 8) !== count) {
    throw damaged('it is split over several archives');
  }
  if (directoryStart + directorySize !== end) throw damaged('its directory is not where its end record says');
  if (count > VIEW_LIST_MAX_ZIP_ENTRIES) throw viewListFileProblem(`The workbook holds more than ${VIEW_LIST_MAX_ZIP_ENTRIES} parts`);

  const entries = new Map<string, ZipEntry>();
  const spans: Array<[start: number, end: number]> = [];
  let declared = 0;
  let at = directoryStart;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw damaged('its directory is cut short');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const localStart = zip.readUInt32LE(at + 42);
    if (next > end) throw damaged('its directory is cut short');
    if (compressedSize === 0xffffffff || size === 0xffffffff || localStart === 0xffffffff) {
      throw viewListFileProblem(`The workbook unpacks to more than ${VIEW_LIST_MAX_UNZIPPED_BYTES / 1024 / 1024} MB`);
    }
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    const name = nameBytes.toString('utf8');
    if (flags & REFUSED_FLAGS) throw viewListFileProblem('The workbook is encrypted: save it without a password and upload it again');
    if (method !== STORED && method !== DEFLATED) throw damaged(`${name} is compressed in a way Excel does not use`);
    if (method === STORED && compressedSize !== size) throw damaged(`${name} is stored with two different sizes`);
    if (entries.has(name)) throw damaged(`${name} is in it twice`);
    declared += size;
    if (declared > VIEW_LIST_MAX_UNZIPPED_BYTES) {
      throw viewListFileProblem(`The workbook unpacks to more than ${VIEW_LIST_MAX_UNZIPPED_BYTES / 1024 / 1024} MB`);
    }
    const dataStart = checkLocalHeader(zip, localStart, { nameBytes, name, flags, method, crc, compressedSize, size });
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > directoryStart) throw damaged(`${name} runs into the directory`);
    const spanEnd =
      flags & HAS_DESCRIPTOR ? dataEnd + descriptorLength(zip, dataEnd, directoryStart, { name, crc, compressedSize, size }) : dataEnd;
    spans.push([localStart, spanEnd]);
    entries.set(name, { name, method, crc, compressedSize, size, dataStart });
    at = next;
  }
  if (at !== end) throw damaged('its directory holds more than its entries');
  // The entries, in the order they sit, must cover the archive up to the directory exactly.
  spans.sort((a, b) => a[0] - b[0]);
  let covered = 0;
  for (const [start, stop] of spans) {
    if (start !== covered) throw damaged('its entries and its directory disagree (bytes the directory does not list, or listed twice)');
    covered = stop;
  }
  if (covered !== directoryStart)
    throw damaged('its entries and its directory disagree (bytes the directory does not list, or listed twice)');
  return entries;
}

/** The end record sits in the last 22 bytes plus a comment of at most 65,535, which must end the file. */
function findEndRecord(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END && i + 22 + zip.readUInt16LE(i + 20) === zip.length) return i;
  }
  throw notAWorkbook();
}

interface CentralEntry {
  nameBytes: Buffer;
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
}

/** Checks the local header against the directory's entry; answers where the entry's data starts. */
function checkLocalHeader(zip: Buffer, at: number, central: CentralEntry): number {
  const disagree = () => damaged(`the local header of ${central.name} disagrees with the directory`);
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw disagree();
  const nameLength = zip.readUInt16LE(at + 26);
  const dataStart = at + 30 + nameLength + zip.readUInt16LE(at + 28);
  if (dataStart > zip.length) throw disagree();
  if (zip.readUInt16LE(at + 6) !== central.flags || zip.readUInt16LE(at + 8) !== central.method) throw disagree();
  if (!zip.subarray(at + 30, at + 30 + nameLength).equals(central.nameBytes)) throw disagree();
  const crc = zip.readUInt32LE(at + 14);
  const compressedSize = zip.readUInt32LE(at + 18);
  const size = zip.readUInt32LE(at + 22);
  const same = crc === central.crc && compressedSize === central.compressedSize && size === central.size;
  // With a data descriptor the local header may leave the three at zero; it must not claim others.
  const deferred = central.flags & HAS_DESCRIPTOR && crc === 0 && compressedSize === 0 && size === 0;
  if (!same && !deferred) throw disagree();
  return dataStart;
}

/** The data descriptor after an entry's data (with or without its signature) must repeat the directory's values. */
function descriptorLength(zip: Buffer, at: number, limit: number, central: Omit<CentralEntry, 'nameBytes' | 'flags' | 'method'>): number {
  const matches = (from: number) =>
    from + 12 <= limit &&
    zip.readUInt32LE(from) === central.crc &&
    zip.readUInt32LE(from + 4) === central.compressedSize &&
    zip.readUInt32LE(from + 8) === central.size;
  if (at + 4 <= limit && zip.readUInt32LE(at) === DESCRIPTOR && matches(at + 4)) return 16;
  if (matches(at)) return 12;
  throw damaged(`the data descriptor of ${central.name} disagrees with the directory`);
}

/** Counts one archive's inflated bytes across its entries. */
export class InflationBudget {
  used = 0;
  constructor(readonly limit = VIEW_LIST_MAX_UNZIPPED_BYTES) {}
}

/**
 * The entry's content as a stream, inflated from the directory's bytes a chunk at a time. It
 * fails as soon as the entry gives a byte more than it declared, or the archive more than its
 * allowance; at its end, a short entry or a wrong CRC fails it too. `maxSize` lowers the entry's
 * own allowance (parts that are small in every real workbook).
 */
export function openEntry(zip: Buffer, entry: ZipEntry, budget: InflationBudget, maxSize = Infinity): InflatedCounter {
  if (entry.size > maxSize) throw viewListFileProblem(`The workbook's ${entry.name} is larger than a workbook's ever is`);
  const compressed = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const source = Readable.from(chunks(compressed), { objectMode: false });
  const counter = new InflatedCounter(entry, budget);
  // An error anywhere (a broken deflate stream, the counter's refusal) destroys every stage, and
  // whoever reads the counter gets it.
  const stages = entry.method === DEFLATED ? [source, createInflateRaw(), counter] : [source, counter];
  pipeline(stages, () => undefined);
  return counter;
}

function* chunks(buffer: Buffer): Generator<Buffer> {
  for (let at = 0; at < buffer.length; at += CHUNK) yield buffer.subarray(at, at + CHUNK);
}

export class InflatedCounter extends Transform {
  private count = 0;
  private crc = 0;

  constructor(
    private readonly entry: ZipEntry,
    private readonly budget: InflationBudget,
  ) {
    super();
  }

  /** How much of the entry has come out so far, of `entry.size`. */
  get inflated(): number {
    return this.count;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.count += chunk.length;
    this.budget.used += chunk.length;
    if (this.count > this.entry.size) return done(damaged(`${this.entry.name} unpacks to more than its zip directory declares`));
    if (this.budget.used > this.budget.limit) {
      return done(viewListFileProblem(`The workbook unpacks to more than ${this.budget.limit / 1024 / 1024} MB`));
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.count !== this.entry.size) return done(damaged(`${this.entry.name} unpacks to less than its zip directory declares`));
    if (this.crc !== this.entry.crc) return done(damaged(`${this.entry.name} fails its checksum`));
    done();
  }
}
