// The Audio tab's state: drafts of speech and music, the history from the media library, transcription.
import { markMediaDeleted } from '../common/deleted-media';
import { type SpeechFormat, type Voice } from '../../../shared/audio';
import { MAX_UPLOAD_BYTES } from '../../../shared/upload-limits';
import type { MediaItem, ServiceRetry, Transcript, UserError } from '../../../shared/types';
import { uploadFile } from '../common/upload';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';
import type { SpendingSlice } from './spending-slice';
import { musicEstimate, speechEstimate, transcriptionEstimate } from '../../../shared/estimates';
import { estimateTokens } from '../../../shared/tokens';
import type { MediaOriginChoice } from '../../../shared/studio-actions';

export type AudioMode = 'speech' | 'music' | 'transcribe';
export interface SpeechDraft {
  text: string;
  model: string;
  voice: Voice;
  format: SpeechFormat;
}

export interface MusicDraft {
  text: string;
  model: string;
  seconds: number;
}

export interface TranscribeDraft {
  model: string;
  language: string;
  /** null: follow the model (on for diarization models). */
  timestamps: boolean | null;
}

/** Where a transcription is: uploading the file, waiting for the service, or done. */
export type TranscribeStage =
  | { stage: 'idle' }
  | { stage: 'uploading'; name: string; sent: number; total: number }
  | { stage: 'transcribing'; name: string };

/** A file refused before it was sent, worded by the renderer in the user's language. */
export type AudioFileRefusal =
  { reason: 'too_large'; name: string; size: number } | { reason: 'not_audio'; name: string };

export interface AudioSlice {
  audioMode: AudioMode;
  setAudioMode(mode: AudioMode): void;
  speechDraft: SpeechDraft;
  musicDraft: MusicDraft;
  transcribeDraft: TranscribeDraft;
  setSpeechDraft(patch: Partial<SpeechDraft>): void;
  setMusicDraft(patch: Partial<MusicDraft>): void;
  setTranscribeDraft(patch: Partial<TranscribeDraft>): void;
  /** Which creation is running ('speech' or 'music'), if any. */
  audioBusy: 'speech' | 'music' | null;
  audioError: UserError | null;
  dismissAudioError(): void;
  /** Set while the client resends the running request (429, 504); cleared when it ends. */
  audioRetry: ServiceRetry | null;
  applyAudioRetry(retry: ServiceRetry): void;
  speak(): Promise<void>;
  makeMusic(): Promise<void>;

  audioItems: MediaItem[];
  audioTotal: number;
  /** Sounds made in the tab (the default) or from chats. */
  audioOrigin: MediaOriginChoice;
  setAudioOrigin(origin: MediaOriginChoice): Promise<void>;
  audioHistoryError: UserError | null;
  loadAudioHistory(): Promise<void>;
  /** The item in the player. */
  currentAudioId: string | null;
  selectAudio(id: string | null): void;
  deleteAudio(id: string): Promise<void>;

  transcribeStage: TranscribeStage;
  transcript: Transcript | null;
  transcribeError: UserError | null;
  transcribeRefusal: AudioFileRefusal | null;
  transcribeBlob(file: Blob, name: string, timestamps: boolean): Promise<void>;
  dismissTranscribeError(): void;
  /** Earlier transcripts kept by core, newest first. */
  transcripts: Transcript[];
  loadTranscripts(): Promise<void>;
  showTranscript(id: string): void;
  deleteTranscript(id: string): Promise<void>;
}

/** The recording's length as the browser reads it, for subtitles without timings; null when it cannot. */
function measureDuration(file: Blob): Promise<number | undefined> {
  if (typeof Audio === 'undefined' || typeof URL.createObjectURL !== 'function')
    return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const done = (seconds: number | undefined): void => {
      clearTimeout(timer);
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(
        seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
      );
    };
    const timer = setTimeout(() => done(undefined), 3000);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(audio.duration);
    audio.onerror = () => done(undefined);
    audio.src = url;
  });
}

const HISTORY_PAGE = 200;

/** File types a browser may claim for audio; the bytes are checked again in core. */
function claimsAudio(file: Blob, name: string): boolean {
  if (file.type.startsWith('audio/') || file.type === 'video/webm') return true;
  if (file.type !== '' && file.type !== 'application/octet-stream') return false;
  return /\.(wav|mp3|mpeg|mpga|ogg|oga|opus|flac|m4a|webm)$/i.test(name);
}

export const createAudioSlice: SliceCreator<AudioSlice, SpendingSlice> = (set, get) => {
  async function create(kind: 'speech' | 'music'): Promise<void> {
    if (get().audioBusy) return;
    const go =
      kind === 'speech'
        ? await get().askToSpend('speech', get().speechDraft.model, (model, basis) =>
            speechEstimate(model, { characters: get().speechDraft.text.length }, basis),
          )
        : await get().askToSpend('music', get().musicDraft.model, (model, basis) =>
            musicEstimate(
              model,
              {
                seconds: get().musicDraft.seconds > 0 ? get().musicDraft.seconds : null,
                promptTokens: estimateTokens(get().musicDraft.text),
              },
              basis,
            ),
          );
    if (!go) return;
    set({ audioBusy: kind, audioError: null, audioRetry: null });
    const answer =
      kind === 'speech'
        ? await invoke('audio.speak', {
            model: get().speechDraft.model,
            text: get().speechDraft.text,
            voice: get().speechDraft.voice,
            format: get().speechDraft.format,
          })
        : await invoke('audio.music', {
            model: get().musicDraft.model,
            text: get().musicDraft.text,
            seconds: get().musicDraft.seconds,
          });
    if (!answer.ok) {
      set({ audioBusy: null, audioError: answer.error, audioRetry: null });
      return;
    }
    const item = answer.data;
    set((state) => ({
      audioBusy: null,
      audioRetry: null,
      currentAudioId: item.id,
      // Made here: shown at once in the list of what the tab made.
      ...(state.audioOrigin === 'made'
        ? {
            audioItems: [item, ...state.audioItems.filter((i) => i.id !== item.id)],
            audioTotal: state.audioTotal + 1,
          }
        : {}),
    }));
  }

  return {
    audioMode: 'speech',
    setAudioMode: (mode) => set({ audioMode: mode }),
    speechDraft: { text: '', model: '', voice: 'alloy', format: 'mp3' },
    musicDraft: { text: '', model: '', seconds: 10 },
    transcribeDraft: { model: '', language: '', timestamps: null },
    setSpeechDraft: (patch) => set((s) => ({ speechDraft: { ...s.speechDraft, ...patch } })),
    setMusicDraft: (patch) => set((s) => ({ musicDraft: { ...s.musicDraft, ...patch } })),
    setTranscribeDraft: (patch) =>
      set((s) => ({ transcribeDraft: { ...s.transcribeDraft, ...patch } })),
    audioBusy: null,
    audioError: null,
    dismissAudioError: () => set({ audioError: null }),
    audioRetry: null,
    applyAudioRetry: (retry) => {
      if (get().audioBusy !== null || get().transcribeStage.stage === 'transcribing')
        set({ audioRetry: retry });
    },
    speak: () => create('speech'),
    makeMusic: () => create('music'),

    audioItems: [],
    audioTotal: 0,
    audioOrigin: 'made',
    setAudioOrigin: async (origin) => {
      if (origin === get().audioOrigin) return;
      set({ audioOrigin: origin, audioItems: [], audioTotal: 0 });
      await get().loadAudioHistory();
    },
    audioHistoryError: null,
    loadAudioHistory: async () => {
      const origin = get().audioOrigin;
      const answer = await invoke('media.list', { kind: 'audio', origin, limit: HISTORY_PAGE });
      if (origin !== get().audioOrigin) return;
      if (!answer.ok) {
        set({ audioHistoryError: answer.error });
        return;
      }
      set((state) => ({
        audioItems: answer.data.items,
        audioTotal: answer.data.total,
        audioHistoryError: null,
        currentAudioId:
          state.currentAudioId && answer.data.items.some((i) => i.id === state.currentAudioId)
            ? state.currentAudioId
            : (answer.data.items[0]?.id ?? null),
      }));
    },
    currentAudioId: null,
    selectAudio: (id) => set({ currentAudioId: id }),
    deleteAudio: async (id) => {
      const answer = await invoke('media.delete', { id });
      if (!answer.ok) {
        set({ audioHistoryError: answer.error });
        return;
      }
      markMediaDeleted(id);
      set((state) => {
        const audioItems = state.audioItems.filter((i) => i.id !== id);
        return {
          audioItems,
          audioTotal: Math.max(0, state.audioTotal - 1),
          currentAudioId:
            state.currentAudioId === id ? (audioItems[0]?.id ?? null) : state.currentAudioId,
        };
      });
    },

    transcribeStage: { stage: 'idle' },
    transcript: null,
    transcribeError: null,
    transcribeRefusal: null,
    dismissTranscribeError: () => set({ transcribeError: null, transcribeRefusal: null }),
    transcribeBlob: async (file, name, timestamps) => {
      if (get().transcribeStage.stage !== 'idle') return;
      set({ transcribeError: null, transcribeRefusal: null });
      // Refused here, before a byte is sent: over Atelier's own upload limit (the document states
      // no size for transcription, so the service judges any other), or plainly not audio.
      if (file.size > MAX_UPLOAD_BYTES) {
        set({ transcribeRefusal: { reason: 'too_large', name, size: file.size } });
        return;
      }
      if (!claimsAudio(file, name)) {
        set({ transcribeRefusal: { reason: 'not_audio', name } });
        return;
      }
      const duration = await measureDuration(file);
      const go = await get().askToSpend(
        'transcription',
        get().transcribeDraft.model,
        (model, basis) =>
          duration === undefined
            ? null
            : transcriptionEstimate(model, { seconds: duration }, basis),
      );
      if (!go) return;
      set({ transcribeStage: { stage: 'uploading', name, sent: 0, total: file.size } });
      const uploaded = await uploadFile(file, {
        name,
        onProgress: (sent, total) =>
          set({ transcribeStage: { stage: 'uploading', name, sent, total } }),
      });
      if (!uploaded.ok) {
        set({ transcribeStage: { stage: 'idle' }, transcribeError: uploaded.error });
        return;
      }
      set({ transcribeStage: { stage: 'transcribing', name }, audioRetry: null });
      const { model, language } = get().transcribeDraft;
      const answer = await invoke('audio.transcribe', {
        fileId: uploaded.data.fileId,
        model,
        timestamps,
        ...(duration !== undefined ? { duration } : {}),
        ...(language.trim() !== '' ? { language: language.trim() } : {}),
      });
      if (!answer.ok) {
        set({
          transcribeStage: { stage: 'idle' },
          transcribeError: answer.error,
          audioRetry: null,
        });
        return;
      }
      set((state) => ({
        transcribeStage: { stage: 'idle' },
        transcript: answer.data,
        transcripts: [answer.data, ...state.transcripts.filter((x) => x.id !== answer.data.id)],
        audioRetry: null,
      }));
    },

    transcripts: [],
    loadTranscripts: async () => {
      let answer = await invoke('audio.transcripts', {});
      // A page still connecting may lose its first call: asked again a few times before giving up.
      for (let attempt = 1; !answer.ok && answer.error.retryable && attempt <= 3; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
        answer = await invoke('audio.transcripts', {});
      }
      if (!answer.ok) {
        set({ transcribeError: answer.error });
        return;
      }
      set((state) => ({
        transcripts: answer.data,
        // After a reload the newest transcript is shown again, as it was before.
        transcript: state.transcript ?? answer.data[0] ?? null,
      }));
    },
    showTranscript: (id) =>
      set((state) => ({
        transcript: state.transcripts.find((x) => x.id === id) ?? state.transcript,
      })),
    deleteTranscript: async (id) => {
      const answer = await invoke('audio.deleteTranscript', { id });
      if (!answer.ok) {
        set({ transcribeError: answer.error });
        return;
      }
      set((state) => {
        const transcripts = state.transcripts.filter((x) => x.id !== id);
        return {
          transcripts,
          transcript: state.transcript?.id === id ? (transcripts[0] ?? null) : state.transcript,
        };
      });
    },
  };
};
