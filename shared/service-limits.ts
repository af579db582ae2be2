// What Atelier allows a service answer: how long it may stay silent, and how large it may grow.

/**
 * From sending a request to its answer's headers. Five minutes: a picture, 600 s of music or a
 * long PDF's OCR answers only once the work is done, which takes minutes, and a model on a cold
 * start sends nothing until it is loaded (the service warns that models cold-start).
 */
export const ANSWER_FIRST_BYTE_MS = 300_000;

/**
 * Between two pieces of an answer's body, the headers counting as the first (a stream, a JSON
 * answer, a download, and a body whose decoding stalls). Two minutes: once a body has begun, its
 * bytes keep coming unless something is wrong, but a reasoning model may think that long before
 * its first text, and some providers send nothing meanwhile.
 */
export const ANSWER_IDLE_MS = 120_000;

const MiB = 1024 * 1024;

/**
 * The most bytes read of one answer body, by what it holds. Each is read with a running count
 * and refused as soon as it is passed; the rest is never read.
 */
export const ANSWER_MAX_BYTES = {
  /** The model list, balance, embeddings, decisions, a whole chat answer, job states. */
  json: 32 * MiB,
  /** A picture, as bytes or as base64 in JSON: a 50 MP picture (the most accepted) as PNG. */
  image: 128 * MiB,
  /** Speech and music: 600 s of music (the longest asked for) is 106 MB of 44.1 kHz stereo WAV; room for 48 kHz 24-bit (166 MB). */
  audio: 192 * MiB,
  /** A finished video: 600 s (the longest asked for) at 7 Mbit/s, above the bit rate of 1080p clips. */
  video: 512 * MiB,
  /** A document's text and OCR pages with their images as base64, of a 200 MB upload. */
  document: 256 * MiB,
  /** A failed answer is read only for its words: an error body longer than this is no message. */
  error: 64 * 1024,
} as const;

/**
 * The most text one streamed chat answer may bring (content, reasoning and tool-call pieces, in
 * characters). The longest real answers (100k-token outputs) are about half a million
 * characters; past this the answer ends with what arrived, and says it was cut here.
 */
export const CHAT_ANSWER_MAX_CHARS = 4 * MiB;

/**
 * The longest line (and event) of a server-sent-events stream, in characters. A real line is one
 * small JSON delta; even an answer sent whole as one event fits. Past it the stream ends.
 */
export const SSE_LINE_MAX_CHARS = 4 * MiB;
