// How a call fails or is tried again: the error codes, the error the person is shown, the envelope.

/** Stable codes for every way a call can fail; the renderer turns each into words and advice. */
export type ErrorCode =
  | 'no_key'
  | 'key_unknown'
  | 'foreign_key'
  | 'no_funds'
  | 'per_request_limit'
  | 'not_in_plan'
  | 'no_subscription'
  | 'context_exceeded'
  | 'max_tokens_too_large'
  | 'moderation'
  | 'too_large'
  | 'rate_limited'
  /** A 429 whose words are neither a rate limit nor a reason Atelier knows: the words are the reason. */
  | 'refused'
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

/** An automatic resend of a user's request after a 429 or 504, for a "retrying" note. */
export interface ServiceRetry {
  attempt: number;
  maxAttempts: number;
  reason: ErrorCode;
}
