// What a conversation's list entry is made of, taken the same way by core and the renderer.
import type { Conversation, ConversationSummary } from './types';

export function summaryOf(c: Conversation): ConversationSummary {
  return {
    id: c.id,
    title: c.title,
    pinned: c.pinned,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    model: c.model,
    messageCount: c.messages.length,
  };
}
