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
    folderId: c.folderId ?? null,
    archived: c.archived ?? false,
    ...(c.assistant ? { assistant: c.assistant } : {}),
  };
}

/** The list's order: pinned first, then the most recently changed. */
export function compareSummaries(a: ConversationSummary, b: ConversationSummary): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.id < b.id ? -1 : 1;
}
