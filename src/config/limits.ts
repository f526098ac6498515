/** The largest file (or pasted text) an import takes, in bytes: the documented limit. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
export const IMPORT_MAX_MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024)
