// Service failures as UserErrors: reading error bodies, classifying the service's wording, masking the key.
import { formatBytes } from '../../../shared/format';
import type { ErrorCode, UserError } from '../../../shared/types';

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
  context_exceeded: "The conversation does not fit in the model's context.",
  max_tokens_too_large: 'max_tokens is too large for this model.',
  moderation: "The model's moderation refused this request.",
  too_large: 'The request is too large for the service.',
  rate_limited: 'Too many requests; the service asks to wait.',
  upstream_timeout: 'The model provider did not answer in time.',
  model_unavailable: 'The model is unavailable right now.',
  bad_request: 'The service rejected the request.',
  server_error: 'The service had an internal error.',
  bad_gateway: 'The service could not reach the model provider.',
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

const MAX_MESSAGE = 500;

function shorten(text: string, max = MAX_MESSAGE): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function looksLikeHtml(text: string, contentType?: string | null): boolean {
  if (contentType && /html/i.test(contentType)) return true;
  return /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** A short readable line from an HTML error page: its title and heading, never the markup. */
export function htmlToShortText(html: string): string {
  const body = html.replace(/<(script|style|noscript)[\s\S]*?<\/\1\s*>/gi, ' ');
  const title = stripTags(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1] ?? '');
  const heading = stripTags(/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body)?.[1] ?? '');
  let text: string;
  if (title && heading && !title.includes(heading) && !heading.includes(title))
    text = `${title}: ${heading}`;
  else if (title || heading) text = title.length >= heading.length ? title : heading;
  else text = stripTags(body.replace(/<head[\s\S]*?<\/head\s*>/i, ' '));
  return shorten(text, 200);
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value : null;
  if (value && typeof value === 'object') {
    const nested = value as Record<string, unknown>;
    return textOf(nested.message) ?? textOf(nested.reason) ?? textOf(nested.detail);
  }
  return null;
}

/**
 * The error text inside a JSON body, in every shape clients meet: {error: {message}},
 * {error: "text"}, {message}, {status: "error", reason}, {detail}. Null when the body is no error.
 */
export function errorTextInBody(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const o = body as Record<string, unknown>;
  if (o.error !== undefined && o.error !== null && o.error !== false) {
    return textOf(o.error) ?? textOf(o.message) ?? JSON.stringify(o.error).slice(0, MAX_MESSAGE);
  }
  if (typeof o.status === 'string' && /^(error|fail(ed|ure)?)$/i.test(o.status)) {
    return textOf(o.reason) ?? textOf(o.message) ?? textOf(o.detail) ?? o.status;
  }
  return null;
}

/** Whether a 200 body is in fact an error object (it has no result fields beside the error). */
export function isErrorBody(body: unknown): boolean {
  if (errorTextInBody(body) === null) return false;
  const o = body as Record<string, unknown>;
  return !('choices' in o) && !('data' in o && o.data) && !('text' in o) && !('request_id' in o);
}

/** The readable text of any error body: JSON shapes, plain text, HTML pages (shortened). */
export function readErrorBody(bodyText: string, contentType?: string | null): string | null {
  const trimmed = bodyText.trim();
  if (!trimmed) return null;
  if (looksLikeHtml(trimmed, contentType)) return htmlToShortText(trimmed) || null;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const found = errorTextInBody(parsed);
      if (found) return shorten(found);
      const message = textOf(parsed);
      if (message) return shorten(message);
    } catch {
      // Not JSON after all: shown as text below.
    }
  }
  return shorten(trimmed);
}

function numberAfter(text: string, pattern: RegExp): number | null {
  const m = pattern.exec(text);
  return m?.[1] ? Number(m[1]) : null;
}

function contextDetails(text: string): UserError['details'] {
  const details: Record<string, number> = {};
  const limit = numberAfter(
    text,
    /(?:context(?: length| size| window)?|limit|maximum)\D{0,25}?(\d{3,9})\s*(?:tokens)?/i,
  );
  const needed = numberAfter(
    text,
    /(?:requested|needed|required|you (?:sent|have))\D{0,15}(\d{2,9})/i,
  );
  if (limit !== null) details.limit = limit;
  if (needed !== null) details.needed = needed;
  return details;
}

/**
 * The service's wording, in English and in Russian (the service may answer in either), matched
 * on meaning because the exact texts are not documented. Order matters: the first match wins.
 */
const WORDING: ReadonlyArray<readonly [ErrorCode, RegExp]> = [
  [
    'foreign_key',
    /foreign[ _]key|(?:needs?|requires?|use)\s+(?:its|our|the service'?s?|an?)\s+own\s+(?:api\s+)?key|key (?:of|from) (?:an)?other provider|(?:another|other|foreign) provider'?s? key|openai key|not (?:a|our) (?:api )?key|ключ\S* (?:друго|сторонн|чуж)\S* (?:провайдер|сервис)|(?:нуж|требу)\S* (?:собственн|сво)\S* ключ/i,
  ],
  [
    'key_unknown',
    /user\b[^.]{0,40}\bnot found|not found[^.]{0,20}\buser|(?:unknown|invalid|incorrect|wrong|bad|unrecogni[sz]ed) (?:api[ -]?)?key|(?:api[ -]?)?key[^.]{0,30}(?:not found|unknown|invalid|not valid|not recogni[sz]ed)|no such (?:user|key)|unauthori[sz]ed|not authenticated|пользовател\S*[^.]{0,40}не найден|(?:неверн|недействительн|неизвестн|некорректн|неправильн)\S* (?:api[- ]?)?ключ|ключ\S*[^.]{0,30}(?:не найден|недействител|неверн|не распознан)|нет api[- ]?ключа/i,
  ],
  [
    'per_request_limit',
    /per[- ]?request|(?:cost|price|spend(?:ing)?) limit|limit per request|request (?:cost|price) (?:limit|exceeds)|exceeds?[^.]{0,40}\blimit\b[^.]{0,30}\bsettings|лимит\S* (?:на (?:один )?запрос|стоимости)/i,
  ],
  [
    'no_funds',
    /insufficient|not enough (?:funds|money|balance|credits)|no (?:funds|money|credits)|(?:low|negative|zero) balance|balance is (?:too )?(?:low|empty|zero)|top[- ]?up|out of (?:funds|credits)|(?:exceeds?|more than|greater than)[^.]{0,40}\b(?:funds|balance|credits)|(?:funds|balance|credits)[^.]{0,30}(?:insufficient|not enough|too low|exceeded)|недостаточно (?:средств|денег|кредитов)|нет средств|пополните баланс|баланс\S*[^.]{0,20}(?:недостаточ|исчерпан|отрицател|нулев)/i,
  ],
  [
    'not_in_plan',
    /(?:plan|subscription|tariff)[^.]{0,60}(?:not (?:available|included|allowed|supported|permitted)|unavailable|does(?:n't| not) include|excludes?|outside)|(?:not (?:available|included|allowed)|unavailable|outside)[^.]{0,40}(?:plan|subscription|tariff)|no (?:active )?subscription|subscription (?:expired|ended|inactive|required)|(?:тариф|подписк)\S*[^.]{0,60}(?:недоступ|не входит|не включ)|(?:недоступн|не входит|не включен)\S*[^.]{0,40}(?:тариф|подписк)|нет (?:активной )?подписки|подписк\S* (?:истекл|закончил|неактивн)|срок подписки (?:истёк|истек)/i,
  ],
  [
    'max_tokens_too_large',
    /max[_ ]?tokens\W{0,3}(?:is |are |value |of \d+ )?(?:too (?:large|big|high)|exceeds?|greater)|at most \d+ (?:output|completion) tokens|max(?:imum)? (?:output|completion|new) tokens|(?:слишком больш|превышает)\S*[^.]{0,20}max[_ ]?tokens/i,
  ],
  [
    'context_exceeded',
    /context(?:[_ ](?:length|size|window|limit))|(?:length|size|window|limit) of (?:the )?context|too many tokens|prompt is too long|input is too long|exceeds? (?:the )?(?:model'?s? )?(?:context|token limit)|tokens? exceed|(?:размер|длин|окн)\S* контекста|контекст\S*[^.]{0,30}(?:превыш|не помещ)|превыш\S*[^.]{0,30}контекст|слишком (?:много токенов|длинн\S* (?:запрос|промпт))/i,
  ],
  ['max_tokens_too_large', /max[_ ]?tokens/i],
  [
    'moderation',
    /moderat|content (?:policy|filter)|flagged|safety (?:system|policy)|модерац|политик\S* (?:безопасности|контента)/i,
  ],
  [
    'rate_limited',
    /too many requests|rate[- ]?limit|requests? too (?:frequent|often)|слишком (?:частые|часто|много) (?:запрос|обращ)|превышен\S*[^.]{0,20}(?:лимит|частот)\S*[^.]{0,20}запрос/i,
  ],
  [
    'upstream_timeout',
    /EDGE_FUNCTION_INVOCATION_TIMEOUT|gateway time-?out|upstream[^.]{0,20}tim(?:ed|e) ?out|(?:провайдер|модель)\S*[^.]{0,30}не ответил/i,
  ],
  ['bad_gateway', /EDGE_FUNCTION_INVOCATION_FAILED|bad gateway/i],
  [
    'model_unavailable',
    /cold[- ]?start|temporarily unavailable|(?:model|provider|service)[^.]{0,40}(?:unavailable|not available|overloaded|disabled|loading)|\bunavailable\b|\bdisabled\b|is loading|overloaded|временно недоступн|(?:модель|провайдер)\S*[^.]{0,40}(?:недоступн|перегружен|отключен|загружа)|холодн\S* старт/i,
  ],
];

function codeFromWording(text: string): ErrorCode | null {
  for (const [code, pattern] of WORDING) if (pattern.test(text)) return code;
  return null;
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
  'max_tokens_too_large',
  'context_exceeded',
  'upstream_timeout',
  'bad_gateway',
]);

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

/** The machine code some bodies carry beside the text, e.g. {error: {code: "insufficient_funds"}}. */
function errorCodeInBody(bodyText: string): string | null {
  try {
    const body = JSON.parse(bodyText) as Record<string, unknown> | null;
    const inner =
      body && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : null;
    for (const value of [inner?.code, inner?.type, body?.code])
      if (typeof value === 'string' && /[a-z]/i.test(value)) return value;
  } catch {
    // Not JSON: no code.
  }
  return null;
}

/** A 200 error body may carry the real status: {error: {code: 504}} or {status: 429}. */
function embeddedStatus(bodyText: string): number | null {
  try {
    const body = JSON.parse(bodyText) as Record<string, unknown> | null;
    const inner =
      body && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : null;
    for (const value of [inner?.code, inner?.status, body?.code, body?.status]) {
      const n = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
      if (typeof n === 'number' && n >= 400 && n < 600) return n;
    }
  } catch {
    // Not JSON: no embedded status.
  }
  return null;
}

function httpFallback(code: ErrorCode, status: number): string {
  return `${FALLBACK_TEXT[code]} (HTTP ${status})`;
}

function isJsonError(bodyText: string): boolean {
  try {
    return errorTextInBody(JSON.parse(bodyText)) !== null;
  } catch {
    return false;
  }
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
