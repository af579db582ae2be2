// Domain types shared by core, main, the web host and the renderer (no runtime code).
// Each domain declares its own (types-<domain>.ts); this file re-exports them all.
export type { ErrorCode, UserError, Envelope, ServiceRetry } from './types-errors';
export type {
  Language,
  PriceBasis,
  SpendUnits,
  SpendLimits,
  Theme,
  RatePlan,
  SettingsView,
  ConnectionCheck,
  BalanceState,
  Balance,
} from './types-settings';
export type { ModelKind, ModelInfo, PriceUnit, UnitPrice, ModelLimits } from './types-models';
export type {
  Usage,
  MessageStatus,
  ChatMessage,
  ConversationSummary,
  ConversationAssistant,
  Conversation,
  OpenedConversation,
  StorageProblem,
  ConversationList,
  ChatEvent,
  Folder,
  Assistant,
} from './types-conversations';
export type { SearchHit, HitRange, WordIndexProblem, WordIndexStatus } from './types-search';
export type {
  MediaKind,
  StoredFile,
  MediaValue,
  MediaItem,
  MediaPage,
  TranscriptSegment,
  Transcript,
  VideoJobPhase,
  VideoJob,
  MediaUsage,
} from './types-media';
