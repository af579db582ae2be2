// How core forwards a streamed answer to the renderer (shared so the bench's stand-in does the same).

/** Core holds streamed text at most this long and sends what came meanwhile as one delta event. */
export const CHAT_DELTA_INTERVAL_MS = 24;
