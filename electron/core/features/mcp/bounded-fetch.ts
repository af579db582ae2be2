// What an HTTP MCP server's answers may take: each message (a JSON answer, one server-sent event) within
// MCP_MESSAGE_BYTES and a page of the tool list within MCP_TOOL_LIMITS.pageBytes; no more of it is read.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

export interface ByteLimits {
  /** Any one message. */
  messageBytes: number;
  /** The answer to a tools/list request. */
  listBytes: number;
}

/** A message past its limit: it was not read further. */
export class MessageTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The server's answer was larger than ${megabytes(limitBytes)} MB, so it was not read.`);
    this.name = 'MessageTooLargeError';
  }
}

export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** Our own request's body (the SDK sends one JSON-RPC message as JSON text). */
function asksForToolList(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    const message = JSON.parse(body) as { method?: unknown } | null;
    return !Array.isArray(message) && message?.method === 'tools/list';
  } catch {
    return false;
  }
}

const LF = 10;
const CR = 13;

/**
 * The body, counted as it arrives. A JSON answer is one message; in an event stream a blank line
 * ends each event, so each is counted on its own. Past `limit` the body fails and the rest of it
 * is never read (the connection under it is cancelled).
 */
function capped(
  body: ReadableStream<Uint8Array>,
  limit: number,
  events: boolean,
  over: (error: MessageTooLargeError) => void,
): ReadableStream<Uint8Array> {
  let count = 0;
  let lineEmpty = true;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!events) count += chunk.length;
        else
          for (const byte of chunk) {
            if (byte === LF) {
              if (lineEmpty) count = 0;
              lineEmpty = true;
            } else if (byte !== CR) {
              lineEmpty = false;
              count++;
            }
            if (count > limit) break;
          }
        if (count > limit) {
          const error = new MessageTooLargeError(limit);
          over(error);
          controller.error(error);
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

/** Statuses whose answer has no body to read, and redirects, which the SDK reads itself. */
function passedThrough(status: number): boolean {
  return status === 101 || status === 204 || status === 205 || (status >= 300 && status < 400);
}

/**
 * A fetch for the SDK's Streamable HTTP transport that caps what each answer may take; `over` is
 * told when one was cut (the SDK may only see a failed stream).
 */
export function boundedFetch(
  limits: ByteLimits,
  over: (error: MessageTooLargeError) => void,
  base: FetchLike = fetch,
): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body || passedThrough(response.status)) return response;
    const events = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    const limit = asksForToolList(init?.body) ? limits.listBytes : limits.messageBytes;
    return new Response(capped(response.body, limit, events, over), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
