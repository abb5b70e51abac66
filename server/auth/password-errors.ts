/** What the routes that set a password refuse with, for their `config.errors` (server/http/error-declaration.ts). */

/** A new password: typed twice alike, and strong enough (passwords.ts). */
export const PASSWORD_RULES = ['PASSWORD_MISMATCH', 'WEAK_PASSWORD'];
/** Checking one's own current password counts, locks and slows down like a failed sign-in. */
export const OWN_PASSWORD = { 400: ['CURRENT_PASSWORD_REQUIRED', 'CURRENT_PASSWORD_WRONG'], 423: ['ACCOUNT_LOCKED'] };
