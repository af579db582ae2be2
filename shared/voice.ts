// Voice mode's own values: when a pause ends a spoken question, what counts as speech, and how long one may run.

/** A pause this long after speech ends the recording. */
export const VOICE_SILENCE_MS = 1200;
/** Sound shorter than this (a cough, a click) is not a question: listening goes on. */
export const VOICE_MIN_SPEECH_MS = 250;
/** The input's RMS level (samples in -1..1) that counts as speech in a quiet room. */
export const VOICE_MIN_LEVEL = 0.02;
/** In a noisy room, speech is at least this many times the noise floor. */
export const VOICE_NOISE_MARGIN = 3;
/** The noise floor is this low percentile of the levels of the last VOICE_FLOOR_WINDOW_MS. */
export const VOICE_FLOOR_PERCENTILE = 0.1;
export const VOICE_FLOOR_WINDOW_MS = 5000;
/** Until the levels read span this long there is no floor yet: only VOICE_MIN_LEVEL counts. */
export const VOICE_FLOOR_WARMUP_MS = 1000;
/** How often the input level is read. */
export const VOICE_LEVEL_INTERVAL_MS = 50;
/** A recording is sent when it reaches this length, paused or not. */
export const VOICE_MAX_RECORDING_MS = 120_000;
