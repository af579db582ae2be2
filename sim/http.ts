// HTTP plumbing of the simulator: errors and the body shapes they take, request bodies, replies.
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How an endpoint words its errors. The service is not uniform, so clients must read all:
 * openai {error: {message}}, error-text {error: "text"}, message {message},
 * status-reason {status: "error", reason}, plain (a text body). The document says only that an
 * error is its status and "a JSON body with error text", so every body carries the text alone: no
 * machine code or other field a client could read instead of the words.
 */
export type ErrorStyle = 'openai' | 'error-text' | 'message' | 'status-reason' | 'plain';

export interface SimErrorOptions {
  /** The simulator's own name for the failure, for its code and its readers; never sent. */
  code?: string | number;
  headers?: Record<string, string>;
  /** Forces a body form whatever the endpoint's style (the gateway's own 502/504 are text). */
  style?: ErrorStyle;
  /** A raw body sent as is (the HTML error page). */
  raw?: { contentType: string; body: string };
  /** The same text in Russian, sent when the simulator speaks Russian (the real service may). */
  ru?: string;
  /**
   * A rejection by the service's own validation (no funds, no subscription, unknown key): the
   * document says these come as 400 or 429, so the server picks the status (see SimSettings).
   */
  validation?: boolean;
}

export class SimHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: SimErrorOptions = {},
  ) {
    super(message);
  }
}

export const EDGE_TIMEOUT = 'EDGE_FUNCTION_INVOCATION_TIMEOUT';
export const EDGE_FAILED = 'EDGE_FUNCTION_INVOCATION_FAILED';

/** A failure the gateway itself injects (timeouts, rate, upstream errors), by status. */
/** retryAfterSeconds: the Retry-After of a 429 (default 1). */
export function gatewayFailure(status: number, retryAfterSeconds = 1): SimHttpError {
  switch (status) {
    case 504:
      return new SimHttpError(504, `An error occurred with your deployment\n\n${EDGE_TIMEOUT}\n`, {
        style: 'plain',
        code: EDGE_TIMEOUT,
      });
    case 502:
      return new SimHttpError(502, `An error occurred with your deployment\n\n${EDGE_FAILED}\n`, {
        style: 'plain',
        code: EDGE_FAILED,
      });
    case 429:
      return new SimHttpError(429, 'Rate limit exceeded upstream. Try again shortly.', {
        code: 'rate_limited',
        ru: 'Превышен лимит запросов у провайдера. Повторите чуть позже.',
        headers: { 'Retry-After': String(retryAfterSeconds) },
      });
    case 503:
      return new SimHttpError(503, 'The model is temporarily unavailable. Try again later.', {
        code: 'model_unavailable',
        ru: 'Модель временно недоступна. Повторите позже.',
      });
    default:
      return new SimHttpError(status, 'Internal server error', {
        code: 'server_error',
        ru: 'Внутренняя ошибка сервера.',
      });
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendBytes(
  res: ServerResponse,
  status: number,
  contentType: string,
  bytes: Buffer | string,
  headers: Record<string, string> = {},
): void {
  const body = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': String(body.length),
    ...headers,
  });
  res.end(body);
}

/** How the server words and numbers an error: its language and a validation rejection's status. */
export interface ErrorDelivery {
  language: 'en' | 'ru';
  /** The status a validation rejection gets this time (400 or 429). */
  validationStatus: number;
}

export function sendError(
  res: ServerResponse,
  error: SimHttpError,
  style: ErrorStyle,
  delivery: ErrorDelivery = { language: 'en', validationStatus: 400 },
): void {
  const { options } = error;
  const status = options.validation ? delivery.validationStatus : error.status;
  const message = delivery.language === 'ru' && options.ru ? options.ru : error.message;
  const headers = options.headers ?? {};
  if (options.raw)
    return sendBytes(res, status, options.raw.contentType, options.raw.body, headers);
  switch (options.style ?? style) {
    case 'plain':
      return sendBytes(res, status, 'text/plain; charset=utf-8', message, headers);
    case 'error-text':
      return sendJson(res, status, { error: message }, headers);
    case 'message':
      return sendJson(res, status, { message }, headers);
    case 'status-reason':
      return sendJson(res, status, { status: 'error', reason: message }, headers);
    case 'openai':
      return sendJson(res, status, { error: { message } }, headers);
  }
}

export const MAX_BODY_BYTES = 60 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else parts.push(part);
    });
    req.on('end', () => {
      if (tooLarge)
        reject(
          new SimHttpError(413, 'Payload too large', {
            code: 'payload_too_large',
            ru: 'Слишком большой запрос.',
          }),
        );
      else resolve(Buffer.concat(parts));
    });
    req.on('error', reject);
  });
}

/** A JSON object body, or the 400 a malformed one gets. */
export function parseJsonObject(body: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new SimHttpError(400, 'Request body is not valid JSON', {
      code: 'invalid_json',
      ru: 'Тело запроса не является корректным JSON.',
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SimHttpError(400, 'Request body must be a JSON object', {
      code: 'invalid_json',
      ru: 'Тело запроса должно быть объектом JSON.',
    });
  return value as Record<string, unknown>;
}

/** Field readers that answer the service's 400 when a field has the wrong type. */
export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '')
    throw new SimHttpError(400, `Field '${field}' is required and must be a non-empty string`, {
      code: 'invalid_request',
      ru: `Поле '${field}' обязательно и должно быть непустой строкой.`,
    });
  return value;
}

export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw new SimHttpError(400, `Field '${field}' must be a string`, {
      code: 'invalid_request',
      ru: `Поле '${field}' должно быть строкой.`,
    });
  return value;
}

export function optionalInteger(body: Record<string, unknown>, field: string): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new SimHttpError(400, `Field '${field}' must be an integer`, {
      code: 'invalid_request',
      ru: `Поле '${field}' должно быть целым числом.`,
    });
  return value;
}
