/**
 * Every uploaded image is decoded and written anew in its own format (PNG stays PNG, JPEG JPEG,
 * GIF GIF with its frames, WebP WebP) before it is stored, so what is kept and served is only
 * pixels: bytes appended after the image (an HTML page, a script), text chunks and metadata
 * (EXIF with its GPS position, XMP, comments) are gone, and a file that only starts like an
 * image is refused, since what is shown must decode. The EXIF orientation is applied first, so
 * the picture still stands the right way up without it.
 *
 * sharp (libvips) does the work on libuv's threads, off the event loop. A file declaring more
 * than IMAGE_MAX_PIXELS (all frames together) is refused from its header, before anything is
 * decoded: a few bytes cannot ask for gigabytes.
 */
import sharp, { type FormatEnum } from 'sharp';
import { type Problem, problems } from '../http/errors.ts';
import { GIF, JPEG, PNG, WEBP, type FileKind } from './file-kinds.ts';

/** More than a 10 MB JPEG holds (a 50-megapixel photo); a PNG of 50,000×50,000 is refused. */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** Images decoded at once: each may hold up to IMAGE_MAX_PIXELS × 4 bytes while it is turned upright. */
const AT_ONCE = 2;

export const IMAGE_UNREADABLE = 'The image cannot be read';

/** What the caller's field is called, and its size limit (which the re-encoded file must meet too). */
export interface ImageRules {
  field: string;
  maxBytes: number;
  tooLarge: () => Problem;
}

const FORMATS = new Map<FileKind, keyof FormatEnum>([
  [PNG, 'png'],
  [JPEG, 'jpeg'],
  [GIF, 'gif'],
  [WEBP, 'webp'],
]);

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < AT_ONCE) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The place passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

async function reencode(content: Buffer, format: keyof FormatEnum): Promise<Buffer> {
  const animated = format === 'gif' || format === 'webp';
  // failOn 'error': a photo with a harmless flaw (a few missing bytes at the end) still shows.
  const input = sharp(content, { animated, failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS });
  const { format: found, isPalette } = await input.metadata();
  // The first bytes said one kind; the decoder must agree.
  if (found !== format) throw new Error(`decodes as ${found}`);
  const upright = input.autoOrient();
  // No keepMetadata/withMetadata: sharp writes no EXIF, XMP, ICC profile or text chunks.
  switch (format) {
    case 'png':
      return upright.png({ palette: isPalette }).toBuffer();
    case 'jpeg':
      return upright.jpeg({ quality: 90 }).toBuffer();
    case 'gif':
      return upright.gif().toBuffer();
    default:
      return upright.webp({ quality: 90 }).toBuffer();
  }
}

/** Whether the kind is an image this module re-encodes. */
export const reencodable = (kind: FileKind) => FORMATS.has(kind);

/**
 * The image decoded and encoded again in its own format, without metadata. 400 naming the
 * field when it does not decode or has too many pixels; the caller's 413 when the new file is
 * over the field's size limit.
 */
export async function reencodeImage(content: Buffer, kind: FileKind, rules: ImageRules): Promise<Buffer> {
  const format = FORMATS.get(kind);
  if (!format) throw new Error(`${kind.ext} is not an image kind`);
  let output: Buffer;
  try {
    output = await inTurn(() => reencode(content, format));
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) {
      throw problems.validation({ [rules.field]: `The image is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} million pixels` });
    }
    throw problems.validation({ [rules.field]: IMAGE_UNREADABLE });
  }
  if (output.length > rules.maxBytes) throw rules.tooLarge();
  return output;
}
