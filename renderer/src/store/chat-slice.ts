// Chat turns: sending, stopping, retrying, and folding streamed events into the open conversations.
import type { MessageAttachment } from '../../../shared/attachments';
import type { ToolRound } from '../../../shared/tools';
import type {
  ChatEvent,
  ChatMessage,
  Conversation,
  ConversationSummary,
  UserError,
} from '../../../shared/types';
import { invoke } from '../platform';
import type { AttachmentsSlice } from './attachments-slice';
import { summaryOf } from '../../../shared/conversations';
import { type ConversationsSlice, withSummary } from './conversations-slice';
import { needsSetup, type FirstRunSlice } from './firstrun-slice';
import type { SettingsSlice } from './settings-slice';
import type { SliceCreator } from './slice';
import type { UiSlice } from './ui-slice';

export interface StreamState {
  /** '' until core names the new message. */
  messageId: string;
  content: string;
  reasoning: string;
  model: string;
  retrying: { attempt: number; maxAttempts: number } | null;
  waitingUntil: number | null;
  /** The answer's tool rounds as the last 'tools' event gave them (absent: none this turn yet). */
  toolRounds?: ToolRound[];
}

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
  /** version: the message's place had other versions and only this one went. */
  kind: 'message' | 'version';
}

export interface ChatSlice {
  /** Running answers, by conversation id. */
  streams: Record<string, StreamState>;
  /** Turns core refused before any answer started, by conversation id. */
  turnFailures: Record<string, TurnFailure>;
  sendTurn(request: TurnRequest, trimOldest?: boolean): Promise<void>;
  stopStreaming(conversationId: string): Promise<void>;
  dismissTurnFailure(conversationId: string): void;
  applyChatEvents(events: ChatEvent[]): void;
  /** The last deletion, while it can be undone. */
  deleted: DeletedMessage | null;
  /** A change of the history (switch, delete, undo) that core refused, by conversation id. */
  historyErrors: Record<string, UserError>;
  switchVersion(conversationId: string, messageId: string, index: number): Promise<void>;
  deleteMessage(conversationId: string, messageId: string): Promise<void>;
  undoDelete(): Promise<void>;
  dismissDeleted(): void;
  dismissHistoryError(conversationId: string): void;
}

/** Ids of messages shown before core has saved them. */
const LOCAL_PREFIX = 'local-';

function emptyStream(messageId: string, model: string): StreamState {
  return { messageId, content: '', reasoning: '', model, retrying: null, waitingUntil: null };
}

/** The stream an event of `messageId` adds to: the running one, or a fresh one for a new answer. */
function streamOf(current: StreamState | undefined, messageId: string): StreamState {
  return current && (current.messageId === messageId || current.messageId === '')
    ? current
    : emptyStream(messageId, current?.model ?? '');
}

function upsertMessage(conversation: Conversation, message: ChatMessage): Conversation {
  const index = conversation.messages.findIndex((m) => m.id === message.id);
  const messages = conversation.messages.slice();
  if (index < 0) messages.push(message);
  else messages[index] = message;
  return { ...conversation, messages, messageCount: messages.length };
}

/**
 * Core's copy of the turn's start: the question as saved (replacing the one shown at once), and
 * nothing after it, since an answer that is regenerated or follows an edit gives way (it is kept
 * as a version in core); a continued answer stays after its question.
 */
function withQuestion(
  conversation: Conversation,
  question: ChatMessage,
  contextStart: number,
  questionIndex?: number,
  continues?: ChatMessage,
): Conversation {
  const messages = conversation.messages.filter((m) => !m.id.startsWith(LOCAL_PREFIX));
  const found = messages.findIndex((m) => m.id === question.id);
  const at = questionIndex ?? found;
  const kept = at >= 0 ? messages.slice(0, Math.min(at, messages.length)) : messages;
  const next = continues ? [...kept, question, continues] : [...kept, question];
  return { ...conversation, messages: next, messageCount: next.length, contextStart };
}

/** The open conversation takes the list entry's title and times (the title follows the first message). */
function withEntry(conversation: Conversation, entry: ConversationSummary): Conversation {
  const { title, pinned, updatedAt, model } = entry;
  return { ...conversation, title, pinned, updatedAt, model };
}

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
  ConversationsSlice & AttachmentsSlice & SettingsSlice & FirstRunSlice & UiSlice
> = (set, get) => {
  async function ensureConversation(): Promise<string | UserError> {
    return get().activeId ?? (await get().createConversation());
  }

  function fail(conversationId: string, failure: TurnFailure): void {
    set((s) => {
      const streams = { ...s.streams };
      delete streams[conversationId];
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

  return {
    streams: {},
    turnFailures: {},
    deleted: null,
    historyErrors: {},

    switchVersion: async (conversationId, messageId, index) => {
      clearHistoryError(conversationId);
      const envelope = await invoke('chat.switchVersion', { conversationId, messageId, index });
      if (envelope.ok) showChanged(envelope.data);
      else historyFailed(conversationId, envelope.error);
    },

    deleteMessage: async (conversationId, messageId) => {
      clearHistoryError(conversationId);
      const envelope = await invoke('chat.deleteMessage', { conversationId, messageId });
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
      const stream = continued
        ? {
            ...emptyStream(continued.id, continued.model ?? model),
            content: continued.content,
            reasoning: continued.reasoning ?? '',
          }
        : emptyStream('', model);
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
      set((s) => {
        const streams = { ...s.streams };
        let open = s.open;
        let summaries = s.summaries;
        for (const event of events) {
          const id = event.conversationId;
          const current = streams[id];
          switch (event.type) {
            case 'start': {
              streams[id] =
                current && (current.messageId === event.messageId || current.messageId === '')
                  ? { ...current, messageId: event.messageId, model: event.model, retrying: null }
                  : emptyStream(event.messageId, event.model);
              const conversation = open[id];
              if (conversation)
                open = {
                  ...open,
                  [id]: withEntry(
                    withQuestion(
                      conversation,
                      event.question,
                      event.contextStart,
                      event.questionIndex,
                      event.continues,
                    ),
                    event.summary,
                  ),
                };
              summaries = withSummary(summaries, event.summary);
              break;
            }
            case 'delta': {
              const base = streamOf(current, event.messageId);
              streams[id] = {
                ...base,
                messageId: event.messageId,
                content: base.content + event.content,
                reasoning: base.reasoning + event.reasoning,
                retrying: null,
                waitingUntil: null,
              };
              break;
            }
            case 'tools': {
              // A new round starts the answer's text anew; the rounds hold what came before.
              const base = streamOf(current, event.messageId);
              streams[id] = {
                ...base,
                messageId: event.messageId,
                content: event.content,
                toolRounds: event.rounds,
                retrying: null,
                waitingUntil: null,
              };
              break;
            }
            case 'retrying':
              streams[id] = {
                ...(current ?? emptyStream(event.messageId, '')),
                retrying: { attempt: event.attempt, maxAttempts: event.maxAttempts },
              };
              break;
            case 'waiting':
              streams[id] = {
                ...(current ?? emptyStream(event.messageId, '')),
                waitingUntil: event.untilMs,
              };
              break;
            case 'done':
            case 'error': {
              delete streams[id];
              const conversation = open[id];
              if (conversation)
                open = {
                  ...open,
                  [id]: withEntry(upsertMessage(conversation, event.message), event.summary),
                };
              summaries = withSummary(summaries, event.summary);
              break;
            }
          }
        }
        return { streams, open, summaries };
      });
    },
  };
};
