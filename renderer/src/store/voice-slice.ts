// Voice mode's state as the screen shows it: the phase in words, why it stopped, and how many replies have played.
import type { UserError } from '../../../shared/types';
import type { SliceCreator } from './slice';

export type VoicePhase =
  'off' | 'starting' | 'listening' | 'transcribing' | 'thinking' | 'speaking';

export type VoiceProblemKind =
  | 'no-microphone'
  | 'microphone-refused'
  | 'microphone'
  | 'no-transcription-model'
  | 'no-speech-model'
  | 'service'
  | 'playback';

export interface VoiceProblemView {
  kind: VoiceProblemKind;
  /** The browser's words, for a microphone or playback problem. */
  reason: string;
  /** The service's refusal (or Atelier's finding) for a 'service' problem. */
  error?: UserError;
}

export interface VoiceState {
  phase: VoicePhase;
  problem: VoiceProblemView | null;
  /** Replies read aloud to their end since voice mode was turned on. */
  repliesPlayed: number;
  /** Sentences played to their end since voice mode was turned on. */
  sentencesPlayed: number;
  /** The conversation the rounds go to (null until the first turn makes one). */
  conversationId: string | null;
}

export interface VoiceSlice {
  voice: VoiceState;
  setVoice(patch: Partial<VoiceState>): void;
}

export const VOICE_OFF: VoiceState = {
  phase: 'off',
  problem: null,
  repliesPlayed: 0,
  sentencesPlayed: 0,
  conversationId: null,
};

export const createVoiceSlice: SliceCreator<VoiceSlice> = (set) => ({
  voice: VOICE_OFF,
  setVoice: (patch) => set((s) => ({ voice: { ...s.voice, ...patch } })),
});
