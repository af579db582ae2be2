// Folds streamed chat events into the running answers, their live texts and the open conversations.
import type { ToolRound } from '../../../shared/tools';
import type {
  ChatEvent,
  ChatMessage,
  Conversation,
  ConversationSummary,
} from '../../../shared/types';
import { shallow } from 'zustand/shallow';
import { type ConversationsSlice, withSummary } from './conversations-slice';
import type { LiveText, LiveTexts } from './live-text';

/** A running answer, all but its growing text, which is in `liveTexts` (it changes with each update). */
export interface StreamState {
  /** '' until core names the new message. */
  messageId: string;
  hasContent: boolean;
  hasReasoning: boolean;
  model: string;
  retrying: { attempt: number; maxAttempts: number } | null;
  waitingUntil: number | null;
  /** The answer's tool rounds as the last 'tools' event gave them (absent: none this turn yet). */
  toolRounds?: ToolRound[];
}

/** Ids of messages shown before core has saved them. */
export const LOCAL_PREFIX = 'local-';

export function emptyStream(messageId: string, model: string): StreamState {
  return {
    messageId,
    hasContent: false,
    hasReasoning: false,
    model,
    retrying: null,
    waitingUntil: null,
  };
}

export const NO_TEXT: LiveText = { content: '', reasoning: '' };

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

/** What events change: the running answers, the open conversations and the list. */
type EventState = Pick<ConversationsSlice, 'open' | 'summaries'> & {
  streams: Record<string, StreamState>;
};

/**
 * The state after `events`, and the conversations whose live text changed (their readers render
 * after the store's update); the live texts themselves are set as the events are read.
 */
export function foldChatEvents(
  events: readonly ChatEvent[],
  before: EventState,
  liveTexts: LiveTexts,
): EventState & { grown: Set<string> } {
  let { streams, open, summaries } = before;
  /** Conversations whose live text changed: their readers render after the store's update. */
  const grown = new Set<string>();
  // The store changes (and its ~300 subscribers run) only when a stream's look does: a delta
  // that only lengthens the text changes the live text alone.
  const putStream = (id: string, stream: StreamState | undefined) => {
    const current = streams[id];
    if (stream && current && shallow(current, stream)) return;
    streams = { ...streams };
    if (stream) streams[id] = stream;
    else delete streams[id];
  };
  /** The live text an event of `stream` adds to: a fresh stream starts from nothing. */
  const textOf = (id: string, stream: StreamState) =>
    stream === streams[id] ? (liveTexts.get(id) ?? NO_TEXT) : NO_TEXT;
  const putText = (id: string, text: LiveText) => {
    liveTexts.set(id, text);
    grown.add(id);
  };
  /** A delta or a tool round: the text changes, and the look with it when it begins. */
  const putAnswer = (
    id: string,
    base: StreamState,
    messageId: string,
    text: LiveText,
    rounds?: ToolRound[],
  ) => {
    putText(id, text);
    putStream(id, {
      ...base,
      messageId,
      hasContent: text.content !== '',
      hasReasoning: text.reasoning !== '',
      ...(rounds ? { toolRounds: rounds } : {}),
      retrying: null,
      waitingUntil: null,
    });
  };
  for (const event of events) {
    const id = event.conversationId;
    const current = streams[id];
    switch (event.type) {
      case 'start': {
        const kept = current && (current.messageId === event.messageId || current.messageId === '');
        if (kept)
          putStream(id, {
            ...current,
            messageId: event.messageId,
            model: event.model,
            retrying: null,
          });
        else {
          putStream(id, emptyStream(event.messageId, event.model));
          putText(id, NO_TEXT);
        }
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
        const sofar = textOf(id, base);
        putAnswer(id, base, event.messageId, {
          content: sofar.content + event.content,
          reasoning: sofar.reasoning + event.reasoning,
        });
        break;
      }
      case 'tools': {
        // A new round starts the answer's text anew; the rounds hold what came before.
        const base = streamOf(current, event.messageId);
        const text = { content: event.content, reasoning: textOf(id, base).reasoning };
        putAnswer(id, base, event.messageId, text, event.rounds);
        break;
      }
      case 'retrying':
      case 'waiting': {
        if (!current) putText(id, NO_TEXT);
        const base = current ?? emptyStream(event.messageId, '');
        putStream(
          id,
          event.type === 'retrying'
            ? { ...base, retrying: { attempt: event.attempt, maxAttempts: event.maxAttempts } }
            : { ...base, waitingUntil: event.untilMs },
        );
        break;
      }
      case 'done':
      case 'error': {
        putStream(id, undefined);
        liveTexts.delete(id);
        grown.delete(id);
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
  return { streams, open, summaries, grown };
}
