/** The smallest valid images of each accepted kind, built from bytes, plus files that only pretend. */
import { png } from '../../server/uploads/png-writer.ts';

/** A 1×1 RGB PNG of the given colour. */
export const tinyPng = (rgb: [number, number, number] = [255, 0, 0]): Buffer => png(1, 1, () => rgb);

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
