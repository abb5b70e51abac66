/** Hand-built multipart/form-data bodies for `app.inject` (no form-data library needed). */
import { randomBytes } from 'node:crypto';

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  content: Buffer;
}
export interface FieldPart {
  name: string;
  value: string;
}

export function multipart(parts: Array<FilePart | FieldPart>): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----fieldbase-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A body with one file in the field the photo route reads. */
export const photoUpload = (content: Buffer, filename = 'photo.png', contentType = 'image/png') =>
  multipart([{ name: 'photo', filename, contentType, content }]);
