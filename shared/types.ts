// Domain types shared by core, main, the web host and the renderer (no runtime code).
import type { MessageAttachment } from './attachments';
import type {
  AnswerFormat,
  ConversationTools,
  JsonCheck,
  SourceLink,
  ToolRound,
  ToolServerUnavailable,
} from './tools';

export type Language = 'en' | 'ru';

/**
 * What the list's token prices are read as: 'auto' guesses per price (shared/prices.ts), 'token'
 * and 'million' are the person's choice in Settings when the guess is wrong. Every figure follows it.
 */
export type PriceBasis = 'auto' | 'token' | 'million';

/** What a call was counted in; only the units it has are present. */
export interface SpendUnits {
  promptTokens?: number;
  completionTokens?: number;
  images?: number;
  seconds?: number;
  characters?: number;
  pages?: number;
  /** Requests of a model priced per call (a search model's fee, on top of its tokens). */
  calls?: number;
}

/** The person's limits, in credits; null: none. */
export interface SpendLimits {
  /** A single action estimated above this asks first. */
  askAbove: string | null;
  daily: string | null;
  monthly: string | null;
}

export type Theme = 'light' | 'dark' | 'system';
export type RatePlan = 'standard' | 'fast' | 'custom';

/** What the renderer may know of the settings: never the key, only whether one is set. */
export interface SettingsView {
  baseUrl: string;
  ratePlan: RatePlan;
  /** Requests per second on the custom plan (kept while another plan is chosen). */
  customRequestsPerSecond: number;
  defaultModel: string;
  language: Language;
  theme: Theme;
  keySet: boolean;
  /** Last 4 characters of the key, for the user to recognise it. */
  keyLast4: string | null;
  /** True when the base URL points at the built-in demo service. */
  demo: boolean;
  /**
   * The service host (scheme and name) a stored key belongs to, when that is not the base URL's
   * host: the key is kept, but never sent to another host; enter it again to use it here.
   */
  keyElsewhere: string | null;
  /**
   * Where the key in use is kept: 'saved' (encrypted by the system keychain, or stored anyway by
   * the person's choice), 'session' (no keychain: only until Atelier closes), null (no key).
   */
  keyStorage: 'saved' | 'session' | null;
  /** False when the system has no keychain (Linux without a secret service). */
  keychain: boolean;
  /**
   * The last check of the key in use against the service (key.check), this session: 'working',
   * 'refused' (the service refused it: it is kept, but marked not working), or null (not checked,
   * or the check could not reach the service).
   */
  keyCheck?: 'working' | 'refused' | null;
  /** Name a conversation with a model after its first answer (unless renamed); absent: true. */
  autoTitle?: boolean;
  /** The model that names conversations; '' for the conversation's own model. */
  titleModel?: string;
  /** Rounds of tool calls one answer may take (TOOL_ROUND_LIMIT); absent: the default. */
  toolRoundLimit?: number;
  /** What the list's token prices are read as (shared/prices.ts); absent: 'auto'. */
  priceBasis?: PriceBasis;
  /** The person's per-action threshold and budgets; absent: none. */
  spendLimits?: SpendLimits;
}

/** What asking the service with an address and a key found (key.check). */
export interface ConnectionCheck {
  /**
   * connected: the model list came and the key was not refused; refused: the service refused the
   * key; unreachable: nothing answered at the address; failed: it answered, but not with a list.
   */
  outcome: 'connected' | 'refused' | 'unreachable' | 'failed';
  /** The address's host, to name it in words. */
  host: string;
  /** Models in the list, when it came. */
  modelCount: number | null;
  /** The balance as asked with this key, when the list came. */
  balance: Balance | null;
  /** Why it is not connected, with the service's words when it gave them. */
  error: UserError | null;
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
  /** Media rules the list entry states (absent from older caches and from services that omit them). */
  limits?: ModelLimits;
  /** Input modalities, only when the list entry states them ('text', 'image', 'audio'...). */
  inputs?: string[];
  /** A fixed price per picture, second, minute, page or call, only when the list entry states it. */
  unitPrice?: UnitPrice;
}

/** What a fixed price is charged per, when the list states it. */
export type PriceUnit = 'image' | 'second' | 'minute' | 'page' | 'call';

/** A fixed price the list entry states beside the token prices (per picture, second, …). */
export interface UnitPrice {
  /** As the service gives it (a decimal string of credits). */
  price: string;
  unit: PriceUnit;
}

/** Fields some list entries add for media models. */
export interface ModelLimits {
  maxSourceImages?: number;
  requiresAspectRatio?: boolean;
  sizes?: string[];
  durations?: number[];
  endImage?: boolean;
  maxSeconds?: number;
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
  | 'too_large'
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
  /**
   * True when `message` quotes the service's own answer; otherwise it is Atelier's finding
   * (no address set, cannot connect, a file refused) and must not be shown as the service's words.
   */
  fromService?: boolean;
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
  /** Images, audio and documents sent with a user message. */
  attachments?: MessageAttachment[];
  /**
   * The OTHER versions at this position: each a tail (a message and what followed it on that
   * branch; forks further on live inside). Absent: this position has one version. See shared/versions.ts.
   */
  alternatives?: ChatMessage[][];
  /** This (active) version's place among all versions at this position, from 0. */
  alternativeIndex?: number;
  /**
   * An answer that used tools: the rounds in which the model asked for them, in order (what it
   * wrote first, its calls and their results). `content` is the text after the last round.
   */
  toolRounds?: ToolRound[];
  /** The turn reached this limit of tool rounds: the text after them was written without tools. */
  toolRoundLimit?: number;
  /** Chosen MCP servers that could not start for this turn, so their tools were not offered. */
  toolsUnavailable?: ToolServerUnavailable[];
  /** A JSON answer (Answer format JSON or JSON with a schema): what core found of it. */
  jsonCheck?: JsonCheck;
  /** A web-search answer's links, from the service's annotations or else from the text. */
  sources?: SourceLink[];
}

export interface ConversationSummary {
  id: string;
  title: string;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
  model: string;
  messageCount: number;
  /** The folder it sits in (a Folder's id); null or absent: none. Core always states it. */
  folderId?: string | null;
  /** Moved out of the main list into the Archived view; absent: false. Core always states it. */
  archived?: boolean;
  /** Started from this assistant (its name then); absent: a plain chat. */
  assistant?: ConversationAssistant;
}

/** The assistant a conversation was started from, as it was named then. */
export interface ConversationAssistant {
  id: string;
  name: string;
}

export interface Conversation extends ConversationSummary {
  /** The file form: 2 added message versions (files of version 1 still load). */
  version: 2;
  systemPrompt: string;
  temperature: number | null;
  /** null: the default (4096 capped by the model's context). */
  maxTokens: number | null;
  /** Messages before this index are kept but no longer sent (the user trimmed the history). */
  contextStart: number;
  messages: ChatMessage[];
  /** Tools offered in this conversation; absent: on for models known to take tools, when servers exist. */
  tools?: ConversationTools;
  /** Absent: free text. */
  answerFormat?: AnswerFormat;
  /** The conversation's own budget in credits (decimal string); absent or null: none. */
  budget?: string | null;
}

/** A conversation as `conversations.get` answers it: with `lastMessages`, maybe only its end. */
export interface OpenedConversation extends Conversation {
  /** Messages left out before `messages` (only when `lastMessages` asked for fewer than it has). */
  earlierMessages?: number;
}

export interface StorageProblem {
  file: string;
  reason: string;
}

export interface ConversationList {
  /** In the list's order (compareSummaries); only the first `limit` when the call asked for a page. */
  items: ConversationSummary[];
  /** How many conversations there are: more than `items` holds when a page was asked for. */
  total: number;
  /** Files that could not be read; the rest still loads. */
  problems: StorageProblem[];
}

export interface SearchHit {
  conversationId: string;
  title: string;
  messageId: string | null;
  snippet: string;
  /** How it was found: the words themselves, or by meaning (semantic search). Absent: words. */
  match?: 'words' | 'meaning';
  /** Meaning hits: the cosine similarity, 0..1. */
  score?: number;
  /** A hit in an extracted document (then conversationId is ''). */
  documentId?: string;
  /** Word hits: where the matched words are in `snippet` (UTF-16 offsets, end exclusive), to highlight. */
  ranges?: HitRange[];
  /** Word hits not in the message as shown: in another version of it, or in a file attached to it. */
  foundIn?: { kind: 'version' } | { kind: 'file'; name: string };
}

/** A stretch of a hit's snippet to highlight. */
export interface HitRange {
  start: number;
  end: number;
}

/**
 * Why word search may miss hits now: its index was damaged and is built again from the
 * conversations ('rebuilding'), the disk refused some of its writes ('stale'), or it cannot
 * answer at all ('unavailable'). The conversations themselves are not affected.
 */
export type WordIndexProblem = 'rebuilding' | 'stale' | 'unavailable';

/** The word index behind search: while it is still being built, hits may be missing. */
export interface WordIndexStatus {
  indexing: boolean;
  /** Conversations indexed so far, of `total`. */
  indexed: number;
  total: number;
  /** Absent while the index is whole. */
  problem?: WordIndexProblem;
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

/** Streamed to the renderer while a turn runs; batched, at most one delta event per `CHAT_DELTA_INTERVAL_MS`. */
export type ChatEvent =
  | {
      type: 'start';
      conversationId: string;
      messageId: string;
      model: string;
      /** The user message being answered, as saved; what followed it is gone from the active path. */
      question: ChatMessage;
      contextStart: number;
      summary: ConversationSummary;
      /** The question's place on the active path (an edit forks there with a new message id). */
      questionIndex?: number;
      /** When continuing a cut answer: that answer as it stands; the deltas add to its text. */
      continues?: ChatMessage;
    }
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
  /**
   * The answer's tool rounds changed (a round ended with calls, a call was decided, ran or
   * finished): the rounds as they stand, and the answer's text now (a new round starts empty).
   */
  | {
      type: 'tools';
      conversationId: string;
      messageId: string;
      rounds: ToolRound[];
      content: string;
    }
  | { type: 'done'; conversationId: string; message: ChatMessage; summary: ConversationSummary }
  | {
      type: 'error';
      conversationId: string;
      message: ChatMessage;
      error: UserError;
      summary: ConversationSummary;
    };

/** What the media library keeps: pictures, sounds and films the app made or the user imported. */
export type MediaKind = 'image' | 'audio' | 'video';

/** A finished upload, held in core's file store until a feature uses it. */
export interface StoredFile {
  fileId: string;
  /** The name the user's file had. */
  name: string;
  /** The type the browser or the user claimed. */
  mime: string;
  /** What the bytes are (e.g. 'application/pdf'), or null when unknown; check this, not `mime`. */
  sniffedMime: string | null;
  size: number;
  /** Hex sha256 of the bytes. */
  sha256: string;
}

/** Plain JSON values for a media item's request parameters and feature-specific facts. */
export type MediaValue = string | number | boolean | null;

export interface MediaItem {
  /** Unique across kinds; shown with `media/<id>` URLs. */
  id: string;
  kind: MediaKind;
  /** What the stored bytes are (sniffed when possible). */
  mime: string;
  size: number;
  title: string;
  createdAt: string;
  /** The model that made it; null for imported files. */
  model: string | null;
  /** Cost in credits as the service reported it (decimal string). */
  cost: string | null;
  /** The request's parameters (prompt, size, voice, …), to show and to make it again. */
  params: Record<string, MediaValue>;
  /** Ids of the media items this was made from (e.g. the picture a video animates). */
  sources: string[];
  /** Feature-specific facts (duration, transcript id, …). */
  extra: Record<string, MediaValue>;
  /** Pixel size of images; null for other kinds or when unreadable. */
  width: number | null;
  height: number | null;
  /** Whether `media/<id>?thumb=1` serves a small PNG (otherwise it serves the full file). */
  hasThumb: boolean;
}

export interface MediaPage {
  items: MediaItem[];
  total: number;
}

/** One stretch of a transcript; `speaker` is set by diarization models (SPEAKER_00, …). */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  speaker: string | null;
}

export interface Transcript {
  /** Its key in the kept history (transcripts.json). */
  id: string;
  text: string;
  /** Timed segments when asked for (verbose_json); null for plain text. */
  segments: TranscriptSegment[] | null;
  language: string | null;
  model: string;
  fileName: string;
  cost: string | null;
  createdAt: string;
  /** Seconds of audio when known (measured from a WAV, or the last segment's end). */
  duration?: number | null;
}

/** An automatic resend of a user's request after a 429 or 504, for a "retrying" note. */
export interface ServiceRetry {
  attempt: number;
  maxAttempts: number;
  reason: ErrorCode;
}

/** running: polling; downloading: COMPLETED, fetching the file; download_failed: retry offered. */
export type VideoJobPhase = 'running' | 'downloading' | 'completed' | 'failed' | 'download_failed';

export interface VideoJob {
  /** Atelier's own id; the service's is requestId. */
  id: string;
  requestId: string;
  model: string;
  prompt: string;
  aspectRatio: string;
  /** 0: the model's default. */
  duration: number;
  createdAt: string;
  finishedAt: string | null;
  /** The service's last status value, as it gave it (IN_QUEUE, processing, an unknown one, …). */
  status: string;
  phase: VideoJobPhase;
  /** Why the service failed the job (FAILED). */
  reason: string | null;
  /** The last poll's or download's failure; polling goes on after a poll failure. */
  error: UserError | null;
  /** The downloaded video in the media library. */
  mediaId: string | null;
  cost: string | null;
  /** Credits after a failed job (the service refunds it). */
  balanceAfter: string | null;
  polls: number;
  lastPolledAt: string | null;
}

/** A folder conversations can be put in. */
export interface Folder {
  id: string;
  name: string;
  createdAt: string;
}

/** A saved preset a new chat can start from: its prompt, model and parameters. */
export interface Assistant {
  id: string;
  name: string;
  systemPrompt: string;
  /** '' uses the default model. */
  model: string;
  temperature: number | null;
  maxTokens: number | null;
  /** Shipped with Atelier: can be copied, not changed or deleted. */
  builtIn: boolean;
}

/** Where a media item is shown: the conversations whose messages reference it. */
export interface MediaUsage {
  conversations: { id: string; title: string }[];
}
