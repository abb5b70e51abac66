/** Limits of a document's fields that the server checks and the console's inputs allow alike. */

/** The longest `local_id` (the app's own id of a document), and so the longest id one may search for. */
export const LOCAL_ID_MAX = 200;
