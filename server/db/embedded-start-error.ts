/** A start of the embedded PostgreSQL that cannot go on: the message says what to change. */
export class EmbeddedStartError extends Error {}
