// A conversation's history kept whole: switching between versions, deleting one message (or a question with its answer), undoing that.
import { randomUUID } from 'node:crypto';
import type { ChatMessage, Conversation } from '../../../../shared/types';
import { deleteMessage, type DeleteKind, switchVersion } from '../../../../shared/versions';
import type { ConversationLibrary } from '../../library/conversations';
import { serviceError } from '../../service/errors';

/** How long a deletion can be undone (the notice shows for less; this leaves room for a reload). */
export const UNDO_KEEP_MS = 10 * 60_000;
/** Deletions kept for undo at once, across conversations; the oldest give way. */
const UNDO_KEEP_COUNT = 50;

interface Deletion {
  conversationId: string;
  /** The path and contextStart before the deletion, restored exactly on undo. */
  before: { messages: ChatMessage[]; contextStart: number };
  /** The path right after it: undo refuses when the conversation changed since. */
  after: string;
  at: number;
}

export interface ConversationHistory {
  switchVersion(input: {
    conversationId: string;
    messageId: string;
    index: number;
  }): Promise<Conversation>;
  deleteMessage(input: {
    conversationId: string;
    messageId: string;
    /** A question takes its answer along (see shared/versions.ts deleteMessage). */
    withAnswer?: boolean;
  }): Promise<{ conversation: Conversation; undoToken: string; kind: DeleteKind }>;
  undoDelete(input: { conversationId: string; undoToken: string }): Promise<Conversation>;
}

export function createConversationHistory(options: {
  library: ConversationLibrary;
  /** A running turn in the conversation blocks every change of its history. */
  isRunning: (conversationId: string) => boolean;
  now?: () => number;
}): ConversationHistory {
  const { library, isRunning } = options;
  const now = options.now ?? (() => Date.now());
  const deletions = new Map<string, Deletion>();

  function ensureIdle(conversationId: string): void {
    if (isRunning(conversationId))
      throw serviceError(
        'invalid_input',
        'An answer is still being written in this conversation; stop it or wait for it to finish.',
      );
  }

  function forget(): void {
    const oldest = now() - UNDO_KEEP_MS;
    for (const [token, d] of deletions) if (d.at < oldest) deletions.delete(token);
    while (deletions.size > UNDO_KEEP_COUNT) {
      const first = deletions.keys().next().value;
      if (first === undefined) break;
      deletions.delete(first);
    }
  }

  return {
    async switchVersion({ conversationId, messageId, index }) {
      ensureIdle(conversationId);
      const conversation = await library.get(conversationId);
      const next = switchVersion(conversation, messageId, index);
      if (!next) throw serviceError('not_found', 'That version is no longer in the conversation.');
      if (next.messages === conversation.messages) return conversation;
      conversation.messages = next.messages;
      conversation.contextStart = next.contextStart;
      await library.save(conversation);
      return conversation;
    },

    async deleteMessage({ conversationId, messageId, withAnswer }) {
      ensureIdle(conversationId);
      const conversation = await library.get(conversationId);
      const done = deleteMessage(conversation, messageId, { withAnswer });
      if (!done) throw serviceError('not_found', 'That message is no longer in the conversation.');
      const before = structuredClone({
        messages: conversation.messages,
        contextStart: conversation.contextStart,
      });
      conversation.messages = done.history.messages;
      conversation.contextStart = done.history.contextStart;
      await library.save(conversation);
      const undoToken = randomUUID();
      deletions.set(undoToken, {
        conversationId,
        before,
        after: JSON.stringify(conversation.messages),
        at: now(),
      });
      forget();
      return { conversation, undoToken, kind: done.kind };
    },

    async undoDelete({ conversationId, undoToken }) {
      ensureIdle(conversationId);
      forget();
      const deletion = deletions.get(undoToken);
      if (!deletion || deletion.conversationId !== conversationId)
        throw serviceError('not_found', 'That deletion can no longer be undone.');
      const conversation = await library.get(conversationId);
      if (JSON.stringify(conversation.messages) !== deletion.after)
        throw serviceError(
          'invalid_input',
          'The conversation changed after the deletion, so the message cannot be put back.',
        );
      conversation.messages = deletion.before.messages;
      conversation.contextStart = deletion.before.contextStart;
      await library.save(conversation);
      deletions.delete(undoToken);
      return conversation;
    },
  };
}
