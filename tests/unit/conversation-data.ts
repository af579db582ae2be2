// Small conversations for tests of core and the page: a message, a conversation holding messages, its list entry.
import type { ChatMessage, Conversation, ConversationSummary } from '../../shared/types';

export const at = '2026-02-01T10:00:00.000Z';

export function message(id: string, role: ChatMessage['role'], content: string): ChatMessage {
  return { id, role, content, createdAt: at, status: 'done' };
}

export function summaryOf(
  c: Conversation,
  patch: Partial<ConversationSummary> = {},
): ConversationSummary {
  const { id, title, pinned, createdAt, updatedAt, model, messageCount } = c;
  return { id, title, pinned, createdAt, updatedAt, model, messageCount, ...patch };
}

export function conversation(id: string, messages: ChatMessage[]): Conversation {
  return {
    version: 2,
    id,
    title: messages[0]?.content ?? '',
    pinned: false,
    createdAt: at,
    updatedAt: at,
    model: 'm/a',
    messageCount: messages.length,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 0,
    messages,
  };
}
