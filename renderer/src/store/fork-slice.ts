// "New chat from here": asks core for the branch and opens it at once.
import { summaryOf } from '../../../shared/conversations';
import type { UserError } from '../../../shared/types';
import { invoke } from '../platform';
import { withSummary, type ConversationsSlice } from './conversations-slice';
import type { SliceCreator } from './slice';
import type { UiSlice } from './ui-slice';

export interface ForkSlice {
  /** Makes a new conversation of the path up to the message and opens it; the failure, if any. */
  forkConversation(conversationId: string, messageId: string): Promise<UserError | null>;
}

export const createForkSlice: SliceCreator<ForkSlice, ConversationsSlice & UiSlice> = (
  set,
  get,
) => ({
  forkConversation: async (conversationId, messageId) => {
    const envelope = await invoke('conversations.fork', { id: conversationId, messageId });
    if (!envelope.ok) {
      set({ conversationError: envelope.error });
      return envelope.error;
    }
    const branch = envelope.data;
    set((s) => ({
      open: { ...s.open, [branch.id]: branch },
      summaries: withSummary(s.summaries, summaryOf(branch)),
      activeId: branch.id,
      tab: 'chat',
      conversationError: null,
      foundMessage: null,
    }));
    get().requestComposerFocus();
    return null;
  },
});
