// Conversation list, search, the open conversation and its per-conversation settings.
import type { StateCreator } from 'zustand';
import type { Conversation, ConversationSummary } from '../../../shared/types';
import { invoke } from '../platform';
import type { AppState, ConversationsSlice } from './types';

function summaryOf(conversation: Conversation): ConversationSummary {
  const { id, title, pinned, createdAt, updatedAt, model, messageCount } = conversation;
  return { id, title, pinned, createdAt, updatedAt, model, messageCount };
}

function withSummary(
  list: ConversationSummary[],
  summary: ConversationSummary,
): ConversationSummary[] {
  const index = list.findIndex((item) => item.id === summary.id);
  if (index < 0) return [summary, ...list];
  const next = list.slice();
  next[index] = summary;
  return next;
}

export const createConversationsSlice: StateCreator<AppState, [], [], ConversationsSlice> = (
  set,
  get,
) => {
  // Answers can come back out of order; only the newest request for a thing may land.
  const loadTickets = new Map<string, number>();
  let listTicket = 0;
  let searchTicket = 0;

  return {
    summaries: [],
    listProblems: [],
    listError: null,
    activeId: null,
    open: {},
    newChatModel: null,
    searchQuery: '',
    searchHits: null,
    conversationError: null,

    loadConversations: async () => {
      const ticket = ++listTicket;
      const envelope = await invoke('conversations.list', {});
      if (ticket !== listTicket) return;
      if (envelope.ok)
        set({
          summaries: envelope.data.items,
          listProblems: envelope.data.problems,
          listError: null,
        });
      else set({ listError: envelope.error });
    },

    openConversation: async (id) => {
      set({ activeId: id, tab: 'chat', conversationError: null });
      await get().reloadConversation(id);
    },

    reloadConversation: async (id) => {
      const ticket = (loadTickets.get(id) ?? 0) + 1;
      loadTickets.set(id, ticket);
      const envelope = await invoke('conversations.get', { id });
      if (loadTickets.get(id) !== ticket) return;
      if (envelope.ok) {
        set((s) => ({
          open: { ...s.open, [id]: envelope.data },
          summaries: withSummary(s.summaries, summaryOf(envelope.data)),
        }));
      } else if (get().activeId === id) {
        set({ conversationError: envelope.error });
      }
    },

    startNewChat: () => {
      set({ activeId: null, tab: 'chat', conversationError: null });
      get().requestComposerFocus();
    },

    setNewChatModel: (model) => set({ newChatModel: model }),

    createConversation: async () => {
      const model = get().newChatModel ?? get().settings?.defaultModel ?? '';
      const envelope = await invoke('conversations.create', model ? { model } : {});
      if (!envelope.ok) return envelope.error;
      const created = envelope.data;
      set((s) => ({
        activeId: created.id,
        open: { ...s.open, [created.id]: created },
        summaries: withSummary(s.summaries, summaryOf(created)),
        // The new chat's unsent text moves with it.
        drafts: { ...s.drafts, [created.id]: s.drafts[''] ?? '', '': '' },
      }));
      return created.id;
    },

    updateConversation: async (id, patch) => {
      const envelope = await invoke('conversations.update', { id, ...patch });
      if (!envelope.ok) return envelope.error;
      set((s) => ({
        open: { ...s.open, [id]: envelope.data },
        summaries: withSummary(s.summaries, summaryOf(envelope.data)),
      }));
      return null;
    },

    deleteConversation: async (id) => {
      const envelope = await invoke('conversations.delete', { id });
      if (!envelope.ok) return envelope.error;
      set((s) => {
        const open = { ...s.open };
        delete open[id];
        return {
          open,
          summaries: s.summaries.filter((item) => item.id !== id),
          searchHits: s.searchHits?.filter((hit) => hit.conversationId !== id) ?? null,
          activeId: s.activeId === id ? null : s.activeId,
        };
      });
      return null;
    },

    searchConversations: async (query) => {
      const ticket = ++searchTicket;
      set({ searchQuery: query });
      if (query.trim() === '') {
        set({ searchHits: null });
        return;
      }
      // Word hits, then (when semantic search is on) hits by meaning.
      const envelope = await invoke('semantic.search', { query });
      if (ticket !== searchTicket) return;
      set({ searchHits: envelope.ok ? envelope.data : [] });
    },
  };
};
