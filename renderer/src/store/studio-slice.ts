// The chat's studio: Read aloud, Illustrate and Animate on a message, each through the spend question first, and the media made from chats found again by the message they name.
import { DEFAULT_STUDIO_CHOICES } from '../../../shared/studio';
import {
  animateRatio,
  animationPrompt,
  illustrationPrompt,
  illustrationShape,
  readAloudText,
  studioModel,
  type StudioTask,
} from '../../../shared/studio-actions';
import { imageEstimate, speechEstimate, videoEstimate } from '../../../shared/estimates';
import { estimateTokens } from '../../../shared/tokens';
import type { MediaItem, MediaKind, UserError } from '../../../shared/types';
import { invoke, subscribe } from '../platform';
import { localKey } from './local-key';
import type { ModelsSlice } from './models-slice';
import type { SettingsSlice } from './settings-slice';
import type { SliceCreator } from './slice';
import type { SpendingSlice } from './spending-slice';
import type { VideoSlice } from './video-slice';

export type StudioAction = 'speech' | 'picture' | 'video';

/** A message of a conversation: where the media made from it link back to. */
export interface ChatPlace {
  conversationId: string;
  messageId: string;
}

/** A picture shown in a message that can become the first frame of a video. */
export interface ChatPicture {
  mediaId: string;
  width: number | null;
  height: number | null;
  title: string;
}

export interface StudioSlice {
  /** The open conversation's media made from its messages, by the message they name. */
  chatMedia: Record<string, MediaItem[]>;
  /** The actions running, by message id. */
  studioBusy: Record<string, StudioAction>;
  /** The last action's failure, by message id, until dismissed or tried again. */
  studioErrors: Record<string, UserError>;
  /**
   * Reads this conversation's media (made from its messages), and follows the library and the
   * video jobs from then on; another conversation's call reads that one's instead.
   */
  watchChatMedia(conversationId: string): void;
  dismissStudioError(messageId: string): void;
  readAloud(place: ChatPlace, markdown: string): Promise<void>;
  illustrate(place: ChatPlace, text: string): Promise<void>;
  animate(place: ChatPlace, picture: ChatPicture): Promise<void>;
}

/** The most of each kind read back for one conversation. */
const CHAT_MEDIA_PAGE = 500;
const KINDS: readonly MediaKind[] = ['audio', 'image', 'video'];

function byMessage(items: readonly MediaItem[]): Record<string, MediaItem[]> {
  const found: Record<string, MediaItem[]> = {};
  for (const item of items) {
    const id = item.fromChat?.messageId;
    if (id) (found[id] ??= []).push(item);
  }
  for (const list of Object.values(found))
    list.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return found;
}

type Uses = SpendingSlice & ModelsSlice & SettingsSlice & VideoSlice;

export const createStudioSlice: SliceCreator<StudioSlice, Uses> = (set, get) => {
  let watching = false;
  let watched: string | null = null;
  let readTicket = 0;

  async function readChatMedia(): Promise<void> {
    const conversationId = watched;
    if (conversationId === null) return;
    const ticket = ++readTicket;
    const answers = await Promise.all(
      KINDS.map((kind) =>
        invoke('media.list', { kind, origin: 'chats', conversationId, limit: CHAT_MEDIA_PAGE }),
      ),
    );
    if (ticket !== readTicket) return;
    set({
      chatMedia: byMessage(answers.flatMap((answer) => (answer.ok ? answer.data.items : []))),
    });
  }

  function modelFor(task: StudioTask): string {
    const state = get();
    return studioModel(
      task,
      state.settings?.studio ?? DEFAULT_STUDIO_CHOICES,
      state.models,
      state.settings?.priceBasis ?? 'auto',
    );
  }

  /** One action on one message: asked about first, then run, its item added or its error kept. */
  async function run(
    place: ChatPlace,
    action: StudioAction,
    asked: () => Promise<boolean>,
    send: () => Promise<{ ok: true; item: MediaItem | null } | { ok: false; error: UserError }>,
  ): Promise<void> {
    if (get().studioBusy[place.messageId]) return;
    if (!(await asked())) return;
    set((s) => ({
      studioBusy: { ...s.studioBusy, [place.messageId]: action },
      studioErrors: withoutKey(s.studioErrors, place.messageId),
    }));
    const outcome = await send();
    set((s) => {
      const studioBusy = withoutKey(s.studioBusy, place.messageId);
      if (!outcome.ok)
        return {
          studioBusy,
          studioErrors: { ...s.studioErrors, [place.messageId]: outcome.error },
        };
      const item = outcome.item;
      if (!item) return { studioBusy };
      const shown = (s.chatMedia[place.messageId] ?? []).filter((i) => i.id !== item.id);
      return { studioBusy, chatMedia: { ...s.chatMedia, [place.messageId]: [...shown, item] } };
    });
  }

  return {
    chatMedia: {},
    studioBusy: {},
    studioErrors: {},

    watchChatMedia: (conversationId) => {
      if (watched !== conversationId) {
        watched = conversationId;
        void readChatMedia();
      }
      if (watching) return;
      watching = true;
      void get().loadVideoJobs();
      subscribe('media.changed', () => void readChatMedia());
      subscribe('video.jobs.changed', (jobs) => get().applyVideoJobs(jobs));
    },

    dismissStudioError: (messageId) =>
      set((s) => ({ studioErrors: withoutKey(s.studioErrors, messageId) })),

    readAloud: (place, markdown) => {
      const text = readAloudText(markdown);
      const model = modelFor('speech');
      return run(
        place,
        'speech',
        () =>
          get().askToSpend(
            'speech',
            model,
            (info, basis) => speechEstimate(info, { characters: text.length }, basis),
            place.conversationId,
          ),
        async () => {
          const answer = await invoke('audio.speak', {
            model,
            text,
            voice: get().settings?.studio?.speechVoice ?? DEFAULT_STUDIO_CHOICES.speechVoice,
            format: 'mp3',
            fromChat: place,
          });
          return answer.ok ? { ok: true, item: answer.data } : answer;
        },
      );
    },

    illustrate: (place, text) => {
      const prompt = illustrationPrompt(text);
      const model = modelFor('picture');
      return run(
        place,
        'picture',
        () =>
          get().askToSpend(
            'images',
            model,
            (info, basis) =>
              imageEstimate(info, { count: 1, promptTokens: estimateTokens(prompt) }, basis),
            place.conversationId,
          ),
        async () => {
          const answer = await invoke('images.generate', {
            requestId: localKey('img'),
            model,
            prompt,
            ...illustrationShape(
              get().models.find((m) => m.id === model),
              model,
            ),
            fromChat: place,
          });
          return answer.ok ? { ok: true, item: answer.data.items[0] ?? null } : answer;
        },
      );
    },

    animate: (place, picture) => {
      const prompt = animationPrompt(picture.title);
      const model = modelFor('video');
      return run(
        place,
        'video',
        () =>
          get().askToSpend(
            'video',
            model,
            (info, basis) =>
              videoEstimate(info, { seconds: null, promptTokens: estimateTokens(prompt) }, basis),
            place.conversationId,
          ),
        async () => {
          const answer = await invoke('video.generate', {
            model,
            prompt,
            aspectRatio: animateRatio(picture.width, picture.height),
            duration: 0,
            firstFrameMediaId: picture.mediaId,
            fromChat: place,
          });
          if (!answer.ok) return answer;
          // Shown at once, whether or not core's list of jobs (video.jobs.changed) came first.
          const job = answer.data;
          set((s) => ({ videoJobs: [job, ...s.videoJobs.filter((j) => j.id !== job.id)] }));
          return { ok: true, item: null };
        },
      );
    },
  };
};

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
}
