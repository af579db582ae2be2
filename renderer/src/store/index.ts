// The renderer's store: one zustand store combined from feature slices (no middleware needed).
import { create } from 'zustand';
import { createAttachmentsSlice, type AttachmentsSlice } from './attachments-slice';
import { createAudioSlice, type AudioSlice } from './audio-slice';
import { createBalanceSlice, type BalanceSlice } from './balance-slice';
import { createChatSlice, type ChatSlice } from './chat-slice';
import { createCompareSlice, type CompareSlice } from './compare-slice';
import { createConversationsSlice, type ConversationsSlice } from './conversations-slice';
import { createDocumentsSlice, type DocumentsSlice } from './documents-slice';
import { createFirstRunSlice, type FirstRunSlice } from './firstrun-slice';
import { createForkSlice, type ForkSlice } from './fork-slice';
import { createImageFormSlice, type ImageFormSlice } from './images-form-slice';
import { createImageGallerySlice, type ImageGallerySlice } from './images-gallery-slice';
import { createImageRunSlice, type ImageRunSlice } from './images-run-slice';
import { createLinksSlice, type LinksSlice } from './links-slice';
import { createMcpSlice, type McpSlice } from './mcp-slice';
import { createModelsSlice, type ModelsSlice } from './models-slice';
import { createOrganiseSlice, type OrganiseSlice } from './organise-slice';
import { createPromptsSlice, type PromptsSlice } from './prompts-slice';
import { createRateSlice, type RateSlice } from './rate-slice';
import { createSettingsSlice, type SettingsSlice } from './settings-slice';
import { createSpendingSlice, type SpendingSlice } from './spending-slice';
import { createStorageSlice, type StorageSlice } from './storage-slice';
import { createStudioSlice, type StudioSlice } from './studio-slice';
import { createUiSlice, type UiSlice } from './ui-slice';
import { createVideoSlice, type VideoSlice } from './video-slice';
import { createVoiceSlice, type VoiceSlice } from './voice-slice';

export type AppState = UiSlice &
  SettingsSlice &
  BalanceSlice &
  ModelsSlice &
  ConversationsSlice &
  ChatSlice &
  CompareSlice &
  ImageFormSlice &
  ImageRunSlice &
  ImageGallerySlice &
  AudioSlice &
  VideoSlice &
  AttachmentsSlice &
  DocumentsSlice &
  RateSlice &
  LinksSlice &
  FirstRunSlice &
  OrganiseSlice &
  McpSlice &
  StorageSlice &
  SpendingSlice &
  ForkSlice &
  PromptsSlice &
  StudioSlice &
  VoiceSlice;

export const useAppStore = create<AppState>()((...args) => ({
  ...createUiSlice(...args),
  ...createSettingsSlice(...args),
  ...createBalanceSlice(...args),
  ...createModelsSlice(...args),
  ...createConversationsSlice(...args),
  ...createChatSlice(...args),
  ...createImageFormSlice(...args),
  ...createImageRunSlice(...args),
  ...createImageGallerySlice(...args),
  ...createAudioSlice(...args),
  ...createVideoSlice(...args),
  ...createAttachmentsSlice(...args),
  ...createDocumentsSlice(...args),
  ...createRateSlice(...args),
  ...createLinksSlice(...args),
  ...createFirstRunSlice(...args),
  ...createOrganiseSlice(...args),
  ...createMcpSlice(...args),
  ...createStorageSlice(...args),
  ...createSpendingSlice(...args),
  ...createForkSlice(...args),
  ...createPromptsSlice(...args),
  ...createStudioSlice(...args),
  ...createVoiceSlice(...args),
  ...createCompareSlice(...args),
}));

export type { Tab } from './ui-slice';
