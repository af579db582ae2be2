// Service failures as UserErrors: a failed answer classified by its status and words (read by error-body.ts, error-wording.ts), thrown errors, the key masked.
import { formatBytes } from '../../../shared/format';
import type { ErrorCode, UserError } from '../../../shared/types';
import {
  embeddedStatus,
  errorCodeInBody,
  isJsonError,
  looksLikeHtml,
  readErrorBody,
} from './error-body';
import { codeFromWording, contextDetails } from './error-wording';

/** What a chat stream had delivered before it failed, so the caller can keep it. */
export interface PartialAnswer {
  content: string;
  reasoning: string;
}

export class ServiceError extends Error {
  readonly error: UserError;
  /** Set when a chat stream failed (cut, cancelled) after text had arrived. */
  readonly partial: PartialAnswer | null;

  constructor(error: UserError, partial: PartialAnswer | null = null) {
    super(error.message);
    this.name = 'ServiceError';
    this.error = error;
    this.partial = partial;
  }
}

const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'rate_limited',
  'refused',
  'upstream_timeout',
  'model_unavailable',
  'server_error',
  'bad_gateway',
  'malformed_response',
  'network',
  'cancelled',
  'unknown',
]);

/** Our own words, used only when the service gave none. */
const FALLBACK_TEXT: Record<ErrorCode, string> = {
  no_key: 'No API key is set.',
  key_unknown: 'The service does not know this API key.',
  foreign_key: 'This is a key of another provider; the service needs its own key.',
  no_funds: 'The account has not enough funds for this request.',
  per_request_limit: 'The expected cost exceeds the per-request limit set in the account.',
  not_in_plan: 'This model is not available on the subscription plan.',
  no_subscription: 'The account has no active subscription.',
  context_exceeded: "The conversation does not fit in the model's context.",
  max_tokens_too_large: 'max_tokens is too large for this model.',
  moderation: "The model's moderation refused this request.",
  too_large: 'The request is too large for the service.',
  rate_limited: 'Too many requests; the service asks to wait.',
  refused: 'The service refused the request.',
  upstream_timeout: 'The model provider did not answer in time.',
  model_unavailable: 'The model is unavailable right now.',
  bad_request: 'The service rejected the request.',
  server_error: 'The service had an internal error.',
  bad_gateway: 'The call failed between the service and the model provider.',
  malformed_response: 'The service answered something that could not be read.',
  network: 'The service cannot be reached.',
  bad_base_url: 'The base URL does not point at the service API.',
  cancelled: 'Cancelled.',
  invalid_input: 'The request is not valid.',
  not_found: 'Not found.',
  storage: 'Could not read or write local data.',
  encryption_unavailable: 'Encryption is not available on this system.',
  unknown: 'Something went wrong.',
};

export function userError(
  code: ErrorCode,
  message: string | null,
  status: number | null = null,
  details?: UserError['details'],
): UserError {
  const text = message && message.trim() ? message.trim() : FALLBACK_TEXT[code];
  const error: UserError = { code, message: text, status, retryable: RETRYABLE.has(code) };
  if (details && Object.keys(details).length > 0) error.details = details;
  return error;
}

export function serviceError(
  code: ErrorCode,
  message: string | null,
  status: number | null = null,
  details?: UserError['details'],
): ServiceError {
  return new ServiceError(userError(code, message, status, details));
}

/** Replaces the key (and anything in a key's place in service URLs) so it is never shown or logged. */
export function maskSecrets(text: string, apiKey: string | null | undefined): string {
  let out = text;
  if (apiKey && apiKey.length >= 4) out = out.split(apiKey).join(maskKey(apiKey));
  return out
    .replace(/(\/sdapi\/)([^/\s?#]+)(\/sdapi\/)/g, (_m, a: string, k: string, b: string) =>
      k.startsWith('****') ? `${a}${k}${b}` : `${a}${maskKey(k)}${b}`,
    )
    .replace(/([?&]key=)([^&\s#"']+)/gi, (_m, a: string, k: string) =>
      k.startsWith('****') ? `${a}${k}` : `${a}${maskKey(k)}`,
    )
    .replace(/\b(Bearer|Authorization["']?:\s*["']?Key)\s+(?!\*\*\*\*)[^\s"',}]+/gi, '$1 ****');
}

function maskKey(key: string): string {
  return key.length > 8 ? `****${key.slice(-4)}` : '****';
}

const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'key_unknown',
  402: 'no_funds',
  403: 'moderation',
  408: 'upstream_timeout',
  413: 'too_large',
  429: 'rate_limited',
  430: 'rate_limited',
  500: 'server_error',
  502: 'bad_gateway',
  503: 'model_unavailable',
  504: 'upstream_timeout',
};

/** Wording that names the account or request is trusted over the status; gateway markers too. */
const WORDING_OVER_STATUS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'foreign_key',
  'key_unknown',
  'per_request_limit',
  'no_funds',
  'not_in_plan',
  'no_subscription',
  'max_tokens_too_large',
  'context_exceeded',
  'upstream_timeout',
  'bad_gateway',
]);

/** Words on a 429 that still mean "wait": the rate itself, or a model or provider busy for now. */
const WAITING_WORDS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'rate_limited',
  'model_unavailable',
  'upstream_timeout',
]);

/** A text that only restates the status ("429", "HTTP error 429") describes nothing. */
const STATUS_ONLY = /^[^\p{L}]*(?:(?:https?|error|status|code)[^\p{L}]*)*$/iu;

/** A 404/405 that says the path itself is unknown: the base URL does not lead to the API. */
const ROUTE_MISSING =
  /cannot (?:get|post)|not found:? (?:get|post|\/)|no (?:such )?(?:route|endpoint|handler)|unknown (?:path|endpoint|route|url)|page not found|not allowed on|^404 not found$/i;

export interface HttpFailure {
  status: number;
  bodyText: string;
  contentType?: string | null;
  /** Milliseconds the service asked to wait (Retry-After), when it said. */
  retryAfterMs?: number | null;
  apiKey?: string | null;
}

/**
 * Maps a failed HTTP answer (or a 200 whose body is an error) to a UserError. The exact texts are
 * not documented, so the wording is matched on meaning; the service's own text stays the message.
 */
export function errorFromHttp(failure: HttpFailure): UserError {
  const { bodyText, contentType } = failure;
  const status = failure.status === 200 ? (embeddedStatus(bodyText) ?? 200) : failure.status;
  const html = looksLikeHtml(bodyText, contentType);
  const raw = readErrorBody(bodyText, contentType);
  const message = raw ? maskSecrets(raw, failure.apiKey) : null;
  const code0 = errorCodeInBody(bodyText);
  const byWords =
    (raw ? codeFromWording(raw) : null) ??
    (code0 ? codeFromWording(code0.replace(/[_.-]+/g, ' ')) : null);
  const byStatus = STATUS_CODES[status] ?? null;

  let code: ErrorCode;
  if (byWords && WORDING_OVER_STATUS.has(byWords)) code = byWords;
  // The document's own refusals (no funds, no subscription, a bad key) may come as 429 in texts
  // it does not show, so no wording list is ever complete: a 429 that describes itself in words
  // that are not about waiting, and sets no Retry-After, is told as the service's words. Whether
  // it may still be the rate is http.ts's to judge, from the pace Atelier kept.
  else if (
    byStatus === 'rate_limited' &&
    message &&
    !STATUS_ONLY.test(message) &&
    failure.retryAfterMs == null &&
    !(byWords && WAITING_WORDS.has(byWords))
  )
    code = 'refused';
  else if (byStatus)
    code = byStatus === 'server_error' && byWords === 'model_unavailable' ? byWords : byStatus;
  else if (status === 404 || status === 405)
    code =
      html || !isJsonError(bodyText) || ROUTE_MISSING.test(raw ?? '')
        ? 'bad_base_url'
        : 'not_found';
  else if (byWords) code = byWords;
  else if (status >= 400 && status < 500) code = 'bad_request';
  else if (status >= 500) code = 'server_error';
  else code = 'unknown';

  const details: Record<string, string | number | boolean> = {};
  if (code === 'context_exceeded' && raw) Object.assign(details, contextDetails(raw));
  if (code === 'rate_limited' && failure.retryAfterMs != null)
    details.retryAfterMs = failure.retryAfterMs;
  const fallback =
    code === 'bad_base_url' ? `${FALLBACK_TEXT.bad_base_url} (HTTP ${status})` : null;
  const error = userError(code, message ?? fallback ?? httpFallback(code, status), status, details);
  // Only words read from the answer are the service's; a fallback is ours.
  if (message) error.fromService = true;
  return error;
}

/** The service's words for refusing a request's `tools` (a model without tool calling). */
const TOOLS_REFUSED = /tool/i;

/**
 * A failure of a request that offered tools, read for a refusal of the tools themselves: a 400
 * whose words name them gets `details.reason: 'tools_refused'`, which the page words as what to
 * do (turn off Use tools, or pick a model with tools). Anything else is returned as it is.
 */
export function readToolsRefusal(error: UserError): UserError {
  if (error.status !== 400 || !TOOLS_REFUSED.test(error.message)) return error;
  return { ...error, details: { ...error.details, reason: 'tools_refused' } };
}

function httpFallback(code: ErrorCode, status: number): string {
  return `${FALLBACK_TEXT[code]} (HTTP ${status})`;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ECONNRESET',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

function errorName(e: unknown): string | null {
  return e && typeof e === 'object' && 'name' in e && typeof e.name === 'string' ? e.name : null;
}

function causeCode(e: unknown): string | null {
  let current: unknown = e;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Any thrown value as a UserError: ServiceErrors as they are, aborts as 'cancelled', fetch failures as 'network'. */
export function toUserError(e: unknown, apiKey?: string | null): UserError {
  if (e instanceof ServiceError) return e.error;
  const name = errorName(e);
  if (name === 'AbortError') return userError('cancelled', null);
  const message = e instanceof Error ? maskSecrets(e.message, apiKey) : null;
  const code = causeCode(e);
  if (code && NETWORK_CODES.has(code)) {
    const cause = (e as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? maskSecrets(cause.message, apiKey) : code;
    return userError('network', `${FALLBACK_TEXT.network} (${detail})`, null, { cause: code });
  }
  if (
    code === 'ERR_INVALID_URL' ||
    (name === 'TypeError' && /invalid url|parse url/i.test(message ?? ''))
  )
    return userError('bad_base_url', message);
  // A request carrying a file refuses redirects (http.ts): the address points somewhere else.
  const cause = (e as { cause?: unknown } | null)?.cause;
  if (name === 'TypeError' && cause instanceof Error && cause.message === 'unexpected redirect')
    return userError(
      'bad_base_url',
      'The service address redirected the request elsewhere, and a file is not sent on to another address. Check the base URL in Settings.',
    );
  if (name === 'TypeError' && /fetch failed|network|socket/i.test(message ?? ''))
    return userError('network', message);
  if (name === 'SyntaxError') return userError('malformed_response', message);
  return userError('unknown', message);
}

/**
 * An answer past one of Atelier's caps (shared/service-limits.ts), said in words. The status is
 * the service's (it answered, and may have charged); `details.reason` lets the page word it.
 */
export function answerCapError(
  what: string,
  limit: number,
  unit: 'bytes' | 'characters',
  status: number | null,
  partial: PartialAnswer | null = null,
): ServiceError {
  const size = unit === 'bytes' ? formatBytes(limit) : `${limit.toLocaleString('en')} characters`;
  const end = partial
    ? 'so it was cut there; what arrived before is kept.'
    : 'so Atelier stopped reading it.';
  return new ServiceError(
    userError('too_large', `${what} passed Atelier's limit of ${size}, ${end}`, status, {
      reason: 'answer_cap',
      limit,
      unit,
    }),
    partial,
  );
}

/**
 * A body that failed while being read: a body declared compressed (Content-Encoding) that does
 * not decode is said as such; a dropped connection and the rest as toUserError says them.
 */
export function bodyReadFailure(
  e: unknown,
  encoding: string | null,
  apiKey: string | null,
): UserError {
  const error = toUserError(e, apiKey);
  if (
    !encoding ||
    encoding === 'identity' ||
    error.code === 'network' ||
    error.code === 'cancelled'
  )
    return error;
  const cause = (e as { cause?: unknown } | null)?.cause;
  const why = cause instanceof Error ? ` (${maskSecrets(cause.message, apiKey)})` : '';
  return userError(
    'malformed_response',
    `The service's answer is declared as compressed (${encoding}) but could not be decompressed${why}.`,
    200,
  );
}
