/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/change.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * One row of the change log: a write (or a refused attempt worth knowing) with who made it, from where, and each field it changed before and after. Secrets show only "[redacted]".
 */
export interface Change {
  /**
   * Its place in the log (global, increasing in commit order)
   */
  seq: string;
  at: string;
  /**
   * The resource's name (role, program, document…), or the event's subject (session, export)
   */
  resource: string;
  record_id: string | null;
  /**
   * The record's own count of changes; none for a refused attempt
   */
  revision: number | null;
  /**
   * create, update, delete, or a named action (publish, lock, sign-in, refused…)
   */
  action: string;
  actor_id: string | null;
  /**
   * As it was when the change was made
   */
  actor_email: string | null;
  /**
   * The role's slug as it was when the change was made
   */
  actor_role: string | null;
  session_id: string | null;
  client: 'console' | 'mobile' | null;
  address: string | null;
  request_id: string | null;
  program_id: string | null;
  /**
   * The program's name now (null when the change names no program, or the program is gone)
   */
  program_name: string | null;
  /**
   * Each changed field: [before, after]
   */
  fields: {
    /**
     * @minItems 2
     * @maxItems 2
     */
    [k: string]: [unknown, unknown];
  };
}
