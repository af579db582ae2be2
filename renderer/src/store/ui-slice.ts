// UI state shared across features: the open tab and focus requests from keyboard shortcuts.
import type { StateCreator } from 'zustand';
import type { AppState, UiSlice } from './types';

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set) => ({
  tab: 'chat',
  setTab: (tab) => set({ tab }),
  searchFocusRequest: 0,
  requestSearchFocus: () => set((s) => ({ searchFocusRequest: s.searchFocusRequest + 1 })),
  composerFocusRequest: 0,
  requestComposerFocus: () => set((s) => ({ composerFocusRequest: s.composerFocusRequest + 1 })),
});
