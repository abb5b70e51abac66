/**
 * What an uploaded file is, told by its first bytes: never by its name or the type the client
 * declared, which anyone can set. Photos accept the images; permission files a PDF as well;
 * document attachments WebP too. An image is then decoded and written anew (image-reencode.ts).
 */
export interface FileKind {
  ext: string;
  contentType: string;
  image: boolean;
  /** The file's first bytes. */
  signature: number[];
}

export const PNG: FileKind = {
  ext: 'png',
  contentType: 'image/png',
  image: true,
  signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};
// GIF8 (7a or 9a follows).
export const GIF: FileKind = { ext: 'gif', contentType: 'image/gif', image: true, signature: [0x47, 0x49, 0x46, 0x38] };
export const JPEG: FileKind = { ext: 'jpg', contentType: 'image/jpeg', image: true, signature: [0xff, 0xd8, 0xff] };
// %PDF-
export const PDF: FileKind = { ext: 'pdf', contentType: 'application/pdf', image: false, signature: [0x25, 0x50, 0x44, 0x46, 0x2d] };

/** RIFF....WEBP: the four bytes after the RIFF size say what the container holds (fileKindOf checks them). */
export const WEBP: FileKind = { ext: 'webp', contentType: 'image/webp', image: true, signature: [0x52, 0x49, 0x46, 0x46] };
const isWebp = (content: Buffer) => content.length >= 12 && content.subarray(8, 12).toString('latin1') === 'WEBP';

export const IMAGE_KINDS: readonly FileKind[] = [PNG, GIF, JPEG];

/** The kind among `accepted` whose signature the content starts with. */
export function fileKindOf(content: Buffer, accepted: readonly FileKind[]): FileKind | undefined {
  const kind = accepted.find((candidate) => candidate.signature.every((byte, i) => content[i] === byte));
  return kind === WEBP && !isWebp(content) ? undefined : kind;
}

/** The kind a stored file's name says (its extension, as storeFile wrote it). */
export function storedKind(relativePath: string, accepted: readonly FileKind[]): FileKind | undefined {
  const ext = relativePath.slice(relativePath.lastIndexOf('.') + 1);
  return accepted.find((kind) => kind.ext === ext);
}
