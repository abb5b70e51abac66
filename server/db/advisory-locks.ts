/**
 * Every fixed advisory-lock key, in one list, so that no two locks share a number (two that did
 * once made a deactivation and another edit of the same user deadlock). Locks keyed by a name
 * (`hashtext('programs.name')`) stay beside their use.
 */
export const ADVISORY_LOCKS = {
  /** Serialises concurrent starts (auth and api as two processes): one migrates and seeds at a time. */
  startup: 7_301_2026,
  /** Held from a write's change rows to its commit, so the change log's seq follows commit order. */
  changeOrder: 7_301_2027,
  /** Serialises changes that could leave no role able to edit roles. */
  roleEditors: 7_301_2028,
  /** With the database's name: held by a write to an offline database, so its seq follows commit order. */
  syncWrite: 7_301_2029,
  /** Held (session-wide) by the one process following the change log for the offline databases. */
  syncFollow: 7_301_2030,
  /**
   * Held (session-wide) while a process starts pg-boss and creates its queues: two instances
   * creating the same queues at once deadlocked in pg-boss's DDL, and one failed to start.
   */
  jobsStart: 7_301_2031,
} as const;
