// Upload limits shared by core's file store and the renderer's upload helper.

/** The app's hard limit for one file; features set lower limits of their own. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/** Bytes one files.chunk call may carry (before base64). */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/** Base64 length of a full chunk: 4 characters per 3 bytes, padded. */
export const UPLOAD_CHUNK_BASE64_CHARS = Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4;
