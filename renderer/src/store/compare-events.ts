// Folds a compare's events into its running columns, their live texts and the open conversation's versions of the answer.
import type { CompareEvent } from '../../../shared/compare';
import type { ChatMessage, Conversation, ConversationSummary } from '../../../shared/types';
import { versionInfo, withoutVersions } from '../../../shared/versions';
import { type ConversationsSlice, withSummary } from './conversations-slice';
import type { LiveTexts } from './live-text';

/** A column still streaming, all but its text (in the compare's live texts, by answer id). */
export interface CompareColumnLive {
  conversationId: string;
  model: string;
  hasText: boolean;
  /** The first text came this long after the request left; null until it does. */
  firstTokenMs: number | null;
  /** When the page learnt of the first text (performance.now()), for the live pace; null until then. */
  firstTextAt: number | null;
  retrying: { attempt: number; maxAttempts: number } | null;
}

type EventState = Pick<ConversationsSlice, 'open' | 'summaries'> & {
  compareStreams: Record<string, CompareColumnLive>;
};

/** Every answer at a compared position, in version order (the active one in its place). */
export function comparedVersions(head: ChatMessage): ChatMessage[] {
  const { index } = versionInfo(head);
  const others = (head.alternatives ?? []).map((tail) => tail[0]!);
  return [...others.slice(0, index), head, ...others.slice(index)];
}

/** Whether the conversation's last answer is a compare waiting for the person's choice. */
export function openCompare(conversation: Conversation | undefined): ChatMessage | null {
  const messages = conversation?.messages;
  const head = messages?.[messages.length - 1];
  const question = messages?.[messages.length - 2];
  if (!head || head.role !== 'assistant' || question?.comparing !== true) return null;
  return versionInfo(head).count > 1 ? head : null;
}

/** The answer put in its place among the versions at the path's end (its own versions kept). */
function putVersion(conversation: Conversation, message: ChatMessage): Conversation {
  const at = conversation.messages.length - 1;
  const head = conversation.messages[at];
  if (!head) return conversation;
  const clean = withoutVersions(message);
  let next: ChatMessage;
  if (head.id === message.id) {
    next = head.alternatives
      ? { ...clean, alternatives: head.alternatives, alternativeIndex: head.alternativeIndex }
      : clean;
  } else {
    const i = head.alternatives?.findIndex((tail) => tail[0]?.id === message.id) ?? -1;
    if (i < 0) return conversation;
    const alternatives = head.alternatives!.slice();
    alternatives[i] = [clean, ...alternatives[i]!.slice(1)];
    next = { ...head, alternatives };
  }
  return { ...conversation, messages: [...conversation.messages.slice(0, at), next] };
}

function withEntry(conversation: Conversation, entry: ConversationSummary): Conversation {
  const { title, pinned, updatedAt, model } = entry;
  return { ...conversation, title, pinned, updatedAt, model };
}

/** The state after `events`; the answers whose live text changed are returned to be shown. */
export function foldCompareEvents(
  events: readonly CompareEvent[],
  before: EventState,
  texts: LiveTexts,
): EventState & { grown: Set<string> } {
  let { open, summaries, compareStreams } = before;
  const grown = new Set<string>();
  const putColumn = (id: string, column: CompareColumnLive | undefined) => {
    compareStreams = { ...compareStreams };
    if (column) compareStreams[id] = column;
    else delete compareStreams[id];
  };
  const putMessage = (conversationId: string, message: ChatMessage) => {
    const conversation = open[conversationId];
    if (conversation) open = { ...open, [conversationId]: putVersion(conversation, message) };
  };
  const begin = (conversationId: string, message: ChatMessage) => {
    putColumn(message.id, {
      conversationId,
      model: message.model ?? '',
      hasText: false,
      firstTokenMs: null,
      firstTextAt: null,
      retrying: null,
    });
    texts.set(message.id, { content: '', reasoning: '' });
  };
  for (const event of events) {
    const id = event.conversationId;
    switch (event.type) {
      case 'start': {
        const [first, ...rest] = event.answers;
        if (!first) break;
        for (const answer of event.answers) begin(id, answer);
        const conversation = open[id];
        if (conversation) {
          const head: ChatMessage = {
            ...first,
            alternatives: rest.map((a) => [a]),
            alternativeIndex: 0,
          };
          const kept = conversation.messages
            .filter((m) => !m.id.startsWith('local-'))
            .slice(0, event.questionIndex);
          const messages = [...kept, event.question, head];
          open = {
            ...open,
            [id]: withEntry(
              {
                ...conversation,
                messages,
                messageCount: messages.length,
                contextStart: event.contextStart,
              },
              event.summary,
            ),
          };
        }
        summaries = withSummary(summaries, event.summary);
        break;
      }
      case 'restart':
        begin(id, event.message);
        putMessage(id, event.message);
        break;
      case 'firstToken': {
        const column = compareStreams[event.messageId];
        if (column)
          putColumn(event.messageId, {
            ...column,
            firstTokenMs: event.firstTokenMs,
            firstTextAt: column.firstTextAt ?? performance.now(),
          });
        break;
      }
      case 'delta': {
        const column = compareStreams[event.messageId];
        if (!column) break;
        const sofar = texts.get(event.messageId) ?? { content: '', reasoning: '' };
        texts.set(event.messageId, {
          content: sofar.content + event.content,
          reasoning: sofar.reasoning + event.reasoning,
        });
        grown.add(event.messageId);
        if (!column.hasText || column.retrying)
          putColumn(event.messageId, {
            ...column,
            hasText: true,
            firstTextAt: column.firstTextAt ?? performance.now(),
            retrying: null,
          });
        break;
      }
      case 'retrying': {
        const column = compareStreams[event.messageId];
        if (column)
          putColumn(event.messageId, {
            ...column,
            retrying: { attempt: event.attempt, maxAttempts: event.maxAttempts },
          });
        break;
      }
      case 'done':
      case 'error': {
        putColumn(event.message.id, undefined);
        texts.delete(event.message.id);
        grown.delete(event.message.id);
        putMessage(id, event.message);
        const conversation = open[id];
        if (conversation) open = { ...open, [id]: withEntry(conversation, event.summary) };
        summaries = withSummary(summaries, event.summary);
        break;
      }
      default:
        break;
    }
  }
  return { open, summaries, compareStreams, grown };
}
