/** The bodies and answers of the replication routes, as CouchDB's replication protocol shapes them. */
const anyObject = { type: 'object', additionalProperties: true } as const;
const revList = { type: 'array', items: { type: 'string', maxLength: 80 }, maxItems: 1000 } as const;

export const databaseParams = {
  type: 'object',
  required: ['db'],
  properties: { db: { type: 'string', maxLength: 80 } },
} as const;

export const localParams = {
  type: 'object',
  required: ['db', 'id'],
  properties: { db: { type: 'string', maxLength: 80 }, id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const serverInfo = {
  type: 'object',
  properties: { couchdb: { type: 'string' }, uuid: { type: 'string' }, version: { type: 'string' }, vendor: anyObject },
} as const;

export const databaseInfo = {
  type: 'object',
  properties: {
    db_name: { type: 'string' },
    doc_count: { type: 'integer' },
    doc_del_count: { type: 'integer' },
    update_seq: { type: 'integer' },
    instance_start_time: { type: 'string' },
  },
} as const;

export const changesQuery = {
  type: 'object',
  properties: {
    // Query values arrive as text: numbers are read by the handler.
    since: { type: 'string', pattern: '^(now|[0-9]{1,15})$', default: '0' },
    limit: { type: 'string', pattern: '^[1-9][0-9]{0,3}$', default: '1000' },
    style: { type: 'string', enum: ['main_only', 'all_docs'], default: 'main_only' },
    feed: { type: 'string', enum: ['normal', 'longpoll'], default: 'normal' },
    // longpoll: how long to wait for a change (ms) when there is none yet; heartbeat stands in for it.
    timeout: { type: 'string', pattern: '^[0-9]{1,7}$' },
    heartbeat: { type: 'string', pattern: '^([0-9]{1,7}|true)$' },
  },
  additionalProperties: true,
} as const;

export const changesAnswer = {
  type: 'object',
  properties: {
    results: { type: 'array', items: anyObject },
    last_seq: { type: 'integer' },
    pending: { type: 'integer' },
  },
} as const;

export const revsDiffBody = { type: 'object', additionalProperties: revList, maxProperties: 1000 } as const;

export const bulkGetBody = {
  type: 'object',
  required: ['docs'],
  properties: {
    docs: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string', minLength: 1, maxLength: 200 }, rev: { type: 'string', maxLength: 80 } },
      },
    },
  },
} as const;

export const bulkGetAnswer = { type: 'object', properties: { results: { type: 'array', items: anyObject } } } as const;

export const localDocument = anyObject;

export const localWritten = {
  type: 'object',
  properties: { ok: { type: 'boolean' }, id: { type: 'string' }, rev: { type: 'string' } },
} as const;

export const revsDiffAnswer = anyObject;

export const databaseSummary = {
  type: 'object',
  properties: {
    db: { type: 'string' },
    doc_count: { type: 'integer' },
    doc_del_count: { type: 'integer' },
    update_seq: { type: 'integer' },
    size: { type: 'integer', description: 'Bytes of JSON a device pulling it afresh receives' },
    built_at: { type: ['string', 'null'], format: 'date-time' },
    written: { type: 'integer', description: 'New revisions the last build wrote' },
    deleted: { type: 'integer', description: 'Deletions the last build wrote' },
  },
} as const;

export const viewListSync = {
  type: 'object',
  properties: { databases: { type: 'array', items: { type: 'string' }, description: 'The program databases built again' } },
} as const;

export const bulkDocsBody = {
  type: 'object',
  required: ['docs'],
  properties: {
    // Replicated revisions only: a device's own edits travel with their history.
    new_edits: { type: 'boolean', const: false },
    docs: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        required: ['_id', '_rev'],
        properties: {
          _id: { type: 'string', minLength: 1, maxLength: 200 },
          _rev: { type: 'string', maxLength: 80 },
          _revisions: {
            type: 'object',
            required: ['start', 'ids'],
            properties: {
              start: { type: 'integer', minimum: 1 },
              ids: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 64 } },
            },
          },
        },
      },
    },
  },
} as const;

export const bulkDocsAnswer = {
  type: 'array',
  items: {
    type: 'object',
    properties: { id: { type: 'string' }, rev: { type: 'string' }, error: { type: 'string' }, reason: { type: 'string' } },
  },
} as const;

export const addedUser = {
  type: 'object',
  properties: {
    db: { type: 'string', description: "The user's documents database" },
    programs: { type: 'array', items: { type: 'string' }, description: 'The program databases their device pulls' },
  },
} as const;

export const compacted = {
  type: 'object',
  properties: { db: { type: 'string' }, revisions_removed: { type: 'integer' }, bytes_freed: { type: 'integer' } },
} as const;

export const conflictsQuery = {
  type: 'object',
  required: ['program_id'],
  properties: { program_id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const conflictList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      local_id: { type: 'string' },
      document_id: { type: 'string' },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      versions: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            rev: { type: 'string' },
            current: { type: 'boolean' },
            form_revision_id: { type: 'string' },
            form_data: anyObject,
          },
        },
      },
    },
  },
} as const;

export const keepParams = {
  type: 'object',
  required: ['local_id'],
  properties: { local_id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const keepBody = {
  type: 'object',
  required: ['rev'],
  additionalProperties: false,
  properties: { rev: { type: 'string', maxLength: 80, pattern: '^[1-9][0-9]{0,8}-[0-9a-zA-Z]{1,64}$' } },
} as const;

export const kept = { type: 'object', properties: { local_id: { type: 'string' }, rev: { type: 'string' } } } as const;
