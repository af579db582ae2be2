// What the audio endpoints accept, declared once for the channel schemas and the Audio tab.
import { ATTACHMENT_LIMITS } from './attachments';

/** The voices of /audio/speech. */
export const VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export type Voice = (typeof VOICES)[number];

export const SPEECH_FORMATS = ['mp3', 'wav'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/** The longest text one speech request takes. */
export const SPEECH_MAX_CHARS = 4096;
/** The longest description of a piece of music. */
export const MUSIC_PROMPT_MAX_CHARS = 4000;
/** The length a person may ask of a piece of music, in seconds. */
export const MUSIC_SECONDS = { min: 1, max: 600 } as const;
/** A transcription language is a short code such as "en" or "pt-BR". */
export const TRANSCRIBE_LANGUAGE_MAX_CHARS = 20;
/** An audio file larger than this is refused before it is uploaded for transcription. */
export const TRANSCRIBE_MAX_BYTES = ATTACHMENT_LIMITS.audio;
