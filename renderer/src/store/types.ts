// The shape of the renderer's one zustand store, assembled from per-feature slices.
import type {
  Balance,
  Conversation,
  ConversationSummary,
  ModelInfo,
  SearchHit,
  SettingsView,
  StorageProblem,
  UserError,
  ChatEvent,
} from '../../../shared/types';
import type { ImagesSlice } from './images-slice';
import type { AudioSlice } from './audio-slice';
import type { VideoSlice } from './video-slice';
import type { MessageAttachment } from '../../../shared/attachments';
import type { AttachmentsSlice } from './attachments-slice';
import type { DocumentsSlice } from './documents-slice';

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

export interface SettingsSlice {
  settings: SettingsView | null;
  applySettings(view: SettingsView): void;
  /** Each returns the failure, or null on success. */
  updateSettings(patch: SettingsPatch): Promise<UserError | null>;
  saveKey(key: string): Promise<UserError | null>;
  clearKey(): Promise<UserError | null>;
  useDemoService(): Promise<UserError | null>;
}

export interface SettingsPatch {
  baseUrl?: string;
  ratePlan?: SettingsView['ratePlan'];
  defaultModel?: string;
  language?: SettingsView['language'];
  theme?: SettingsView['theme'];
}

export interface BalanceSlice {
  balance: Balance | null;
  balanceLoading: boolean;
  refreshBalance(force: boolean): Promise<void>;
  applyBalance(balance: Balance): void;
}

export interface ModelsSlice {
  models: ModelInfo[];
  modelsLoading: boolean;
  modelsError: UserError | null;
  loadModels(refresh: boolean): Promise<void>;
}

export interface ConversationPatch {
  title?: string;
  pinned?: boolean;
  model?: string;
  systemPrompt?: string;
  temperature?: number | null;
  maxTokens?: number | null;
}

export interface ConversationsSlice {
  summaries: ConversationSummary[];
  listProblems: StorageProblem[];
  listError: UserError | null;
  /** null: a new chat not yet created (it is created by its first message). */
  activeId: string | null;
  /** Conversations loaded in full, by id. */
  open: Record<string, Conversation>;
  /** The model picked for a new chat before it exists. */
  newChatModel: string | null;
  searchQuery: string;
  searchHits: SearchHit[] | null;
  conversationError: UserError | null;
  loadConversations(): Promise<void>;
  openConversation(id: string): Promise<void>;
  reloadConversation(id: string): Promise<void>;
  startNewChat(): void;
  /** Creates the new chat (with the model picked for it) and makes it active; returns its id. */
  createConversation(): Promise<string | UserError>;
  setNewChatModel(model: string): void;
  updateConversation(id: string, patch: ConversationPatch): Promise<UserError | null>;
  deleteConversation(id: string): Promise<UserError | null>;
  searchConversations(query: string): Promise<void>;
}

export interface StreamState {
  /** '' until core names the new message. */
  messageId: string;
  content: string;
  reasoning: string;
  model: string;
  retrying: { attempt: number; maxAttempts: number } | null;
  waitingUntil: number | null;
}

/** What the user asked for, so a failed turn can be sent again as it was. */
export type TurnRequest =
  | { kind: 'send'; text: string; attachments?: MessageAttachment[] }
  | { kind: 'regenerate'; messageId?: string }
  | { kind: 'edit'; messageId: string; text: string };

export interface TurnFailure {
  error: UserError;
  request: TurnRequest;
}

export interface ChatSlice {
  /** Running answers, by conversation id. */
  streams: Record<string, StreamState>;
  /** Turns core refused before any answer started, by conversation id. */
  turnFailures: Record<string, TurnFailure>;
  /** Unsent composer text, by conversation id ('' for a new chat). */
  drafts: Record<string, string>;
  setDraft(conversationKey: string, text: string): void;
  sendTurn(request: TurnRequest, trimOldest?: boolean): Promise<void>;
  stopStreaming(conversationId: string): Promise<void>;
  dismissTurnFailure(conversationId: string): void;
  applyChatEvents(events: ChatEvent[]): void;
}

export type AppState = ImagesSlice &
  AudioSlice &
  VideoSlice &
  AttachmentsSlice &
  DocumentsSlice &
  UiSlice &
  SettingsSlice &
  BalanceSlice &
  ModelsSlice &
  ConversationsSlice &
  ChatSlice;
