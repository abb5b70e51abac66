/** The smallest valid images of each accepted kind, built from bytes, plus files that only pretend. */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { png, pngChunk } from '../../server/uploads/png-writer.ts';

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

/** A valid PNG made `bytes` long by padding after its end, which decoders skip. */
export function paddedPng(bytes: number): Buffer {
  const image = tinyPng();
  return Buffer.concat([image, Buffer.alloc(bytes - image.length, 0x20)]);
}

/** A file that starts like a PNG and is `bytes` long (it decodes to nothing). */
export function oversizedPng(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x41);
  tinyPng().copy(file, 0, 0, 8);
  return file;
}

/** A `width`×`height` PNG of two colours (left half red, right half blue), so a turn shows. */
export const twoColourPng = (width: number, height: number): Buffer =>
  png(width, height, (x) => (x < width / 2 ? [255, 0, 0] : [0, 0, 255]));

/** The PNG with a tEXt chunk (keyword, text) before its IEND: metadata a decoder skips. */
export function pngWithText(image: Buffer, keyword: string, text: string): Buffer {
  const iend = image.length - 12;
  const textChunk = pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]));
  return Buffer.concat([image.subarray(0, iend), textChunk, image.subarray(iend)]);
}

/**
 * A "decompression bomb": a few hundred bytes of PNG whose header declares width × height
 * (50,000 × 50,000 is 2.5 billion pixels, 7.5 GB decoded), with a little of its pixel data.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const someRows = deflateSync(Buffer.alloc(4 * (1 + width * 3)));
  const signature = tinyPng().subarray(0, 8);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', someRows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Right magic bytes, then garbage: a "PNG" nothing can decode. */
export const brokenPng = (): Buffer =>
  Buffer.concat([tinyPng().subarray(0, 8), Buffer.from('this is not a PNG at all, only its first bytes are')]);

/**
 * A 4×2 JPEG whose EXIF holds a GPS position (N 51°30′, W 0°7′), a description and the
 * orientation "turn 90° clockwise" (6): shown upright, it is 2×4.
 */
export function jpegWithGps(): Promise<Buffer> {
  return sharp(twoColourPng(4, 2))
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: 'home-of-the-respondent' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small real WebP (lossless) of the given size. */
export const webpImage = (width = 3, height = 2): Promise<Buffer> => sharp(twoColourPng(width, height)).webp({ lossless: true }).toBuffer();

/** A three-frame animated GIF, 4×4 each. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (rgb: [number, number, number]) => png(4, 4, () => rgb);
  return sharp([frame([255, 0, 0]), frame([0, 255, 0]), frame([0, 0, 255])], { join: { animated: true } })
    .gif({ delay: 100, loop: 0 })
    .toBuffer();
}

/** A PDF that runs a script when it is opened (its /OpenAction). */
export const PDF_WITH_SCRIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(document.cookie\\)) >> >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
