/**
 * Reading a view list's upload from the request (multipart: `name`, `excel_file`, optionally
 * `import_id`), within the limits the scope's @fastify/multipart was registered with, and
 * checking its fields; the file's kind is told by its content.
 */
import type { FastifyRequest } from 'fastify';
import { trimText } from '@model/trim-text.ts';
import { problems } from '../http/errors.ts';
import { readMultipartForm } from '../uploads/multipart-form.ts';
import { fileKind, type FileKind } from './file-kind.ts';
import { VIEW_LIST_MAX_BYTES } from './limits.ts';
import { NAME_MAX } from './view-list-schemas.ts';

export interface Upload {
  name?: string;
  file?: { content: Buffer; filename: string; kind: FileKind };
  /** The console's own id for the import, to follow its progress with. */
  importId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fileTooLarge = () => problems.listFileTooLarge(VIEW_LIST_MAX_BYTES);

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart())
    throw problems.badRequest('Send the view list as multipart/form-data', {
      excel_file: 'File field required',
    });
  const form = await readMultipartForm(request, { fileField: 'excel_file', fields: ['name', 'import_id'], fileTooLarge });
  const upload: Upload = {};
  if (form.file) upload.file = { ...form.file, kind: fileKind(form.file.content) };
  if (form.fields.name !== undefined) upload.name = trimText(form.fields.name);
  if (form.fields.import_id !== undefined) upload.importId = form.fields.import_id.trim();
  if (upload.name !== undefined) {
    if (!upload.name) throw problems.validation({ name: 'Name field required' });
    if (upload.name.length > NAME_MAX)
      throw problems.validation({
        name: `Name must be at most ${NAME_MAX} characters`,
      });
  }
  if (upload.importId !== undefined && !UUID.test(upload.importId)) {
    throw problems.validation({ import_id: 'A UUID such as 3f2b8c1e-9a4d-4e6f-8b2a-1c5d7e9f0a3b' });
  }
  return upload;
}
