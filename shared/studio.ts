// The models and voice the chat's studio actions use (Read aloud, Illustrate, Animate, voice mode), chosen once in Settings.
import { VOICES, type Voice } from './audio';

/** Each is a model id, or '' for the default of the list in use (shared/model-defaults.ts). */
export interface StudioChoices {
  /** A `tts-` model for Read aloud and voice mode's replies. */
  speechModel: string;
  speechVoice: Voice;
  /** The image model Illustrate uses. */
  pictureModel: string;
  /** The image-to-video model Animate uses. */
  videoModel: string;
  /** The `stt-` model voice mode transcribes with. */
  transcribeModel: string;
}

export const DEFAULT_STUDIO_CHOICES: StudioChoices = {
  speechModel: '',
  speechVoice: 'alloy',
  pictureModel: '',
  videoModel: '',
  transcribeModel: '',
};

/** A model id as settings keep it: trimmed, at most this long. */
export const STUDIO_MODEL_MAX_CHARS = 200;

/** Keeps what is valid in a stored value, defaults for the rest. */
export function studioChoicesOf(value: unknown): StudioChoices {
  const o = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<
    string,
    unknown
  >;
  const model = (v: unknown): string =>
    typeof v === 'string' ? v.trim().slice(0, STUDIO_MODEL_MAX_CHARS) : '';
  return {
    speechModel: model(o.speechModel),
    speechVoice: VOICES.includes(o.speechVoice as Voice)
      ? (o.speechVoice as Voice)
      : DEFAULT_STUDIO_CHOICES.speechVoice,
    pictureModel: model(o.pictureModel),
    videoModel: model(o.videoModel),
    transcribeModel: model(o.transcribeModel),
  };
}
