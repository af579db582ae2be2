// What the audio endpoints accept, declared once for the channel schemas and the Audio tab.

/** The voices of /audio/speech. */
export const VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export type Voice = (typeof VOICES)[number];

/**
 * The speech formats offered. The document names `wav` as one "other audio format" beside the
 * default; these are the convention's own list for its speech endpoint, and the service judges
 * each (music is always WAV).
 */
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/**
 * Raw PCM has no header, so Atelier keeps it inside a WAV header to play and save it, read as the
 * convention describes its pcm answer: 24 kHz, 16-bit signed little-endian, one channel.
 */
export const PCM_SPEECH = { sampleRate: 24_000, bitsPerSample: 16, channels: 1 } as const;

/**
 * Past this many characters the Speech form says the text is long (the convention's speech
 * endpoint takes up to 4,096); the request still goes, and the service says if it is too long.
 */
export const SPEECH_LONG_CHARS = 4096;
/** A transcription language is a short code such as "en" or "pt-BR". */
export const TRANSCRIBE_LANGUAGE_MAX_CHARS = 20;
