/**
 * Rules and limits the console and the servers share, so both check the same thing: the
 * console to tell the user early, the servers because they decide.
 */

/**
 * The seeded Admin role is known by its slug, which never changes; its display name can.
 * It holds every flag (given again at each start) and may change anyone's password.
 */
export const ADMIN_ROLE_SLUG = 'admin';
/** The Admin role's display name when seeded; reserved (with its lookalikes) to that role. */
export const ADMIN_ROLE_NAME = 'Admin';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** A user photo: PNG, GIF or JPEG (recognised by content on the server), at most 2 MB. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
