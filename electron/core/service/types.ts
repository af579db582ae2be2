// The service client's surface: what the rest of core may ask of the service, in wire terms.
import type { ServiceHold } from '../../../shared/rate';
import type { Balance, ErrorCode, ModelInfo, RatePlan, Usage } from '../../../shared/types';
import type { Base64Field } from './streamed-body';

export type Priority = 'user' | 'background';

export interface ServiceConnection {
  /** Ends with /v1, e.g. http://127.0.0.1:7070/v1 */
  baseUrl: string;
  apiKey: string | null;
  /** The debug listener's base; default: the base URL's host on port + 1, same path. */
  debugBaseUrl?: string;
}

export interface RetryInfo {
  attempt: number;
  maxAttempts: number;
  reason: ErrorCode;
  /** Epoch ms when the next attempt may start. */
  untilMs: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** user: a person is waiting; background: refreshes, polling. Users go first. */
  priority?: Priority;
  /** Called before an automatic resend (429, 504), so the UI can say "retrying". */
  onRetry?: (info: RetryInfo) => void;
  /** The request got its turn in the account's rate and leaves now (again on each resend). */
  onSent?: () => void;
}

export interface DownloadOptions extends CallOptions {
  /**
   * What the file holds, for its cap (shared/service-limits.ts). Default video, the largest: a
   * caller that does not say is never refused a real result, and is still bounded.
   */
  holds?: 'image' | 'audio' | 'video';
}

export type WireContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: string }
  | { type: 'input_audio'; input_audio: { data: string; format: string } };

export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface WireMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | WireContentPart[];
  /** An assistant message that asked for tools. */
  tool_calls?: WireToolCall[];
  /** A `tool` message: the call it answers. */
  tool_call_id?: string;
}

export interface ChatRequest {
  model: string;
  messages: WireMessage[];
  temperature?: number;
  max_tokens?: number;
  tools?: unknown[];
  tool_choice?: string;
  response_format?: unknown;
}

export interface ChatStreamOptions extends CallOptions {
  /** Each piece of new text as it arrives (either part may be ''). */
  onDelta?: (content: string, reasoning: string) => void;
}

export interface ChatResult {
  content: string;
  reasoning: string;
  finishReason: string | null;
  usage: Usage | null;
  /** Stream chunks that were not valid JSON and were skipped (0 or absent when none). */
  skippedChunks?: number;
  /** Links the service said the answer cites (annotations, `citations`); absent when none. */
  citations?: WireCitation[];
  /** The tool calls the model asked for in this round (absent or empty: none). */
  toolCalls?: AssembledToolCall[];
}

/** One link a service's `annotations` (url_citation) or `citations` names. */
export interface WireCitation {
  url: string;
  title?: string;
}

/** One tool call put together from the stream's pieces (or read whole). */
export interface AssembledToolCall {
  id: string;
  name: string;
  /** The arguments text as the model wrote it (maybe not JSON). */
  arguments: string;
}

/**
 * The turn of one request to go to the service. Until it is settled no other request is let go:
 * the account's interval counts from when this one leaves, not from when its turn came.
 */
export interface RequestSlot {
  /**
   * The request is leaving now (fetch is called): the next may leave an interval later. Called
   * again when the request is seen on the wire (its connection open, its headers written), the
   * interval counts from then.
   */
  departed(): void;
  /** The request never left (cancelled, or its body could not be built); no-op once departed. */
  release(): void;
}

/** How core reaches the scheduler; the client takes one slot per HTTP attempt. */
export interface RequestScheduler {
  /** Resolves with the slot when the account may send its next request; rejects if signal aborts. */
  reserveSlot(priority: Priority, signal?: AbortSignal): Promise<RequestSlot>;
  /** After a 429: no request before this epoch ms. */
  holdUntil(epochMs: number): void;
  /** "Retry now": requests may start at once again; false when no hold was in force. */
  liftHold(): boolean;
  /** The long hold in force now (one a person is told about), or null. */
  currentHold(): ServiceHold | null;
  /** The service answered without a 429: the FAST plan may speed up. */
  recordAnswered(): void;
  /** The service answered 429 (rate_limited): the FAST plan slows down. */
  recordRateLimited(): void;
  /** Milliseconds between two requests leaving now (the margin of shared/rate.ts comes on top). */
  intervalMs(): number;
  /** customPerSecond: the rate of the custom plan (kept for later when another plan is chosen). */
  setPlan(plan: RatePlan, customPerSecond?: number): void;
}

export interface ServiceClient {
  listModels(opts?: CallOptions): Promise<ModelInfo[]>;
  getBalance(opts?: CallOptions): Promise<Balance>;
  /** Streams (SSE) and resolves with the whole answer; rejects with ServiceError. */
  chatStream(req: ChatRequest, opts?: ChatStreamOptions): Promise<ChatResult>;
  /** Non-streaming chat completion. */
  chat(req: ChatRequest, opts?: CallOptions): Promise<ChatResult>;
}

/** Where the debug listener is, when it is not the base URL's host on port + 1. */
export interface DebugConnection {
  debugBaseUrl?: string;
}

export interface EmbeddingsRequest {
  model: string;
  input: string | string[];
  encoding_format?: 'float';
}

export interface EmbeddingsResult {
  model: string | null;
  vectors: number[][];
  usage: Usage | null;
}

export interface DecisionQuestion {
  type: 'noul' | 'choice' | 'score';
  instructions: string;
  criteria: Record<string, string> | string[];
}

export interface DecisionsRequest {
  model: string;
  state: string;
  questions: Record<string, DecisionQuestion>;
}

export type DecisionAnswer =
  | { type: 'noul'; noul: number }
  | {
      type: 'choice';
      choice: string;
      probabilities?: Record<string, number>;
      confidence?: number;
    }
  | {
      type: 'score';
      score: number | string;
      probabilities?: Record<string, number>;
      legend?: unknown;
      confidence?: number;
    };

export interface DecisionsResult {
  model: string | null;
  answers: Record<string, DecisionAnswer>;
  usage: Usage | null;
}

export interface ImageRequest {
  model: string;
  prompt: string;
  size?: string;
  aspect_ratio?: string;
  /** Defaults to b64_json, so results never depend on a foreign URL staying up. */
  response_format?: 'b64_json' | 'url';
  /** Data URIs of source images, sent as image_url, image2_url ... image10_url (at most 10). */
  sourceImages?: string[];
}

export interface GeneratedImage {
  b64: string | null;
  url: string | null;
  revisedPrompt: string | null;
}

export interface ImageResult {
  images: GeneratedImage[];
  usage: Usage | null;
}

export interface TranscriptionRequest {
  file: Uint8Array;
  filename: string;
  mimeType?: string;
  model: string;
  response_format?: 'json' | 'verbose_json' | 'text';
  language?: string;
}

export interface TranscriptionResult {
  text: string;
  /** verbose_json segments (diarization models), as the service gives them. */
  segments: unknown[] | null;
  language: string | null;
  /** usage.cost of JSON answers, when the service reports it. */
  cost?: string | null;
}

export interface SpeechRequest {
  model: string;
  input: string;
  voice?: string;
  response_format?: string;
  seconds_total?: number;
}

export interface BinaryResult {
  bytes: Buffer;
  mimeType: string;
  /** What the service charged (X-Cost header or the JSON answer), when it says. */
  cost?: string | null;
}

export interface ExtractTextRequest {
  /** A FileBase64 streams the stored file from disk into the body (streamed-body.ts). */
  encoded_base64_file: Base64Field;
  filename: string;
  model: string;
  return_images?: boolean;
}

export interface ExtractedPage {
  index: number;
  markdown: string;
  images: { id: string; imageBase64: string }[];
}

export interface ExtractTextResult {
  text: string;
  pages: ExtractedPage[] | null;
  /** page_count (or pages_processed) when the service says. */
  pageCount?: number | null;
  cost?: string | null;
}

export interface VideoRequest {
  model: string;
  prompt: string;
  aspect_ratio: string;
  duration?: number;
  image_url?: string;
  end_image_url?: string;
}

export type VideoPhase = 'running' | 'completed' | 'failed';

export interface VideoStatus {
  /** The service's own status value (IN_QUEUE, processing, COMPLETED, ...). */
  status: string;
  phase: VideoPhase;
  url: string | null;
  reason: string | null;
}

export interface SdTxt2ImgResult {
  /** Base64 images in the stable-diffusion answer's order. */
  images: string[];
  info: unknown;
}

export interface DebugExchange {
  status: number;
  contentType: string | null;
  /** The answer's body (text, at most 20,000 characters), with the key masked. */
  body: string;
}

export interface DebugLatestCall {
  status: number;
  /** What the debug listener recorded (JSON when it parses, text otherwise), key masked. */
  call: unknown;
}

export interface FullServiceClient extends ServiceClient {
  embeddings(req: EmbeddingsRequest, opts?: CallOptions): Promise<EmbeddingsResult>;
  decisions(req: DecisionsRequest, opts?: CallOptions): Promise<DecisionsResult>;
  generateImage(req: ImageRequest, opts?: CallOptions): Promise<ImageResult>;
  /** /images/edits (multipart); the service routes to the model mapped for `<model>-imgedit`. */
  editImage(req: ImageRequest, opts?: CallOptions): Promise<ImageResult>;
  transcribe(req: TranscriptionRequest, opts?: CallOptions): Promise<TranscriptionResult>;
  /** Text to speech or music; a JSON {url} answer is downloaded. */
  speech(req: SpeechRequest, opts?: CallOptions): Promise<BinaryResult>;
  extractText(req: ExtractTextRequest, opts?: CallOptions): Promise<ExtractTextResult>;
  videoGenerate(
    req: VideoRequest,
    opts?: CallOptions,
  ): Promise<{ requestId: string; cost: string | null }>;
  videoStatus(requestId: string, opts?: CallOptions): Promise<VideoStatus>;
  /** Fetches a result file; the key is sent only when the file is on the service's own origin. */
  downloadFile(url: string, opts?: DownloadOptions): Promise<BinaryResult>;
  sdTxt2img(payload: Record<string, unknown>, opts?: CallOptions): Promise<SdTxt2ImgResult>;
  /** Sends a request to the debug listener (path relative to the debug base, e.g. /chat/completions). */
  sendToDebug(
    path: string,
    body: unknown,
    opts?: CallOptions & DebugConnection,
  ): Promise<DebugExchange>;
  /** What the debug listener saw last; at most once per 20 s (earlier calls fail without a request). */
  latestDebugCall(opts?: CallOptions & DebugConnection): Promise<DebugLatestCall>;
}
