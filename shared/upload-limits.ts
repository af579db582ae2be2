// Upload limits shared by core's file store and the renderer's upload helper.

/** The app's hard limit for one file; features set lower limits of their own. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/**
 * Bytes one files.chunk call may carry. Small enough that reading and sending one chunk stays a
 * short task on the page (a 1 MiB chunk took 40 to 80 ms of its main thread in the bench).
 */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;
