// Saved prompts: the list the Message box's "/" offers, and the manager's add, edit and delete.
import type { InvokeInput } from '../../../shared/channels';
import type { Prompt } from '../../../shared/prompts';
import type { UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';

export type PromptDraft = InvokeInput<'prompts.save'>;

export interface PromptsSlice {
  /** null until first asked for. */
  prompts: Prompt[] | null;
  promptsError: UserError | null;
  promptManagerOpen: boolean;
  /** Asks core again (the "/" menu does on opening, so a restore or another window shows). */
  loadPrompts(): Promise<void>;
  savePrompt(draft: PromptDraft): Promise<Prompt | UserError>;
  deletePrompt(id: string): Promise<UserError | null>;
  setPromptManagerOpen(open: boolean): void;
}

export const createPromptsSlice: SliceCreator<PromptsSlice> = (set, get) => ({
  prompts: null,
  promptsError: null,
  promptManagerOpen: false,

  loadPrompts: async () => {
    const envelope = await invoke('prompts.list', {});
    if (envelope.ok) set({ prompts: envelope.data, promptsError: null });
    else set({ promptsError: envelope.error });
  },

  savePrompt: async (draft) => {
    const envelope = await invoke('prompts.save', draft);
    if (!envelope.ok) return envelope.error;
    await get().loadPrompts();
    return envelope.data;
  },

  deletePrompt: async (id) => {
    const envelope = await invoke('prompts.delete', { id });
    if (!envelope.ok) return envelope.error;
    set((s) => ({ prompts: s.prompts?.filter((p) => p.id !== id) ?? null }));
    return null;
  },

  setPromptManagerOpen: (open) => set({ promptManagerOpen: open }),
});
