// Folders, the archive view, selecting many conversations, and assistants a new chat starts from.
import type { InvokeInput } from '../../../shared/channels';
import { summaryOf } from '../../../shared/conversations';
import type { Assistant, Folder, UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { ConversationsSlice } from './conversations-slice';
import type { SettingsSlice } from './settings-slice';
import type { SliceCreator } from './slice';
import type { UiSlice } from './ui-slice';

export type AssistantDraft = InvokeInput<'assistants.save'>;

export interface OrganiseSlice {
  folders: Folder[];
  /** Folder ids whose conversations are hidden in the sidebar. */
  collapsedFolders: string[];
  /** The sidebar shows the archived conversations instead of the main list. */
  showArchived: boolean;
  /** Select mode: checkboxes instead of links. */
  selecting: boolean;
  selectedIds: string[];
  assistants: Assistant[];
  assistantsOpen: boolean;

  loadFolders(): Promise<void>;
  createFolder(name: string): Promise<UserError | null>;
  renameFolder(id: string, name: string): Promise<UserError | null>;
  deleteFolder(id: string): Promise<UserError | null>;
  toggleFolder(id: string): void;
  setShowArchived(show: boolean): void;

  setSelecting(on: boolean): void;
  /** Sets the given conversations' checkboxes to `selected`. */
  selectConversations(ids: string[], selected: boolean): void;
  /** Files the conversation in a folder (null: none). */
  moveToFolder(ids: string[], folderId: string | null): Promise<UserError | null>;
  setArchived(ids: string[], archived: boolean): Promise<UserError | null>;
  deleteConversations(ids: string[]): Promise<UserError | null>;

  loadAssistants(): Promise<void>;
  saveAssistant(draft: AssistantDraft): Promise<Assistant | UserError>;
  deleteAssistant(id: string): Promise<UserError | null>;
  setAssistantsOpen(open: boolean): void;
  /** Creates a conversation with the assistant's prompt, model and parameters, and opens it. */
  startChatWith(assistant: Assistant): Promise<UserError | null>;
}

export const createOrganiseSlice: SliceCreator<
  OrganiseSlice,
  ConversationsSlice & SettingsSlice & UiSlice
> = (set, get) => {
  /** Runs the calls one after another; the first failure is answered (the rest still run). */
  async function each(
    ids: string[],
    run: (id: string) => Promise<UserError | null>,
  ): Promise<UserError | null> {
    let first: UserError | null = null;
    for (const id of ids) first = (await run(id)) ?? first;
    return first;
  }

  return {
    folders: [],
    collapsedFolders: [],
    showArchived: false,
    selecting: false,
    selectedIds: [],
    assistants: [],
    assistantsOpen: false,

    loadFolders: async () => {
      const envelope = await invoke('folders.list', {});
      if (envelope.ok) set({ folders: envelope.data });
    },

    createFolder: async (name) => {
      const envelope = await invoke('folders.create', { name });
      if (!envelope.ok) return envelope.error;
      await get().loadFolders();
      return null;
    },

    renameFolder: async (id, name) => {
      const envelope = await invoke('folders.rename', { id, name });
      if (!envelope.ok) return envelope.error;
      await get().loadFolders();
      return null;
    },

    deleteFolder: async (id) => {
      const envelope = await invoke('folders.delete', { id });
      if (!envelope.ok) return envelope.error;
      set((s) => ({
        folders: s.folders.filter((f) => f.id !== id),
        // Its conversations are in no folder now (core also says so with conversations.changed).
        summaries: s.summaries.map((c) => (c.folderId === id ? { ...c, folderId: null } : c)),
      }));
      return null;
    },

    toggleFolder: (id) =>
      set((s) => ({
        collapsedFolders: s.collapsedFolders.includes(id)
          ? s.collapsedFolders.filter((f) => f !== id)
          : [...s.collapsedFolders, id],
      })),

    setShowArchived: (show) => set({ showArchived: show, selectedIds: [] }),

    setSelecting: (on) => set({ selecting: on, selectedIds: [] }),

    selectConversations: (ids, selected) =>
      set((s) => {
        const next = new Set(s.selectedIds);
        for (const id of ids) {
          if (selected) next.add(id);
          else next.delete(id);
        }
        return { selectedIds: [...next] };
      }),

    moveToFolder: (ids, folderId) => each(ids, (id) => get().updateConversation(id, { folderId })),

    setArchived: (ids, archived) => each(ids, (id) => get().updateConversation(id, { archived })),

    deleteConversations: async (ids) => {
      const failure = await each(ids, (id) => get().deleteConversation(id));
      set((s) => ({ selectedIds: s.selectedIds.filter((id) => !ids.includes(id)) }));
      return failure;
    },

    loadAssistants: async () => {
      const envelope = await invoke('assistants.list', {});
      if (envelope.ok) set({ assistants: envelope.data });
    },

    saveAssistant: async (draft) => {
      const envelope = await invoke('assistants.save', draft);
      if (!envelope.ok) return envelope.error;
      await get().loadAssistants();
      return envelope.data;
    },

    deleteAssistant: async (id) => {
      const envelope = await invoke('assistants.delete', { id });
      if (!envelope.ok) return envelope.error;
      set((s) => ({ assistants: s.assistants.filter((a) => a.id !== id) }));
      return null;
    },

    setAssistantsOpen: (open) => set({ assistantsOpen: open }),

    startChatWith: async (assistant) => {
      const model =
        assistant.model.trim() || get().newChatModel || get().settings?.defaultModel || '';
      const envelope = await invoke('conversations.create', {
        ...(model ? { model } : {}),
        systemPrompt: assistant.systemPrompt,
        temperature: assistant.temperature,
        maxTokens: assistant.maxTokens,
        assistant: { id: assistant.id, name: assistant.name },
      });
      if (!envelope.ok) return envelope.error;
      const created = envelope.data;
      get().applyConversationChange({ id: created.id, summary: summaryOf(created) });
      await get().openConversation(created.id);
      get().requestComposerFocus();
      return null;
    },
  };
};
