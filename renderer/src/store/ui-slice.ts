// UI state shared across features: the open tab and focus requests from keyboard shortcuts.
import type { SliceCreator } from './slice';

export type Tab = 'chat' | 'images' | 'audio' | 'video' | 'documents' | 'settings';

export interface UiSlice {
  tab: Tab;
  setTab(tab: Tab): void;
  /** Bumped to ask the conversation search box to take focus (Ctrl/Cmd+K). */
  searchFocusRequest: number;
  requestSearchFocus(): void;
  composerFocusRequest: number;
  requestComposerFocus(): void;
}

export const createUiSlice: SliceCreator<UiSlice> = (set) => ({
  tab: 'chat',
  setTab: (tab) => set({ tab }),
  searchFocusRequest: 0,
  requestSearchFocus: () => set((s) => ({ searchFocusRequest: s.searchFocusRequest + 1 })),
  composerFocusRequest: 0,
  requestComposerFocus: () => set((s) => ({ composerFocusRequest: s.composerFocusRequest + 1 })),
});
