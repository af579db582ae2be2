// How core forwards a streamed answer to the renderer (shared so the bench's stand-in does the same).

/**
 * Core sends streamed text at most this often: the first text at once, then what came meanwhile
 * as one delta event. The renderer shows an answer at about the same pace, so a shorter interval
 * would only wake the page (and cross IPC) more often for nothing more on screen.
 */
export const CHAT_DELTA_INTERVAL_MS = 80;
