// A conversation's changes in memory: an update's patch, and its title (the first question's words until named; an imported title kept).
import type { ConversationPatch } from '../../../shared/channels';
import { firstWordsTitle } from '../../../shared/titles';
import type { StoredConversation } from './conversation-file';

/**
 * An imported title stays (issue 37): every save of a conversation made here sets the title by the
 * first question unless it was named, so an unnamed one whose title differs from that came from an
 * import (before imports marked their titles as given) and keeps it.
 */
export function keepGivenTitle(c: StoredConversation): void {
  if (c.titleEdited || c.titleByModel || c.title === '') return;
  const first = c.messages.find((m) => m.role === 'user');
  if (c.title !== (first ? firstWordsTitle(first.content) : '')) c.titleEdited = true;
}

/** A conversations.update patch applied to the conversation in memory. */
export function applyPatch(c: StoredConversation, patch: ConversationPatch, now: () => Date): void {
  if (patch.title !== undefined) {
    const title = patch.title.replace(/\s+/g, ' ').trim();
    // Clearing the name hands the title back to the first message.
    c.titleEdited = title !== '';
    c.titleByModel = false;
    c.title = title;
  }
  if (patch.pinned !== undefined) c.pinned = patch.pinned;
  if (patch.model !== undefined) c.model = patch.model;
  if (patch.systemPrompt !== undefined) c.systemPrompt = patch.systemPrompt;
  if (patch.temperature !== undefined) c.temperature = patch.temperature;
  if (patch.maxTokens !== undefined) c.maxTokens = patch.maxTokens;
  if (patch.maxTokensByAccount !== undefined) c.maxTokensByAccount = patch.maxTokensByAccount;
  if (patch.folderId !== undefined) c.folderId = patch.folderId;
  if (patch.tools !== undefined) c.tools = patch.tools;
  if (patch.archived !== undefined) c.archived = patch.archived;
  if (patch.answerFormat !== undefined) c.answerFormat = patch.answerFormat;
  if (patch.budget !== undefined) c.budget = patch.budget;
  applyTitleRule(c);
  // Filing a conversation away is not a change to it: its place by date stays.
  const filingOnly = Object.entries(patch).every(
    ([key, value]) => value === undefined || key === 'folderId' || key === 'archived',
  );
  if (!filingOnly) c.updatedAt = now().toISOString();
}

export function applyTitleRule(c: StoredConversation): void {
  if (c.titleEdited || c.titleByModel) return;
  const first = c.messages.find((m) => m.role === 'user');
  c.title = first ? firstWordsTitle(first.content) : '';
}
