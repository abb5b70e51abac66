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
} as const;
