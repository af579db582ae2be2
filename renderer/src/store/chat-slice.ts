// Chat turns: sending, stopping, retrying, and folding streamed events into the open conversations.
import type { MessageAttachment } from '../../../shared/attachments';
import type {
  ChatEvent,
  ChatMessage,
  Conversation,
  ConversationSummary,
  UserError,
} from '../../../shared/types';
import { invoke } from '../platform';
import type { AttachmentsSlice } from './attachments-slice';
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
}

/** What the user asked for, so a failed turn can be sent again as it was. */
export type TurnRequest =
  | { kind: 'send'; text: string; attachments?: MessageAttachment[] }
  | { kind: 'regenerate'; messageId?: string }
  | { kind: 'edit'; messageId: string; text: string };

export interface TurnFailure {
  error: UserError;
  request: TurnRequest;
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
}

/** Ids of messages shown before core has saved them. */
const LOCAL_PREFIX = 'local-';

function emptyStream(messageId: string, model: string): StreamState {
  return { messageId, content: '', reasoning: '', model, retrying: null, waitingUntil: null };
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
 * nothing after it, since an answer that is regenerated or follows an edit gives way.
 */
function withQuestion(
  conversation: Conversation,
  question: ChatMessage,
  contextStart: number,
): Conversation {
  const messages = conversation.messages.filter((m) => !m.id.startsWith(LOCAL_PREFIX));
  const at = messages.findIndex((m) => m.id === question.id);
  const kept = at >= 0 ? messages.slice(0, at) : messages;
  const next = [...kept, question];
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

  return {
    streams: {},
    turnFailures: {},

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
      set((s) => {
        const failures = { ...s.turnFailures };
        delete failures[conversationId];
        delete failures[''];
        return {
          turnFailures: failures,
          streams: { ...s.streams, [conversationId]: emptyStream('', model) },
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
                    withQuestion(conversation, event.question, event.contextStart),
                    event.summary,
                  ),
                };
              summaries = withSummary(summaries, event.summary);
              break;
            }
            case 'delta': {
              const base =
                current && (current.messageId === event.messageId || current.messageId === '')
                  ? current
                  : emptyStream(event.messageId, current?.model ?? '');
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
