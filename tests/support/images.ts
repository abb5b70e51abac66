/** The smallest valid images of each accepted kind, built from bytes, plus files that only pretend. */
import { deflateSync } from 'node:zlib';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1×1 RGB PNG of the given colour. */
export function tinyPng(rgb: [number, number, number] = [255, 0, 0]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const scanline = Buffer.from([0, ...rgb]); // filter byte, then one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The classic 1×1 transparent GIF89a. */
export function tinyGif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
}

/**
 * A 1×1 greyscale baseline JPEG: one quantisation table, one-code DC and AC Huffman tables, and
 * a scan whose only block is "DC difference 0, end of block".
 */
export function tinyJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const oneCodeTable = (tableClassAndId: number) => [tableClassAndId, 1, ...new Array(15).fill(0), 0x00];
  return Buffer.from([
    0xff,
    0xd8, // SOI
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 "JFIF"
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]), // DQT
    ...segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]), // SOF0: 8 bit, 1×1, one component
    ...segment(0xc4, oneCodeTable(0x00)), // DHT, DC table 0
    ...segment(0xc4, oneCodeTable(0x10)), // DHT, AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    0x3f, // bits 0 (DC category 0) and 0 (EOB), padded with ones
    0xff,
    0xd9, // EOI
  ]);
}

export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n');
export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script><rect width="1" height="1"/></svg>\n',
);

/** A file that starts like a PNG and is `bytes` long. */
export function oversizedPng(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x41);
  tinyPng().copy(file, 0, 0, 8);
  return file;
}
