// Conversation list, search, the open conversation and its per-conversation settings.
import type {
  Conversation,
  ConversationSummary,
  OpenedConversation,
  SearchHit,
  StorageProblem,
  UserError,
  WordIndexProblem,
} from '../../../shared/types';
import type { ConversationPatch, EventPayloads } from '../../../shared/channels';
import { compareSummaries, summaryOf } from '../../../shared/conversations';
import { whenIdle } from '../common/idle';
import { invoke } from '../platform';
import type { SettingsSlice } from './settings-slice';
import type { SliceCreator } from './slice';
import type { UiSlice } from './ui-slice';

export interface ConversationsSlice {
  summaries: ConversationSummary[];
  /** Core has answered the list once (until then an empty list says nothing). */
  listLoaded: boolean;
  /** `summaries` holds every conversation, not only the first page the start paints first. */
  listComplete: boolean;
  listProblems: StorageProblem[];
  listError: UserError | null;
  /** null: a new chat not yet created (it is created by its first message). */
  activeId: string | null;
  /** Conversations loaded in full, by id. */
  open: Record<string, Conversation>;
  /**
   * The last messages of a conversation opening for the first time, shown (read only) until it is
   * loaded in full. Only the message list uses it; everything else waits for `open`.
   */
  openingTail: OpenedConversation | null;
  /** The model picked for a new chat before it exists. */
  newChatModel: string | null;
  searchQuery: string;
  searchHits: SearchHit[] | null;
  /** The word index is still being built: the hits may be incomplete. */
  searchIndexing: boolean;
  /** Why the word index may miss hits (damaged and rebuilt, behind, unavailable); null when whole. */
  searchProblem: WordIndexProblem | null;
  /** The message a search hit opened: the list scrolls to it and marks it for a moment. */
  foundMessage: FoundMessage | null;
  conversationError: UserError | null;
  /** Unsent composer text, by conversation id ('' for a new chat). */
  drafts: Record<string, string>;
  setDraft(conversationKey: string, text: string): void;
  loadConversations(): Promise<void>;
  openConversation(id: string): Promise<void>;
  reloadConversation(id: string): Promise<void>;
  /** Core's word that a conversation's list entry changed (or it was deleted). */
  applyConversationChange(change: EventPayloads['conversations.changed']): void;
  startNewChat(): void;
  /** Creates the new chat (with the model picked for it) and makes it active; returns its id. */
  createConversation(): Promise<string | UserError>;
  setNewChatModel(model: string): void;
  updateConversation(id: string, patch: ConversationPatch): Promise<UserError | null>;
  deleteConversation(id: string): Promise<UserError | null>;
  searchConversations(query: string): Promise<void>;
  /** Opens the hit's conversation at its message. */
  openSearchHit(hit: SearchHit): Promise<void>;
}

export interface FoundMessage {
  conversationId: string;
  messageId: string;
  /** New for every opening, so opening the same hit again scrolls again. */
  seq: number;
}

/**
 * A conversation opening for the first time asks for this many last messages first: more than a
 * screen holds, and a small message to carry, read and draw, where a long conversation in full is
 * megabytes. The whole one follows at once.
 */
export const OPENING_TAIL_MESSAGES = 40;

/**
 * The start asks for the list's first this many conversations (pinned first, then the most recent):
 * more than the sidebar's first rows, folders and all. The rest follows once they are painted.
 */
export const FIRST_LIST_PAGE = 100;

/** The rest of the list is asked for in the first idle moment after the first page, or by then. */
const REST_OF_LIST_WAIT_MS = 200;

/** While the word index builds, a search is asked again this often, so the hits fill in. */
const INDEXING_RETRY_MS = 1000;

/** The list with one entry put in or replaced, in the list's order. */
export function withSummary(
  list: ConversationSummary[],
  summary: ConversationSummary,
): ConversationSummary[] {
  return [...list.filter((item) => item.id !== summary.id), summary].sort(compareSummaries);
}

export const createConversationsSlice: SliceCreator<ConversationsSlice, UiSlice & SettingsSlice> = (
  set,
  get,
) => {
  // Answers can come back out of order; only the newest request for a thing may land.
  const loadTickets = new Map<string, number>();
  let listTicket = 0;
  let searchTicket = 0;
  let foundSeq = 0;

  return {
    summaries: [],
    listLoaded: false,
    listComplete: false,
    listProblems: [],
    listError: null,
    activeId: null,
    open: {},
    openingTail: null,
    newChatModel: null,
    searchQuery: '',
    searchHits: null,
    searchIndexing: false,
    searchProblem: null,
    foundMessage: null,
    conversationError: null,
    drafts: {},

    setDraft: (conversationKey, text) =>
      set((s) => ({ drafts: { ...s.drafts, [conversationKey]: text } })),

    loadConversations: async () => {
      const ticket = ++listTicket;
      // Only the start shows a first page; a reload (after a restore) replaces the list whole.
      const paged = !get().listLoaded;
      const first = await invoke('conversations.list', paged ? { limit: FIRST_LIST_PAGE } : {});
      if (ticket !== listTicket) return;
      if (!first.ok) {
        set({ listLoaded: true, listError: first.error });
        return;
      }
      const complete = first.data.items.length >= first.data.total;
      set({
        summaries: first.data.items,
        listLoaded: true,
        listComplete: complete,
        listProblems: first.data.problems,
        listError: null,
      });
      if (complete) return;
      // The rest once the first page is on screen: a long list's message costs the page about
      // 0.2 ms per conversation to receive, which the first paint no longer waits for.
      await new Promise<void>((resolve) => whenIdle(resolve, REST_OF_LIST_WAIT_MS));
      if (ticket !== listTicket) return;
      const whole = await invoke('conversations.list', {});
      if (ticket !== listTicket) return;
      if (whole.ok)
        set({
          summaries: whole.data.items,
          listComplete: true,
          listProblems: whole.data.problems,
          listError: null,
        });
      else set({ listError: whole.error });
    },

    openConversation: async (id) => {
      set({ activeId: id, tab: 'chat', conversationError: null, foundMessage: null });
      await get().reloadConversation(id);
    },

    reloadConversation: async (id) => {
      const ticket = (loadTickets.get(id) ?? 0) + 1;
      loadTickets.set(id, ticket);
      const withoutTail = (s: ConversationsSlice) =>
        s.openingTail?.id === id ? null : s.openingTail;
      if (!get().open[id]) {
        // Its end first; a failure here is left for the full read to report.
        const tail = await invoke('conversations.get', { id, lastMessages: OPENING_TAIL_MESSAGES });
        if (loadTickets.get(id) !== ticket) return;
        if (tail.ok && tail.data.earlierMessages === undefined) {
          // It was short enough to come whole.
          const whole = tail.data;
          set((s) => ({
            open: { ...s.open, [id]: whole },
            openingTail: withoutTail(s),
            summaries: withSummary(s.summaries, summaryOf(whole)),
          }));
          return;
        }
        if (tail.ok && !get().open[id]) set({ openingTail: tail.data });
      }
      const envelope = await invoke('conversations.get', { id });
      if (loadTickets.get(id) !== ticket) return;
      if (envelope.ok) {
        set((s) => ({
          open: { ...s.open, [id]: envelope.data },
          openingTail: withoutTail(s),
          summaries: withSummary(s.summaries, summaryOf(envelope.data)),
        }));
      } else {
        set((s) => ({ openingTail: withoutTail(s) }));
        if (get().activeId === id) set({ conversationError: envelope.error });
      }
    },

    applyConversationChange: (change) => {
      if (change.id === null) {
        void get().loadConversations();
        return;
      }
      const { id, summary } = change;
      set((s) => {
        if (summary) {
          // A title core gave it (a model named it) shows in the header too.
          const shown = s.open[id];
          const open =
            shown && shown.title !== summary.title
              ? { ...s.open, [id]: { ...shown, title: summary.title } }
              : s.open;
          return { summaries: withSummary(s.summaries, summary), open };
        }
        const open = { ...s.open };
        delete open[id];
        return {
          open,
          openingTail: s.openingTail?.id === id ? null : s.openingTail,
          summaries: s.summaries.filter((item) => item.id !== id),
          activeId: s.activeId === id ? null : s.activeId,
        };
      });
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
          openingTail: s.openingTail?.id === id ? null : s.openingTail,
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
        set({ searchHits: null, searchIndexing: false, searchProblem: null });
        return;
      }
      // Asked first: an index that was done before the search is done for its hits too.
      const status = invoke('semantic.wordsStatus', {});
      // Word hits, then (when semantic search is on) hits by meaning.
      const envelope = await invoke('semantic.search', { query });
      const before = await status;
      // And after: the search itself may have found the index damaged and begun its rebuild.
      const after = await invoke('semantic.wordsStatus', {});
      if (ticket !== searchTicket) return;
      const stillIndexing =
        (before.ok && before.data.indexing) || (after.ok && after.data.indexing);
      set({
        searchHits: envelope.ok ? envelope.data : [],
        searchIndexing: stillIndexing,
        searchProblem: after.ok ? (after.data.problem ?? null) : null,
      });
      if (stillIndexing)
        setTimeout(() => {
          if (ticket === searchTicket) void get().searchConversations(query);
        }, INDEXING_RETRY_MS);
    },

    openSearchHit: async (hit) => {
      await get().openConversation(hit.conversationId);
      if (hit.messageId && get().activeId === hit.conversationId)
        set({
          foundMessage: {
            conversationId: hit.conversationId,
            messageId: hit.messageId,
            seq: ++foundSeq,
          },
        });
    },
  };
};
