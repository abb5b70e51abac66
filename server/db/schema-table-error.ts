/**
 * The schemas and the database disagree in a way start cannot resolve by itself (a table that
 * no longer matches its schema, a property no column can hold, tables that refer to each other
 * in a circle). The message says what differs and what to do; it is printed as is, without a
 * stack, and the start stops before any server listens.
 */
export class SchemaTableError extends Error {
  override name = 'SchemaTableError';
}
