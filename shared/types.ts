// Domain types shared by core, main, the web host and the renderer (no runtime code).

export type Language = 'en' | 'ru';
export type Theme = 'light' | 'dark' | 'system';
export type RatePlan = 'standard' | 'fast';

/** What the renderer may know of the settings: never the key, only whether one is set. */
export interface SettingsView {
  baseUrl: string;
  ratePlan: RatePlan;
  defaultModel: string;
  language: Language;
  theme: Theme;
  keySet: boolean;
  /** Last 4 characters of the key, for the user to recognise it. */
  keyLast4: string | null;
  /** True when the base URL points at the built-in demo service. */
  demo: boolean;
}

export type ModelKind =
  | 'chat'
  | 'vision'
  | 'image'
  | 'image-edit'
  | 'speech-to-text'
  | 'text-to-speech'
  | 'music'
  | 'text-to-video'
  | 'image-to-video'
  | 'embedding'
  | 'utility'
  | 'other';

export interface ModelInfo {
  id: string;
  name: string;
  kind: ModelKind;
  /** Prices exactly as the service gives them (decimal strings), never parsed into floats. */
  promptPrice: string | null;
  completionPrice: string | null;
  contextLength: number | null;
  /** Badges such as 'tools', 'structured-outputs', 'vision', 'reasoning', 'web-search'. */
  badges: string[];
  /** The service's description, when it gives one. */
  description: string | null;
}

export interface Usage {
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
  /** Cost in credits as a decimal string, when the service reports it. */
  cost: string | null;
}

/** Stable codes for every way a call can fail; the renderer turns each into words and advice. */
export type ErrorCode =
  | 'no_key'
  | 'key_unknown'
  | 'foreign_key'
  | 'no_funds'
  | 'per_request_limit'
  | 'not_in_plan'
  | 'context_exceeded'
  | 'max_tokens_too_large'
  | 'moderation'
  | 'rate_limited'
  | 'upstream_timeout'
  | 'model_unavailable'
  | 'bad_request'
  | 'server_error'
  | 'bad_gateway'
  | 'malformed_response'
  | 'network'
  | 'bad_base_url'
  | 'cancelled'
  | 'invalid_input'
  | 'not_found'
  | 'storage'
  | 'encryption_unavailable'
  | 'unknown';

export interface UserError {
  code: ErrorCode;
  /** The service's own text (or ours when the service gave none), shown verbatim as the reason. */
  message: string;
  status: number | null;
  /** Whether sending the same request again may succeed. */
  retryable: boolean;
  /** Extra facts for the message, e.g. {needed: 9000, limit: 8192, trimmable: 4}. */
  details?: Record<string, string | number | boolean>;
}

export type Envelope<T> = { ok: true; data: T } | { ok: false; error: UserError };

export type MessageStatus = 'done' | 'streaming' | 'stopped' | 'error' | 'interrupted';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** Reasoning text of models that return it; shown collapsed. */
  reasoning?: string;
  createdAt: string;
  /** Model that wrote an assistant message. */
  model?: string;
  status: MessageStatus;
  usage?: Usage;
  error?: UserError;
}

export interface ConversationSummary {
  id: string;
  title: string;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
  model: string;
  messageCount: number;
}

export interface Conversation extends ConversationSummary {
  version: 1;
  systemPrompt: string;
  temperature: number | null;
  /** null: the default (4096 capped by the model's context). */
  maxTokens: number | null;
  /** Messages before this index are kept but no longer sent (the user trimmed the history). */
  contextStart: number;
  messages: ChatMessage[];
}

export interface StorageProblem {
  file: string;
  reason: string;
}

export interface ConversationList {
  items: ConversationSummary[];
  /** Files that could not be read; the rest still loads. */
  problems: StorageProblem[];
}

export interface SearchHit {
  conversationId: string;
  title: string;
  messageId: string | null;
  snippet: string;
}

export type BalanceState = 'ok' | 'off' | 'error' | 'unknown';

export interface Balance {
  /** ok: figures below; off: retrieval disabled or not ok (reason); error: could not ask; unknown: no key. */
  state: BalanceState;
  credits: string | null;
  /** 0 green, 1 yellow, 2 red. */
  userStatus: 0 | 1 | 2 | null;
  userStatusText: string | null;
  subscriptionStatus: string | null;
  /** As the service gives it: 'YYYY-MM-DD HH:MM:SS', Moscow time. */
  subscriptionEnd: string | null;
  /** The same instant in ISO 8601 UTC, for formatting in the user's locale. */
  subscriptionEndUtc: string | null;
  reason: string | null;
  error: UserError | null;
  checkedAt: string | null;
}

/** Streamed to the renderer while a turn runs; batched, at most one delta event per frame. */
export type ChatEvent =
  | { type: 'start'; conversationId: string; messageId: string; model: string }
  | {
      type: 'delta';
      conversationId: string;
      messageId: string;
      content: string;
      reasoning: string;
    }
  | {
      type: 'retrying';
      conversationId: string;
      messageId: string;
      attempt: number;
      maxAttempts: number;
      reason: ErrorCode;
    }
  | { type: 'waiting'; conversationId: string; messageId: string; untilMs: number }
  | { type: 'done'; conversationId: string; message: ChatMessage }
  | { type: 'error'; conversationId: string; message: ChatMessage; error: UserError };
