/**
 * Reads a multipart/form-data form of text fields and one file, as the upload routes take them
 * (a permission file's `name` and `file`). The file part is read into memory within the limits
 * the scope's @fastify/multipart was registered with; what the reading fails on is answered as
 * the catalogue says: too large (the caller's own 413 naming the field), too many parts, or a
 * body that is not multipart at all.
 */
import type { FastifyRequest } from 'fastify';
import { Problem, problems } from '../http/errors.ts';

export interface FormUpload {
  /** The text fields of `fields` that were sent, as sent. */
  fields: Record<string, string>;
  /** The first non-empty file sent in the file field. */
  file?: { content: Buffer; filename: string };
}

export interface FormShape {
  fileField: string;
  fields: readonly string[];
  /** The answer for a file over the size limit. */
  fileTooLarge: () => Problem;
}

/** What reading an upload failed on, in the catalogue's words. */
export function multipartProblem(err: unknown, field: string, fileTooLarge: () => Problem): Problem {
  if (err instanceof Problem) return err;
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  // More files, fields or parts than the form has, or a body over the route's limit.
  if (statusCode === 413) return problems.tooLarge();
  return problems.badUpload(field);
}

export async function readMultipartForm(request: FastifyRequest, shape: FormShape): Promise<FormUpload> {
  if (!request.isMultipart())
    throw problems.badRequest('Send the form as multipart/form-data', { [shape.fileField]: 'File field required' });
  const upload: FormUpload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read whatever the part holds (the stream must be drained); only the first file of the field is kept.
        const content = await part.toBuffer();
        if (part.fieldname === shape.fileField && !upload.file && content.length) upload.file = { content, filename: part.filename };
      } else if (shape.fields.includes(part.fieldname) && typeof part.value === 'string' && !(part.fieldname in upload.fields)) {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartProblem(err, shape.fileField, shape.fileTooLarge);
  }
  return upload;
}
