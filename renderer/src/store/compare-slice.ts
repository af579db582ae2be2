// Compare models: the composer's choice of models, one question sent to each, the columns streaming, each stopped, retried or chosen alone.
import { COMPARE_MODELS, compareModels, type CompareEvent } from '../../../shared/compare';
import type { MessageAttachment } from '../../../shared/attachments';
import { summaryOf } from '../../../shared/conversations';
import { chatTurnEstimate } from '../../../shared/estimates';
import { sumCredits } from '../../../shared/prices';
import {
  MESSAGE_OVERHEAD_TOKENS,
  estimatePromptTokens,
  estimateTokens,
} from '../../../shared/tokens';
import type { Conversation, UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { AttachmentsSlice } from './attachments-slice';
import { foldCompareEvents, type CompareColumnLive } from './compare-events';
import { type ConversationsSlice, withSummary } from './conversations-slice';
import { needsSetup, type FirstRunSlice } from './firstrun-slice';
import { createLiveTexts, type LiveTexts } from './live-text';
import { chatDefaultOf, type ModelsSlice } from './models-slice';
import type { SettingsSlice } from './settings-slice';
import type { SliceCreator } from './slice';
import type { SpendingSlice } from './spending-slice';
import type { UiSlice } from './ui-slice';

export interface CompareSlice {
  /** The composer's compare: on or off, and the models chosen (a blank is a slot not filled yet). */
  compareDraft: { on: boolean; models: string[] };
  /** Columns still streaming, by answer id. */
  compareStreams: Record<string, CompareColumnLive>;
  /** Their growing texts, by answer id: one object for the store's life. */
  compareTexts: LiveTexts;
  /** From the press until core has started the compare (or refused it). */
  compareStarting: boolean;
  /** What core refused, by conversation ('' before one exists): a compare, a column's retry or a choice. */
  compareErrors: Record<string, UserError>;
  /** By conversation key: compared models the person chose to send pictures to as they are (not vis-). */
  compareKeptForPictures: Record<string, string[]>;
  keepCompareModelForPictures(draftKey: string, model: string): void;
  setCompareOn(on: boolean): void;
  setCompareModel(index: number, model: string): void;
  addCompareModel(): void;
  removeCompareModel(index: number): void;
  /** The most the compare of this draft may cost: each model's upper estimate, added; null when unpriced. */
  compareEstimate(conversationId: string | null, text: string): string | null;
  sendCompare(draftKey: string, text: string, attachments: MessageAttachment[]): Promise<void>;
  stopCompareColumn(conversationId: string, messageId: string): Promise<void>;
  retryCompareColumn(conversationId: string, messageId: string): Promise<void>;
  chooseCompareAnswer(conversationId: string, messageId: string): Promise<void>;
  dismissCompareError(conversationId: string): void;
  applyCompareEvents(events: CompareEvent[]): void;
}

/** Whether a compare is starting or streaming in the conversation (the composer is busy then). */
export function comparingIn(
  s: Pick<CompareSlice, 'compareStarting' | 'compareStreams'>,
  conversationId: string | null,
): boolean {
  if (s.compareStarting) return true;
  return conversationId !== null && columnsStreamIn(s.compareStreams, conversationId);
}

/** Whether any column of the conversation still streams. */
export function columnsStreamIn(
  streams: Record<string, CompareColumnLive>,
  conversationId: string,
): boolean {
  for (const column of Object.values(streams))
    if (column.conversationId === conversationId) return true;
  return false;
}

export const createCompareSlice: SliceCreator<
  CompareSlice,
  ConversationsSlice &
    AttachmentsSlice &
    SettingsSlice &
    FirstRunSlice &
    UiSlice &
    ModelsSlice &
    SpendingSlice
> = (set, get) => {
  const compareTexts = createLiveTexts();

  function failed(key: string, error: UserError): void {
    set((s) => ({ compareErrors: { ...s.compareErrors, [key]: error } }));
  }

  function showChanged(conversation: Conversation): void {
    set((s) => ({
      open: { ...s.open, [conversation.id]: conversation },
      summaries: withSummary(s.summaries, summaryOf(conversation)),
    }));
  }

  function withModels(change: (models: string[]) => string[]): void {
    set((s) => ({ compareDraft: { ...s.compareDraft, models: change(s.compareDraft.models) } }));
  }

  return {
    compareDraft: { on: false, models: [] },
    compareStreams: {},
    compareTexts,
    compareStarting: false,
    compareErrors: {},
    compareKeptForPictures: {},

    keepCompareModelForPictures: (key, model) =>
      set((s) => ({
        compareKeptForPictures: {
          ...s.compareKeptForPictures,
          [key]: [...(s.compareKeptForPictures[key] ?? []), model],
        },
      })),

    setCompareOn: (on) =>
      set((s) => {
        if (!on || s.compareDraft.models.length >= COMPARE_MODELS.min)
          return { compareDraft: { ...s.compareDraft, on } };
        // First opened: the chat's model and the next chat model of the list.
        const own =
          (s.activeId ? s.open[s.activeId]?.model : undefined) ??
          s.newChatModel ??
          chatDefaultOf(s);
        const other = s.models.find((m) => m.kind === 'chat' && m.id !== own)?.id ?? '';
        return { compareDraft: { on, models: [own, other] } };
      }),

    setCompareModel: (index, model) =>
      withModels((models) => models.map((m, i) => (i === index ? model : m))),

    addCompareModel: () =>
      withModels((models) => (models.length < COMPARE_MODELS.max ? [...models, ''] : models)),

    removeCompareModel: (index) =>
      withModels((models) =>
        models.length > COMPARE_MODELS.min ? models.filter((_, i) => i !== index) : models,
      ),

    compareEstimate: (conversationId, text) => {
      const state = get();
      const conversation = conversationId !== null ? state.open[conversationId] : undefined;
      const prompt =
        (conversation ? estimatePromptTokens(conversation) : 0) +
        estimateTokens(text) +
        MESSAGE_OVERHEAD_TOKENS;
      const figures: string[] = [];
      for (const id of compareModels(state.compareDraft.models)) {
        const model = state.models.find((m) => m.id === id) ?? null;
        const estimate = chatTurnEstimate(
          model,
          {
            promptTokens: prompt,
            maxTokens: conversation?.maxTokens ?? null,
            byAccount: conversation?.maxTokensByAccount === true,
          },
          state.settings?.priceBasis ?? 'auto',
        );
        if (!estimate) return null;
        figures.push(estimate.high);
      }
      return figures.length > 0 ? sumCredits(figures) : null;
    },

    sendCompare: async (draftKey, text, attachments) => {
      const restore = () => {
        set((s) => ({ drafts: { ...s.drafts, [draftKey]: text } }));
        if (attachments.length) get().restoreAttachments(draftKey, attachments);
      };
      if (needsSetup(get().settings)) {
        restore();
        set({ welcome: 'auto', tab: 'chat' });
        return;
      }
      set({ compareStarting: true });
      try {
        const askedFor = get().activeId;
        const go = await get().askBeforeSpending({
          feature: 'chat',
          estimate: get().compareEstimate(askedFor, text),
          conversationId: askedFor,
        });
        if (!go) return restore();
        const target = get().activeId ?? (await get().createConversation());
        if (typeof target !== 'string') {
          restore();
          return failed(draftKey, target);
        }
        get().dismissCompareError(target);
        set((s) => ({ drafts: { ...s.drafts, [target]: '' } }));
        const envelope = await invoke('chat.compare', {
          conversationId: target,
          text,
          models: compareModels(get().compareDraft.models),
          ...(attachments.length ? { attachments } : {}),
        });
        if (!envelope.ok) {
          restore();
          failed(target, envelope.error);
        }
      } finally {
        set({ compareStarting: false });
      }
    },

    stopCompareColumn: async (conversationId, messageId) => {
      await invoke('chat.compareStop', { conversationId, messageId });
    },

    retryCompareColumn: async (conversationId, messageId) => {
      get().dismissCompareError(conversationId);
      const envelope = await invoke('chat.compareRetry', { conversationId, messageId });
      if (!envelope.ok) failed(conversationId, envelope.error);
    },

    chooseCompareAnswer: async (conversationId, messageId) => {
      get().dismissCompareError(conversationId);
      const envelope = await invoke('chat.compareChoose', { conversationId, messageId });
      if (envelope.ok) showChanged(envelope.data);
      else failed(conversationId, envelope.error);
    },

    dismissCompareError: (conversationId) => {
      if (!get().compareErrors[conversationId]) return;
      set((s) => {
        const compareErrors = { ...s.compareErrors };
        delete compareErrors[conversationId];
        return { compareErrors };
      });
    },

    applyCompareEvents: (events) => {
      const before = get();
      const { open, summaries, compareStreams, grown } = foldCompareEvents(
        events,
        before,
        compareTexts,
      );
      if (
        open !== before.open ||
        summaries !== before.summaries ||
        compareStreams !== before.compareStreams
      )
        set({ open, summaries, compareStreams });
      compareTexts.show(grown);
    },
  };
};
