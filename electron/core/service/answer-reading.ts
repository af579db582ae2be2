// Reading the service's answer: a failed one as a ServiceError from its first words and Retry-After; a JSON one refused when it is a web page, broken, or a 200 error body.
import { ANSWER_MAX_BYTES } from '../../../shared/service-limits';
import { htmlToShortText, isErrorBody, looksLikeHtml } from './error-body';
import { errorFromHttp, ServiceError, serviceError } from './errors';

export interface AttemptContext {
  apiKey: string | null;
  /** A failure during the read, said as cancel or timeout when it was one. */
  explain(e: unknown): ServiceError;
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** Up to `maxBytes` of a body as text; the rest is never read (the body is cancelled). */
async function readHead(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let read = 0;
  try {
    while (read < maxBytes) {
      const { value, done } = await reader.read();
      if (done) return text + decoder.decode();
      const part = value.subarray(0, maxBytes - read);
      read += part.byteLength;
      text += decoder.decode(part, { stream: true });
    }
    return text + decoder.decode();
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** The failed answer as a ServiceError (its first words read, Retry-After noted, key masked). */
export async function failureOf(
  res: Response,
  apiKey: string | null,
  nowMs: number,
): Promise<ServiceError> {
  // A failed answer is read for its words only, so a huge or endless error body costs nothing.
  const bodyText = await readHead(res, ANSWER_MAX_BYTES.error).catch(() => '');
  return new ServiceError(
    errorFromHttp({
      status: res.status,
      bodyText,
      contentType: res.headers.get('content-type'),
      retryAfterMs: parseRetryAfter(res.headers.get('retry-after'), nowMs),
      apiKey,
    }),
  );
}

export interface JsonAnswer {
  json: unknown;
  text: string;
}

/** A JSON answer; failures, web pages, broken JSON and 200 error objects become ServiceErrors. */
export async function readJsonAnswer(
  res: Response,
  ctx: AttemptContext,
  nowMs: number,
): Promise<JsonAnswer> {
  if (!res.ok) throw await failureOf(res, ctx.apiKey, nowMs);
  const text = await res.text();
  return parseJsonAnswer(text, res.headers.get('content-type'), ctx.apiKey);
}

export function parseJsonAnswer(
  text: string,
  contentType: string | null,
  apiKey: string | null,
  opts: { keepErrorBodies?: boolean } = {},
): JsonAnswer {
  if (looksLikeHtml(text, contentType))
    throw serviceError(
      'bad_base_url',
      `The address answered with a web page ("${htmlToShortText(text)}"), not the service API.`,
      200,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw serviceError(
      'malformed_response',
      text.trim()
        ? 'The service answered text that is not valid JSON.'
        : 'The service answered an empty body.',
      200,
    );
  }
  if (!opts.keepErrorBodies && isErrorBody(json))
    throw new ServiceError(errorFromHttp({ status: 200, bodyText: text, contentType, apiKey }));
  return { json, text };
}
