/** Largest value of one preference, as JSON text (a table's columns and its saved views fit easily). */
export const PREFERENCE_MAX_BYTES = 16 * 1024;
/** Most preferences one person may keep; a key past it is refused rather than growing the table unbounded. */
export const PREFERENCE_MAX_KEYS = 200;
/** A preference key: letters, digits and `._:/-`, up to 80 characters, as the table's check says (below the router's longest path parameter, 100). */
export const PREFERENCE_KEY = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,79}$/;
