/** The OpenAPI and validation schemas of the view-list routes; a list is answered by its schema (`$ref: 'view-list'`). */
import { listQuerySchema } from '../crud/list-params.ts';
import { VIEW_LIST_MAX_BYTES } from './limits.ts';

/** The longest name a list may have. */
export const NAME_MAX = 120;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The upload of a new list (name and file required) or of a change to one (either). */
export const multipartBody = (fileRequired: boolean) => ({
  type: 'object',
  required: fileRequired ? ['name', 'excel_file'] : [],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: NAME_MAX },
    excel_file: {
      type: 'string',
      format: 'binary',
      description: `An Excel workbook (.xlsx, first sheet) or a CSV file, told by its content, at most ${VIEW_LIST_MAX_BYTES / 1024 / 1024} MB; the first row is the header`,
    },
    import_id: {
      type: 'string',
      format: 'uuid',
      description: 'A new UUID of your own: GET /listview/import/{import_id} then tells how the file is being read',
    },
  },
});

export const importParams = {
  type: 'object',
  required: ['import_id'],
  properties: { import_id: { type: 'string', maxLength: 64 } },
};

export const importSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['import_id', 'status', 'rows_read', 'fraction'],
  properties: {
    import_id: { type: 'string' },
    status: {
      type: 'string',
      enum: ['queued', 'reading', 'done', 'failed'],
      description: 'queued: waiting for other imports to finish; reading; done; failed (see message)',
    },
    rows_read: { type: 'integer', description: 'Rows read and written so far' },
    fraction: { type: 'number', minimum: 0, maximum: 1, description: 'How much of the file has been read' },
    message: { type: 'string', description: 'Why the file was refused' },
    view_list_id: { type: 'string', description: 'The list made or replaced, once done' },
  },
};

export const rowsQuery = {
  ...listQuerySchema,
  properties: {
    ...listQuerySchema.properties,
    q: { type: 'string', maxLength: 200, description: 'Text a row must contain (the same as filter={"q":...})' },
  },
};

export const rowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'label', 'cells'],
  properties: {
    _id: {
      type: 'string',
      description: 'The row number, from 1 under the header',
    },
    label: { type: 'string', description: 'The first cell' },
    cells: { type: 'array', items: { type: 'string' } },
  },
};
