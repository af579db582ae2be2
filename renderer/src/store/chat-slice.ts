// Chat turns: sending, stopping, retrying, and folding streamed events into the open conversations.
import type { MessageAttachment } from '../../../shared/attachments';
import type { ChatEvent, ChatMessage, Conversation, UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { AttachmentsSlice } from './attachments-slice';
import { summaryOf } from '../../../shared/conversations';
import { type ConversationsSlice, withSummary } from './conversations-slice';
import { needsSetup, type FirstRunSlice } from './firstrun-slice';
import { createLiveTexts, type LiveText, type LiveTexts } from './live-text';
import {
  emptyStream,
  foldChatEvents,
  LOCAL_PREFIX,
  NO_TEXT,
  type StreamState,
} from './chat-events';
import type { SettingsSlice } from './settings-slice';
import type { SliceCreator } from './slice';
import { chatDefaultOf, type ModelsSlice } from './models-slice';
import type { SpendingSlice } from './spending-slice';
import { chatTurnEstimate } from '../../../shared/estimates';
import { picturesGoing, visionChoicePending } from '../chat/attachments/vision-choice';
import {
  MESSAGE_OVERHEAD_TOKENS,
  estimatePromptTokens,
  estimateTokens,
} from '../../../shared/tokens';
import type { UiSlice } from './ui-slice';

/** What the user asked for, so a failed turn can be sent again as it was. */
export type TurnRequest =
  | { kind: 'send'; text: string; attachments?: MessageAttachment[] }
  | { kind: 'regenerate'; messageId?: string }
  | { kind: 'edit'; messageId: string; text: string }
  | { kind: 'continue'; messageId: string };

export interface TurnFailure {
  error: UserError;
  request: TurnRequest;
}

/** A deleted message that can still be put back (the notice with "Undo"). */
export interface DeletedMessage {
  conversationId: string;
  undoToken: string;
  /** version: the message's place had other versions and only this one went; turn: a question and its answer. */
  kind: 'message' | 'version' | 'turn';
}

export interface ChatSlice {
  /** Running answers, by conversation id. */
  streams: Record<string, StreamState>;
  /** The streams' growing texts, by conversation: one object for the store's life. */
  liveTexts: LiveTexts;
  /** Turns core refused before any answer started, by conversation id. */
  turnFailures: Record<string, TurnFailure>;
  /** A turn was asked for and its stream has not begun yet (or it was refused). */
  turnStarting: boolean;
  sendTurn(request: TurnRequest, trimOldest?: boolean): Promise<void>;
  stopStreaming(conversationId: string): Promise<void>;
  dismissTurnFailure(conversationId: string): void;
  applyChatEvents(events: ChatEvent[]): void;
  /** The last deletion, while it can be undone. */
  deleted: DeletedMessage | null;
  /** A change of the history (switch, delete, undo) that core refused, by conversation id. */
  historyErrors: Record<string, UserError>;
  switchVersion(conversationId: string, messageId: string, index: number): Promise<void>;
  /** `withAnswer`: a question takes the answer after it along. */
  deleteMessage(conversationId: string, messageId: string, withAnswer?: boolean): Promise<void>;
  undoDelete(): Promise<void>;
  dismissDeleted(): void;
  dismissHistoryError(conversationId: string): void;
}

/**
 * The live texts' holder, for `useAppStore`. A selector made in a component is a new function each
 * render, and useSyncExternalStore gives a render with a new one a passive-effect task after its
 * commit: the components that render with every update select with this one.
 */
export const selectLiveTexts = (s: Pick<ChatSlice, 'liveTexts'>): LiveTexts => s.liveTexts;

/** What the screen shows at once when a turn starts, before core's copy comes back. */
function optimisticMessages(conversation: Conversation, request: TurnRequest): Conversation {
  const messages = conversation.messages;
  if (request.kind === 'send') {
    const local: ChatMessage = {
      id: `${LOCAL_PREFIX}${Date.now()}`,
      role: 'user',
      content: request.text,
      createdAt: new Date().toISOString(),
      status: 'done',
      ...(request.attachments?.length ? { attachments: request.attachments } : {}),
    };
    return { ...conversation, messages: [...messages, local] };
  }
  if (request.kind === 'edit') {
    const index = messages.findIndex((m) => m.id === request.messageId);
    if (index < 0) return conversation;
    const edited = { ...messages[index]!, content: request.text };
    return { ...conversation, messages: [...messages.slice(0, index), edited] };
  }
  // A continued answer stays as it is; its stream starts from its text.
  if (request.kind === 'continue') return conversation;
  const index = request.messageId
    ? messages.findIndex((m) => m.id === request.messageId)
    : messages.map((m) => m.role).lastIndexOf('assistant');
  return index < 0 ? conversation : { ...conversation, messages: messages.slice(0, index) };
}

export const createChatSlice: SliceCreator<
  ChatSlice,
  ConversationsSlice &
    AttachmentsSlice &
    SettingsSlice &
    FirstRunSlice &
    UiSlice &
    ModelsSlice &
    SpendingSlice
> = (set, get) => {
  const liveTexts = createLiveTexts();

  /**
   * The most a turn may cost: the whole history still sent and the new text as prompt, and every
   * completion token the request allows; null when the list gives no price.
   */
  function turnUpperEstimate(request: TurnRequest, conversationId: string | null): string | null {
    const state = get();
    const conversation = conversationId !== null ? state.open[conversationId] : undefined;
    const modelId = conversation?.model ?? state.newChatModel ?? chatDefaultOf(state);
    const model = state.models.find((m) => m.id === modelId) ?? null;
    const history = conversation ? estimatePromptTokens(conversation) : 0;
    const own =
      request.kind === 'send' || request.kind === 'edit'
        ? estimateTokens(request.text) + MESSAGE_OVERHEAD_TOKENS
        : 0;
    const estimate = chatTurnEstimate(
      model,
      {
        promptTokens: history + own,
        maxTokens: conversation?.maxTokens ?? null,
        byAccount: conversation?.maxTokensByAccount === true,
      },
      state.settings?.priceBasis ?? 'auto',
    );
    return estimate?.high ?? null;
  }

  async function ensureConversation(): Promise<string | UserError> {
    return get().activeId ?? (await get().createConversation());
  }

  function fail(conversationId: string, failure: TurnFailure): void {
    set((s) => {
      const streams = { ...s.streams };
      delete streams[conversationId];
      liveTexts.delete(conversationId);
      const drafts =
        failure.request.kind === 'send' && !s.drafts[conversationId]
          ? { ...s.drafts, [conversationId]: failure.request.text }
          : s.drafts;
      return { streams, drafts, turnFailures: { ...s.turnFailures, [conversationId]: failure } };
    });
    if (failure.request.kind === 'send' && failure.request.attachments?.length)
      get().restoreAttachments(conversationId, failure.request.attachments);
  }

  /** Core's copy of the conversation after a change of its history. */
  function showChanged(conversation: Conversation): void {
    set((s) => ({
      open: { ...s.open, [conversation.id]: conversation },
      summaries: withSummary(s.summaries, summaryOf(conversation)),
    }));
  }

  function historyFailed(conversationId: string, error: UserError): void {
    set((s) => ({ historyErrors: { ...s.historyErrors, [conversationId]: error } }));
  }

  function clearHistoryError(conversationId: string): void {
    if (!get().historyErrors[conversationId]) return;
    set((s) => {
      const historyErrors = { ...s.historyErrors };
      delete historyErrors[conversationId];
      return { historyErrors };
    });
  }

  /** A turn from the composer or a message, up to its stream's start (or its refusal). */
  async function beginTurn(request: TurnRequest, trimOldest?: boolean): Promise<void> {
    // Nothing set up: no conversation is made (it would stay behind empty); the welcome screen
    // asks for a service, and the words typed wait in the box.
    if (needsSetup(get().settings)) {
      const key = get().activeId ?? '';
      if (request.kind === 'send') {
        set((s) => ({ drafts: { ...s.drafts, [key]: request.text } }));
        if (request.attachments?.length) get().restoreAttachments(key, request.attachments);
      }
      set({ welcome: 'auto', tab: 'chat' });
      return;
    }
    // A turn from a message (the composer waits on its own) carries the conversation's pictures
    // to the model chosen now: it waits for the vis- choice too.
    if (request.kind !== 'send') {
      const key = get().activeId ?? '';
      const open = get().open[key];
      const kept = get().imagesKeptFor[key] ?? null;
      const pictures = picturesGoing(undefined, open);
      if (open && visionChoicePending(pictures, open.model, get().models, kept)) {
        get().askVisionChoice(key);
        return;
      }
    }
    // Asked before anything is made or sent; "Don't" leaves the words and files in the box.
    const askedFor = get().activeId;
    const go = await get().askBeforeSpending({
      feature: 'chat',
      estimate: turnUpperEstimate(request, askedFor),
      conversationId: askedFor,
    });
    if (!go) {
      const key = askedFor ?? '';
      if (request.kind === 'send') {
        set((s) => ({ drafts: { ...s.drafts, [key]: request.text } }));
        if (request.attachments?.length) get().restoreAttachments(key, request.attachments);
      }
      return;
    }
    const target = await ensureConversation();
    if (typeof target !== 'string') {
      set((s) => ({ turnFailures: { ...s.turnFailures, '': { error: target, request } } }));
      return;
    }
    const conversationId = target;
    const conversation = get().open[conversationId];
    const model = conversation?.model ?? '';
    const continued =
      request.kind === 'continue'
        ? conversation?.messages.find((m) => m.id === request.messageId)
        : undefined;
    const text: LiveText = continued
      ? { content: continued.content, reasoning: continued.reasoning ?? '' }
      : NO_TEXT;
    const stream = continued
      ? {
          ...emptyStream(continued.id, continued.model ?? model),
          hasContent: text.content !== '',
          hasReasoning: text.reasoning !== '',
        }
      : emptyStream('', model);
    liveTexts.set(conversationId, text);
    set((s) => {
      const failures = { ...s.turnFailures };
      delete failures[conversationId];
      delete failures[''];
      return {
        turnFailures: failures,
        streams: { ...s.streams, [conversationId]: stream },
        open: conversation
          ? { ...s.open, [conversationId]: optimisticMessages(conversation, request) }
          : s.open,
        drafts: request.kind === 'send' ? { ...s.drafts, [conversationId]: '' } : s.drafts,
      };
    });
    const extra = trimOldest ? { trimOldest: true } : {};
    const envelope =
      request.kind === 'send'
        ? await invoke('chat.send', {
            conversationId,
            text: request.text,
            ...(request.attachments?.length ? { attachments: request.attachments } : {}),
            ...extra,
          })
        : request.kind === 'edit'
          ? await invoke('chat.edit', {
              conversationId,
              messageId: request.messageId,
              text: request.text,
              ...extra,
            })
          : request.kind === 'continue'
            ? await invoke('chat.continue', {
                conversationId,
                messageId: request.messageId,
                ...extra,
              })
            : await invoke('chat.regenerate', {
                conversationId,
                ...(request.messageId ? { messageId: request.messageId } : {}),
                ...extra,
              });
    if (envelope.ok) {
      const { messageId } = envelope.data;
      set((s) => {
        const stream = s.streams[conversationId];
        // The 'start' event may have named it already, or 'done' may have ended it.
        if (!stream || stream.messageId !== '') return {};
        return { streams: { ...s.streams, [conversationId]: { ...stream, messageId } } };
      });
    } else {
      fail(conversationId, { error: envelope.error, request });
      // What was shown at once did not happen: show core's copy again.
      await get().reloadConversation(conversationId);
    }
  }

  return {
    streams: {},
    liveTexts,
    turnFailures: {},
    turnStarting: false,
    deleted: null,
    historyErrors: {},

    switchVersion: async (conversationId, messageId, index) => {
      clearHistoryError(conversationId);
      const envelope = await invoke('chat.switchVersion', { conversationId, messageId, index });
      if (envelope.ok) showChanged(envelope.data);
      else historyFailed(conversationId, envelope.error);
    },

    deleteMessage: async (conversationId, messageId, withAnswer) => {
      clearHistoryError(conversationId);
      const envelope = await invoke('chat.deleteMessage', {
        conversationId,
        messageId,
        ...(withAnswer ? { withAnswer } : {}),
      });
      if (!envelope.ok) {
        historyFailed(conversationId, envelope.error);
        return;
      }
      const { conversation, undoToken, kind } = envelope.data;
      showChanged(conversation);
      set({ deleted: { conversationId, undoToken, kind } });
    },

    undoDelete: async () => {
      const deleted = get().deleted;
      if (!deleted) return;
      set({ deleted: null });
      const envelope = await invoke('chat.undoDelete', {
        conversationId: deleted.conversationId,
        undoToken: deleted.undoToken,
      });
      if (envelope.ok) showChanged(envelope.data);
      else historyFailed(deleted.conversationId, envelope.error);
    },

    dismissDeleted: () => set({ deleted: null }),

    dismissHistoryError: clearHistoryError,

    sendTurn: async (request, trimOldest) => {
      // From the press until the stream is known, the composer is busy (and says so), so a
      // second press cannot send twice and the page never looks idle while a turn begins.
      set({ turnStarting: true });
      try {
        await beginTurn(request, trimOldest);
      } finally {
        set({ turnStarting: false });
      }
    },

    stopStreaming: async (conversationId) => {
      if (!get().streams[conversationId]) return;
      await invoke('chat.stop', { conversationId });
    },

    dismissTurnFailure: (conversationId) =>
      set((s) => {
        const failures = { ...s.turnFailures };
        delete failures[conversationId];
        return { turnFailures: failures };
      }),

    applyChatEvents: (events) => {
      const before = get();
      const { streams, open, summaries, grown } = foldChatEvents(events, before, liveTexts);
      if (streams !== before.streams || open !== before.open || summaries !== before.summaries)
        set({ streams, open, summaries });
      liveTexts.show(grown);
    },
  };
};
