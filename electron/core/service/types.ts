// The service client's surface: what the rest of core may ask of the service, in wire terms.
import type { Balance, ErrorCode, ModelInfo, RatePlan, Usage } from '../../../shared/types';

export type Priority = 'user' | 'background';

export interface ServiceConnection {
  /** Ends with /v1, e.g. http://127.0.0.1:7070/v1 */
  baseUrl: string;
  apiKey: string | null;
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
}

export type WireContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: string | { url: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: string } };

export interface WireMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | WireContentPart[];
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
}

/** How core reaches the scheduler; the client takes one slot per HTTP attempt. */
export interface RequestScheduler {
  /** Resolves when the account may send its next request; rejects if signal aborts. */
  reserveSlot(priority: Priority, signal?: AbortSignal): Promise<void>;
  /** After a 429: no request before this epoch ms. */
  holdUntil(epochMs: number): void;
  setPlan(plan: RatePlan): void;
}

export interface ServiceClient {
  listModels(opts?: CallOptions): Promise<ModelInfo[]>;
  getBalance(opts?: CallOptions): Promise<Balance>;
  /** Streams (SSE) and resolves with the whole answer; rejects with ServiceError. */
  chatStream(req: ChatRequest, opts?: ChatStreamOptions): Promise<ChatResult>;
  /** Non-streaming chat completion. */
  chat(req: ChatRequest, opts?: CallOptions): Promise<ChatResult>;
}
