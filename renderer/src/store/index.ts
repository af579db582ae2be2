// The renderer's store: one zustand store combined from feature slices (no middleware needed).
import { create } from 'zustand';
import { createBalanceSlice } from './balance-slice';
import { createChatSlice } from './chat-slice';
import { createConversationsSlice } from './conversations-slice';
import { createModelsSlice } from './models-slice';
import { createSettingsSlice } from './settings-slice';
import type { AppState } from './types';
import { createUiSlice } from './ui-slice';

export const useAppStore = create<AppState>()((...args) => ({
  ...createUiSlice(...args),
  ...createSettingsSlice(...args),
  ...createBalanceSlice(...args),
  ...createModelsSlice(...args),
  ...createConversationsSlice(...args),
  ...createChatSlice(...args),
}));

export type { AppState, Tab } from './types';
