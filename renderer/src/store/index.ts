// The renderer's store: one zustand store combined from feature slices (no middleware needed).
import { create } from 'zustand';
import { createBalanceSlice } from './balance-slice';
import { createChatSlice } from './chat-slice';
import { createConversationsSlice } from './conversations-slice';
import { createImagesSlice } from './images-slice';
import { createAudioSlice } from './audio-slice';
import { createVideoSlice } from './video-slice';
import { createAttachmentsSlice } from './attachments-slice';
import { createDocumentsSlice } from './documents-slice';
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
  ...createImagesSlice(...args),
  ...createAudioSlice(...args),
  ...createVideoSlice(...args),
  ...createAttachmentsSlice(...args),
  ...createDocumentsSlice(...args),
}));

export type { AppState, Tab } from './types';
